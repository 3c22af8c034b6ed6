package compose

import (
	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/crawl"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/model"
	"rvcontent/shared/platform/model/bedrock"
)

// wireSites wires sites, scans and the model (issue: sites and the website
// scan): PATCH /sites/{site_id}, the scan endpoints and the site.scan job
// runner. The daily no-plan scan limit asks billing whether the account
// has a trial or plan.
func (a *App) wireSites() {
	t, c := a.Table, a.Clock
	outbound := a.Egress
	if outbound == nil {
		outbound = egress.New(egress.Options{UserAgent: UserAgent})
	}
	store := &scans.Store{Table: t, Sites: a.Sites}
	svc := &scans.Service{Table: t, Clock: c, Jobs: a.Enqueuer, Counters: a.Counters, Sites: a.Sites, Store: store}
	if a.Billing != nil {
		svc.PlanActive = a.Billing.PlanActive
	}
	a.JobWorker.Runners[scans.Kind] = &scans.Runner{
		Table: t, Clock: c, Sites: a.Sites, Events: a.Events,
		Crawler: &crawl.Crawler{Fetcher: outbound}, Model: a.model(),
	}
	h := (&agentapi.SiteHandlers{Settings: &sites.Settings{Table: t, Clock: c, Store: a.Sites}, Scans: svc}).Handlers()
	a.register(h)
}

// model returns the language model the dependencies name, else the
// configured one.
func (a *App) model() model.Model {
	if a.Model != nil {
		return a.Model
	}
	return newModel(a.Config)
}

// newModel returns the configured language model: Bedrock when MODEL is
// bedrock, else the deterministic offline model.
func newModel(cfg config.Config) model.Model {
	if cfg.Model == "bedrock" {
		id := cfg.BedrockModelID
		if id == "" {
			id = bedrock.DefaultModelID
		}
		return bedrock.FromEnvironment(id)
	}
	return model.Offline{}
}
