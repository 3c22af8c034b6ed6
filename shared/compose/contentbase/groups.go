package contentbase

import (
	"net/http"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/agentapi/presenceapi"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/openapi"
	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/sitekeys"
)

// ForumHTTP is forum presence's group.
func ForumHTTP(g *compose.Graph) http.Handler {
	return compose.Group(g, routes.Forum, (&presenceapi.Forum{Forum: Forum(g)}).Handlers(), nil)
}

// PublicHTTP is the public articles API.
func PublicHTTP(g *compose.Graph) http.Handler {
	hs := compose.Merge(PublicAPI(g).Handlers(), map[string]http.HandlerFunc{"GET " + routes.PublicOpenAPIPath: openapi.Public})
	return compose.Group(g, routes.Public, hs, PublicAPI(g).Middleware)
}

// PublicAPI serves the public articles API.
func PublicAPI(g *compose.Graph) *publicapi.Server {
	return compose.Once(g, kPublicAPI{}, func() *publicapi.Server {
		return &publicapi.Server{
			Keys: SiteKeys(g), Sites: compose.Sites(g), Billing: compose.Billing(g), Articles: ArticleStore(g), Recorder: Recorder(g),
			Counters: compose.Counters(g), Clock: g.Clock, DashboardURL: g.Config.DashboardURL, Known: api.NewRemembered[sitekeys.Holder](), Lapsed: api.NewRemembered[bool](),
			PerIP: g.Config.PublicRequestsPerIP, PerAccount: g.Config.PublicRequestsPerAccount,
		}
	})
}
