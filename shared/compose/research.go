package compose

import (
	"log/slog"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/rank"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/platform/model/bedrock"
)

var _ research.Researcher = (*bedrock.Model)(nil)

// wireResearch wires keywords, research runs, rank and the scan's plan
// stage (called from wireContent, after wireSites): the keyword, research
// and rank endpoints, the research job runner, and the planner of the
// site.scan runner. The daily no-plan research limit asks billing whether
// the account has a trial or plan.
func (a *App) wireResearch() {
	t, c := a.Table, a.Clock
	kwStore := &keywords.Store{Table: t}
	a.Keywords = &keywords.Service{Table: t, Clock: c, Sites: a.Sites, Store: kwStore}
	a.Research = &research.Service{Table: t, Clock: c, Sites: a.Sites, Jobs: a.Enqueuer, Counters: a.Counters, AI: a.AI}
	if a.Billing != nil {
		a.Research.PlanActive = a.Billing.PlanActive
	}
	plans := &research.Plans{Table: t, Clock: c, Keywords: kwStore, Articles: a.ArticleStore, Events: a.Events}
	var researcher research.Researcher
	if r, ok := a.model().(research.Researcher); ok {
		researcher = r
	}
	a.JobWorker.Runners[research.Kind] = &research.Runner{
		Plans: plans, Sites: a.Sites, Scans: &scans.Store{Table: t, Sites: a.Sites}, Model: researcher,
	}
	if scan, ok := a.JobWorker.Runners[scans.Kind].(*scans.Runner); ok {
		scan.Planner = &research.Planner{Plans: plans, Model: researcher}
	} else {
		slog.Error("no site.scan runner to plan for: scans will plan nothing")
	}
	a.register((&agentapi.Keywords{Keywords: a.Keywords}).Handlers())
	a.register((&agentapi.Research{Research: a.Research, Rank: &rank.Service{Sites: a.Sites, Keywords: kwStore, Articles: a.ArticleStore}}).Handlers())
}
