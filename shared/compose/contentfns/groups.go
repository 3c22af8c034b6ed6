package contentfns

import (
	"net/http"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/agentapi/contentapi"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/openapi"
	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/sitekeys"
)

// The edge parts.
type kPublicAPI struct{}

// ContentHTTP is the content group: articles, writing, autopilot,
// keywords, research and rank, site keys, integrations and credits.
func ContentHTTP(g *compose.Graph) http.Handler {
	return compose.Group(g, routes.Content, compose.Merge(
		(&contentapi.Articles{Articles: Articles(g)}).Handlers(),
		(&contentapi.Writing{Articles: Articles(g), Writing: Writing(g), Publish: Publish(g)}).Handlers(),
		(&contentapi.Autopilot{Autopilot: Autopilot(g)}).Handlers(),
		(&contentapi.Keywords{Keywords: Keywords(g)}).Handlers(),
		(&contentapi.Research{Research: Research(g), Rank: Rank(g)}).Handlers(),
		(&contentapi.SiteKeys{Keys: SiteKeys(g)}).Handlers(),
		(&contentapi.Integrations{Integrations: Integrations(g)}).Handlers(),
		(&contentapi.Credits{Service: compose.Credits(g), Sites: compose.Sites(g)}).Handlers()), nil)
}

// BacklinksHTTP is the backlink exchange's group.
func BacklinksHTTP(g *compose.Graph) http.Handler {
	return compose.Group(g, routes.Backlinks, (&contentapi.Backlinks{Service: Backlinks(g)}).Handlers(), nil)
}

// ForumHTTP is forum presence's group.
func ForumHTTP(g *compose.Graph) http.Handler {
	return compose.Group(g, routes.Forum, (&contentapi.Forum{Forum: Forum(g)}).Handlers(), nil)
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

// HTTP returns the handler of an endpoint group composed here or in
// compose (every group but the owner's pages, the MCP server and the
// payment processor's webhooks, which have their own packages): the dev
// stack serves every group through it. A function calls its own group's
// function instead (compose.AccountsHTTP, ContentHTTP, ...), so it links
// that group's side only.
func HTTP(g *compose.Graph, group routes.Group) http.Handler {
	switch group {
	case routes.Accounts:
		return compose.AccountsHTTP(g)
	case routes.Sites:
		return compose.SitesHTTP(g)
	case routes.Content:
		return ContentHTTP(g)
	case routes.Backlinks:
		return BacklinksHTTP(g)
	case routes.Forum:
		return ForumHTTP(g)
	case routes.Billing:
		return compose.BillingHTTP(g)
	case routes.Events:
		return compose.EventsHTTP(g)
	case routes.Public:
		return PublicHTTP(g)
	case routes.OAuth:
		return compose.OAuthHTTP(g)
	}
	panic("compose: group " + string(group) + " is composed in its own package")
}
