package compose

import (
	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/edge/pages"
	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/platform/pushapi"
)

// wirePublishing wires site keys, the public articles API and push
// integrations: the site key endpoints of the agent API; the public API's
// handlers (the router gives routes of auth kind routes.SiteKey the public
// API's own middleware); and the integration endpoints, their connect
// page and the integration.sync job runner. Integrations also push for
// the publish endpoint (publish.Pusher).
func (a *App) wirePublishing() {
	a.SiteKeys = &sitekeys.Service{Table: a.Table, Clock: a.Clock, Sites: a.Sites}
	a.register((&agentapi.SiteKeys{Keys: a.SiteKeys}).Handlers())

	recorder := &liveurls.Recorder{Articles: a.ArticleStore, Events: a.Events, Clock: a.Clock, Verified: verifiedDomains{a}}
	a.PublicAPI = &publicapi.Server{
		Keys: a.SiteKeys, Sites: a.Sites, Billing: a.Billing, Articles: a.ArticleStore, Recorder: recorder,
		Counters: a.Counters, Clock: a.Clock, DashboardURL: a.Config.DashboardURL,
		PerIP: a.Config.PublicRequestsPerIP, PerAccount: a.Config.PublicRequestsPerAccount,
	}
	a.register(a.PublicAPI.Handlers())

	a.Integrations = &integrations.Service{
		Table: a.Table, Clock: a.Clock, Events: a.Events, Sites: a.Sites, Articles: a.ArticleStore,
		Plans: a.Billing, Jobs: a.Enqueuer, Sealer: integrations.NewSealer(a.Config.SecretKey), BaseURL: a.Config.BaseURL,
		Platforms: map[string]integrations.Platform{
			integrations.Platform1: pushapi.NewPlatform1(a.Egress),
			integrations.Platform2: pushapi.NewPlatform2(a.Egress),
		},
	}
	a.register((&agentapi.Integrations{Integrations: a.Integrations}).Handlers())
	a.register((&pages.IntegrationConnect{Service: a.Integrations}).Handlers())
	a.JobWorker.Runners[integrations.SyncKind] = jobs.RunnerFunc(a.Integrations.RunSync)
}
