package scanjob

import (
	"context"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
)

// Planner is the scan's plan stage: from the site and what the brand and
// analysis stages found, it finds keywords, plans ideas and scheduled
// articles, writes them, and returns the counts the scan reports. A
// retried attempt of the same job must not plan twice: implementations
// resume what the job started. Errors are retried by the jobs worker.
type Planner interface {
	Plan(ctx context.Context, in PlanInput) (PlanCounts, error)
}

// PlanInput is what the plan stage reads.
type PlanInput struct {
	AccountID string
	JobID     string
	Site      sites.Site // the site as the scan began
	Brand     sites.Brand
	Analysis  scans.Analysis
}

// PlanCounts are the plan stage's counts (spec 2 Scan).
type PlanCounts struct {
	KeywordsFound   int
	ArticlesPlanned int
	Ideas           int
	Scheduled       int
}

// plan runs the plan stage on a completed scan and records its counts.
func (r *Runner) plan(ctx context.Context, run *jobs.Run, site sites.Site, sc *scans.Scan) error {
	if r.Planner == nil {
		return nil
	}
	c, err := r.Planner.Plan(ctx, PlanInput{AccountID: run.AccountID, JobID: run.Job.ID, Site: site, Brand: sc.Brand, Analysis: sc.Analysis})
	if err != nil {
		return err
	}
	sc.KeywordsFound, sc.ArticlesPlanned, sc.Ideas, sc.Scheduled = c.KeywordsFound, c.ArticlesPlanned, c.Ideas, c.Scheduled
	return nil
}
