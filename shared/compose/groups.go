package compose

import (
	"maps"
	"net/http"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/oauthserver"
	"rvcontent/shared/edge/openapi"
	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/oauth"
	"rvcontent/shared/feature/sitekeys"
)

// The edge parts.
type (
	kPublicAPI struct{}
	kOAuth     struct{}
)

// HTTP returns the handler of an endpoint group composed here (every group
// but the owner's pages, the MCP server and the payment processor's
// webhooks, which have their own packages). A function calls its own
// group's function instead (AccountsHTTP, ...), so its binary carries the
// code of that group's parts only.
func HTTP(g *Graph, group routes.Group) http.Handler {
	switch group {
	case routes.Accounts:
		return AccountsHTTP(g)
	case routes.Sites:
		return SitesHTTP(g)
	case routes.Content:
		return ContentHTTP(g)
	case routes.Backlinks:
		return BacklinksHTTP(g)
	case routes.Forum:
		return ForumHTTP(g)
	case routes.Billing:
		return BillingHTTP(g)
	case routes.Events:
		return EventsHTTP(g)
	case routes.Public:
		return PublicHTTP(g)
	case routes.OAuth:
		return OAuthHTTP(g)
	}
	panic("compose: group " + string(group) + " is composed in its own package")
}

// AccountsHTTP is the accounts group: accounts, agent keys, activity and
// jobs (and API Gateway's $default route, the JSON 404).
func AccountsHTTP(g *Graph) http.Handler {
	return Group(g, routes.Accounts, merge(
		(&agentapi.Accounts{Accounts: Accounts(g), Credentials: Credentials(g)}).Handlers(),
		(&agentapi.Activity{Log: Activity(g)}).Handlers(),
		(&agentapi.Jobs{Jobs: JobStore(g)}).Handlers(),
		map[string]http.HandlerFunc{"GET " + routes.AgentOpenAPIPath: openapi.Agent}), nil)
}

// SitesHTTP is the sites group: sites, scans and Studio sites.
func SitesHTTP(g *Graph) http.Handler {
	return Group(g, routes.Sites, merge(
		(&agentapi.Sites{Sites: Sites(g)}).Handlers(),
		(&agentapi.SiteHandlers{Settings: SiteSettings(g), Scans: Scans(g)}).Handlers(),
		(&agentapi.Studio{Service: Studio(g)}).Handlers()), nil)
}

// ContentHTTP is the content group: articles, writing, autopilot,
// keywords, research and rank, site keys, integrations and credits.
func ContentHTTP(g *Graph) http.Handler {
	return Group(g, routes.Content, merge(
		(&agentapi.Articles{Articles: Articles(g)}).Handlers(),
		(&agentapi.Writing{Articles: Articles(g), Writing: Writing(g), Publish: Publish(g)}).Handlers(),
		(&agentapi.Autopilot{Autopilot: Autopilot(g)}).Handlers(),
		(&agentapi.Keywords{Keywords: Keywords(g)}).Handlers(),
		(&agentapi.Research{Research: Research(g), Rank: Rank(g)}).Handlers(),
		(&agentapi.SiteKeys{Keys: SiteKeys(g)}).Handlers(),
		(&agentapi.Integrations{Integrations: Integrations(g)}).Handlers(),
		(&agentapi.Credits{Service: Credits(g), Sites: Sites(g)}).Handlers()), nil)
}

// BacklinksHTTP is the backlink exchange's group.
func BacklinksHTTP(g *Graph) http.Handler {
	return Group(g, routes.Backlinks, (&agentapi.Backlinks{Service: Backlinks(g)}).Handlers(), nil)
}

// ForumHTTP is forum presence's group.
func ForumHTTP(g *Graph) http.Handler {
	return Group(g, routes.Forum, (&agentapi.Forum{Forum: Forum(g)}).Handlers(), nil)
}

// BillingHTTP is the billing group.
func BillingHTTP(g *Graph) http.Handler {
	return Group(g, routes.Billing, (&agentapi.Billing{Service: Billing(g), Owners: Owners(g)}).Handlers(), nil)
}

// EventsHTTP is the events feed and webhook endpoints' group.
func EventsHTTP(g *Graph) http.Handler {
	return Group(g, routes.Events, merge(
		(&agentapi.Events{Events: EventStore(g)}).Handlers(),
		(&agentapi.Webhooks{Service: Webhooks(g)}).Handlers()), nil)
}

// PublicHTTP is the public articles API.
func PublicHTTP(g *Graph) http.Handler {
	hs := merge(PublicAPI(g).Handlers(), map[string]http.HandlerFunc{"GET " + routes.PublicOpenAPIPath: openapi.Public})
	return Group(g, routes.Public, hs, PublicAPI(g).Middleware)
}

// OAuthHTTP is the OAuth authorization server's machine endpoints:
// discovery, registration, token and revocation.
func OAuthHTTP(g *Graph) http.Handler {
	meta := &oauthserver.Metadata{BaseURL: g.Config.BaseURL}
	return Group(g, routes.OAuth, merge((&oauthserver.Endpoints{Service: OAuth(g)}).Handlers(), map[string]http.HandlerFunc{
		"GET /.well-known/oauth-protected-resource":     meta.ProtectedResource,
		"GET /.well-known/oauth-protected-resource/mcp": meta.ProtectedResource,
		"GET /.well-known/oauth-authorization-server":   meta.AuthorizationServer,
	}), nil)
}

// merge returns the handlers of every set in one map.
func merge(sets ...map[string]http.HandlerFunc) map[string]http.HandlerFunc {
	out := map[string]http.HandlerFunc{}
	for _, s := range sets {
		maps.Copy(out, s)
	}
	return out
}

// PublicAPI serves the public articles API.
func PublicAPI(g *Graph) *publicapi.Server {
	return once(g, kPublicAPI{}, func() *publicapi.Server {
		return &publicapi.Server{
			Keys: SiteKeys(g), Sites: Sites(g), Billing: Billing(g), Articles: ArticleStore(g), Recorder: Recorder(g),
			Counters: Counters(g), Clock: g.Clock, DashboardURL: g.Config.DashboardURL, Known: api.NewRemembered[sitekeys.Holder](),
			PerIP: g.Config.PublicRequestsPerIP, PerAccount: g.Config.PublicRequestsPerAccount,
		}
	})
}

// OAuth is the authorization server's rules: clients, requests, consent,
// tokens and revocation.
func OAuth(g *Graph) *oauth.Service {
	return once(g, kOAuth{}, func() *oauth.Service {
		perHour := 0 // oauth.DefaultRegistrationsPerHour
		if g.Config.DevMode {
			perHour = 1000 // local tests register many apps from one address
		}
		return &oauth.Service{
			Table: Table(g), Clock: g.Clock, Counters: Counters(g), Credentials: Credentials(g), Tokens: Tokens(g),
			RegistrationsPerHour: perHour,
		}
	})
}
