package compose

import (
	"maps"
	"net/http"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/edge/oauthserver"
	"rvcontent/shared/edge/openapi"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/oauth"
)

// The edge parts.
type (
	kOAuth struct{}
)

// AccountsHTTP is the accounts group: accounts, agent keys, activity and
// jobs (and API Gateway's $default route, the JSON 404).
func AccountsHTTP(g *Graph) http.Handler {
	return Group(g, routes.Accounts, Merge(
		(&agentapi.Accounts{Accounts: Accounts(g), Credentials: Credentials(g)}).Handlers(),
		(&agentapi.Activity{Log: Activity(g), Sites: Sites(g)}).Handlers(),
		(&agentapi.Jobs{Jobs: JobStore(g), Sites: Sites(g)}).Handlers(),
		map[string]http.HandlerFunc{"GET " + routes.AgentOpenAPIPath: openapi.Agent}), nil)
}

// SitesHTTP is the sites group: sites, scans and Studio sites.
func SitesHTTP(g *Graph) http.Handler {
	return Group(g, routes.Sites, Merge(
		(&agentapi.Sites{Sites: Sites(g)}).Handlers(),
		(&agentapi.SiteHandlers{Settings: SiteSettings(g), Scans: Scans(g)}).Handlers(),
		(&agentapi.Studio{Service: Studio(g)}).Handlers()), nil)
}

// BillingHTTP is the billing group.
func BillingHTTP(g *Graph) http.Handler {
	return Group(g, routes.Billing, (&agentapi.Billing{Service: Billing(g), Owners: Owners(g)}).Handlers(), nil)
}

// EventsHTTP is the events feed and webhook endpoints' group.
func EventsHTTP(g *Graph) http.Handler {
	return Group(g, routes.Events, Merge(
		(&agentapi.Events{Events: EventStore(g), Sites: Sites(g)}).Handlers(),
		(&agentapi.Webhooks{Service: Webhooks(g)}).Handlers()), nil)
}

// OAuthHTTP is the OAuth authorization server's machine endpoints:
// discovery, registration, token and revocation.
func OAuthHTTP(g *Graph) http.Handler {
	meta := &oauthserver.Metadata{BaseURL: g.Config.BaseURL}
	return Group(g, routes.OAuth, Merge((&oauthserver.Endpoints{Service: OAuth(g)}).Handlers(), meta.Handlers()), nil)
}

// Merge returns the handlers of every set in one map.
func Merge(sets ...map[string]http.HandlerFunc) map[string]http.HandlerFunc {
	out := map[string]http.HandlerFunc{}
	for _, s := range sets {
		maps.Copy(out, s)
	}
	return out
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
			RegistrationsPerHour:        perHour,
			RequestsPerAddressPerMinute: g.Config.OAuthRequestsPerAddressPerMinute,
		}
	})
}
