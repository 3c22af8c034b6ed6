// Package pagesfn composes the pages function: the pages a person opens
// (claim, sign-in, OAuth authorization and consent, the service's own
// checkout and billing portal links, the page that finishes connecting a push integration)
// and the owner's dashboard. The dashboard runs each of its reads and
// actions in the agent-API endpoint's own function, invoked directly with
// the signed-in owner's principal (gateway.RemoteAgentAPI), so this
// function links the pages and what has no API endpoint, not the agent
// API. It is its own package because only this function renders HTML
// templates.
package pagesfn

import (
	"maps"
	"net/http"
	"net/url"

	"rvcontent/shared/compose"
	"rvcontent/shared/compose/contentbase"
	apiedge "rvcontent/shared/edge/api"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/pages"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/oauth"
)

// HTTP returns the pages group's handler; inv runs the agent-API groups'
// functions.
func HTTP(g *compose.Graph, inv gateway.Invoker) http.Handler {
	return compose.PageGroup(g, routes.Pages, Handlers(g, inv), notFound)
}

// notFound answers a page whose path parameter cannot exist. A link's
// token gets the 404 page at once; a dashboard page (a site, article, key
// ... id) goes on: it first sends a signed-out browser to sign in, then
// asks the agent API, whose chain answers 404 for the id without a lookup.
func notFound(w http.ResponseWriter, r *http.Request, p routes.Param, next http.Handler) {
	if p.Kind != routes.TokenParam {
		next.ServeHTTP(w, r)
		return
	}
	pages.BadLink(w, r, p.NotFound)
}

// Handlers returns the pages' handlers by route key.
func Handlers(g *compose.Graph, inv gateway.Invoker) map[string]http.HandlerFunc {
	cfg := g.Config
	owners := &pages.Owners{Sessions: compose.Sessions(g), BaseURL: cfg.BaseURL}
	host := ""
	if u, err := url.Parse(cfg.BaseURL); err == nil {
		host = u.Host
	}
	api := &pages.API{Handler: gateway.RemoteAgentAPI(inv, compose.Seal(g)), Host: host}
	signIn := &pages.SignIn{Owners: owners, API: api}
	consent := &pages.Consent{Owners: owners, OAuth: compose.OAuth(g)}
	claims := &pages.Claims{Owners: owners, Accounts: compose.Claims(g)}
	dashboard := &pages.Dashboard{
		Owners: owners, API: api, Clock: g.Clock,
		Limiter: compose.Counters(g), Budget: apiedge.Budget{Limit: cfg.AccountRequestsPerMinute, Window: compose.Minute},
	}
	// The service's own checkout and portal links open the processor's
	// page in the billing function.
	billing := &pages.API{Handler: gateway.Remote(inv, compose.Seal(g), routes.Billing), Host: host}
	hs := map[string]http.HandlerFunc{
		"GET /claim/{token}":         claims.Show,
		"POST /claim/{token}":        claims.Submit,
		"GET /checkout/{token}":      (&pages.Checkouts{Billing: billing}).Open,
		"GET /portal/{token}":        (&pages.Portals{Billing: billing}).Open,
		"GET " + oauth.AuthorizePath: consent.Authorize,
		"GET " + oauth.ConsentPath:   consent.Show,
		"POST " + oauth.ConsentPath:  consent.Submit,
		"GET /signin":                signIn.Show,
		"POST /signin":               signIn.Submit,
		"GET /signin/verify":         signIn.Verify,
		"POST /signin/verify":        signIn.Redeem,
		"GET /signout":               signIn.SignOutPage,
		"POST /signout":              signIn.SignOut,
	}
	maps.Copy(hs, (&pages.IntegrationConnect{Service: contentbase.IntegrationConnect(g)}).Handlers())
	maps.Copy(hs, dashboard.Handlers())
	return hs
}
