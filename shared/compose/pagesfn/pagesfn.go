// Package pagesfn composes the pages function: the pages a person opens
// (claim, sign-in, OAuth authorization and consent, the service's own
// checkout links, the page that finishes connecting a push integration)
// and the owner's dashboard. It is its own package because only this
// function renders HTML templates.
package pagesfn

import (
	"maps"
	"net/http"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/pages"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/oauth"
)

// HTTP returns the pages group's handler.
func HTTP(g *compose.Graph) http.Handler {
	return compose.PageGroup(g, routes.Pages, Handlers(g), notFound)
}

// notFound answers a page whose path parameter cannot exist. A link's
// token gets the 404 page at once; a dashboard page (a site or agent key
// id) first sends a signed-out browser to sign in, so it runs with the
// parameter marked and answers its own not-found page without a lookup.
func notFound(w http.ResponseWriter, r *http.Request, p routes.Param, next http.Handler) {
	if p.Kind != routes.TokenParam {
		next.ServeHTTP(w, api.MarkImpossible(r, p.Name))
		return
	}
	pages.Render(w, http.StatusNotFound, "message.html", pages.Message{Title: "Link not valid", Text: p.NotFound})
}

// Handlers returns the pages' handlers by route key.
func Handlers(g *compose.Graph) map[string]http.HandlerFunc {
	cfg := g.Config
	owners := &pages.Owners{Sessions: compose.Sessions(g), BaseURL: cfg.BaseURL}
	signIn := &pages.SignIn{Owners: owners}
	consent := &pages.Consent{Owners: owners, OAuth: compose.OAuth(g)}
	claims := &pages.Claims{Accounts: compose.Accounts(g)}
	dashboard := &pages.Dashboard{
		Owners: owners, Accounts: compose.Accounts(g), Billing: compose.Billing(g), Sites: compose.Sites(g),
		Credentials: compose.Credentials(g), Webhooks: compose.Webhooks(g),
	}
	hs := map[string]http.HandlerFunc{
		"GET /claim/{token}":         claims.Show,
		"POST /claim/{token}":        claims.Submit,
		"GET /checkout/{token}":      (&pages.Checkouts{Billing: compose.Billing(g)}).Open,
		"GET " + oauth.AuthorizePath: consent.Authorize,
		"GET " + oauth.ConsentPath:   consent.Show,
		"POST " + oauth.ConsentPath:  consent.Submit,
		"GET /signin":                signIn.Show,
		"POST /signin":               signIn.Submit,
		"GET /signin/verify":         signIn.Verify,
		"POST /signout":              signIn.SignOut,
	}
	maps.Copy(hs, (&pages.IntegrationConnect{Service: compose.Integrations(g)}).Handlers())
	maps.Copy(hs, dashboard.Handlers())
	return hs
}
