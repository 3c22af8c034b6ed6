// Package jobsfn composes the jobs worker: the runners of every job kind
// (scans, research, writing, integration syncs and forum sweeps). It is its
// own package because only this function reads websites and runs the
// writing model on a job.
package jobsfn

import (
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/backlinksfn"
	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/compose/contentfns"
	"rvcontent/shared/feature/erasure"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/scans/scanjob"
	"rvcontent/shared/feature/writing"
	"rvcontent/shared/platform/crawl"
)

type kJobWorker struct{}

// JobWorker runs queued jobs: scans, research, writing, integration syncs
// forum sweeps and account erasure.
func JobWorker(g *compose.Graph) *jobs.Worker {
	return compose.Once(g, kJobWorker{}, func() *jobs.Worker {
		return &jobs.Worker{Table: compose.Table(g), Clock: g.Clock, Enqueuer: compose.Enqueuer(g), Runners: map[string]jobs.Runner{
			scans.Kind:            ScanRunner(g),
			research.Kind:         ResearchRunner(g),
			writing.Kind:          contentfns.Writing(g),
			integrations.SyncKind: jobs.RunnerFunc(contentfns.Integrations(g).RunSync),
			forum.SweepKind:       jobs.RunnerFunc(contentbase.Forum(g).RunSweep),
			erasure.Kind: &erasure.Runner{
				Table: compose.Table(g), Clock: g.Clock, Jobs: compose.Enqueuer(g), Billing: compose.Billing(g), Backlinks: backlinksfn.Backlinks(g),
			},
		}}
	})
}

// ScanRunner runs site.scan jobs: it reads the website, asks the model
// about it and plans keywords and articles.
func ScanRunner(g *compose.Graph) *scanjob.Runner {
	return &scanjob.Runner{
		Table: compose.Table(g), Clock: g.Clock, Sites: compose.Sites(g), Events: compose.Events(g),
		Crawler: &crawl.Crawler{Fetcher: compose.Egress(g)}, Model: contentbase.Model(g),
		Planner: &research.Planner{Plans: contentfns.Plans(g), Model: contentbase.Model(g)},
	}
}

// ResearchRunner runs research jobs.
func ResearchRunner(g *compose.Graph) *research.Runner {
	return &research.Runner{Plans: contentfns.Plans(g), Sites: compose.Sites(g), Scans: compose.ScanStore(g), Model: contentbase.Model(g)}
}

// Jobs is the jobs queue's consumer.
func Jobs(g *compose.Graph) compose.SQSHandler { return JobWorker(g).Handle }
