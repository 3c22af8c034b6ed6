package pages

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/routes"
)

// Portals serves the service's own billing portal links (billing.Links):
// opening one redirects the owner to a new session of the payment
// processor's billing portal.
type Portals struct {
	Billing PortalOpener
}

// PortalOpener opens a session of the processor's billing portal behind a
// portal link token and returns its address (billing.Service.OpenPortal's
// errors: not_found, conflict, or another for a processor that cannot be
// reached).
type PortalOpener interface {
	OpenPortal(ctx context.Context, token string) (string, error)
}

// OpenPortal opens the billing portal behind a portal link token in the
// billing function (routes.OpenPortalSession; see openSession).
func (a *API) OpenPortal(ctx context.Context, token string) (string, error) {
	return a.openSession(ctx, routes.OpenPortalSession, token, "pages.OpenPortal")
}

// portalPage is what a portal link's page says when it cannot open.
var portalPage = linkPage{
	invalid: "Billing portal link not valid", conflict: "No subscription to manage",
	down: "Billing portal unavailable", downText: "The billing portal cannot be opened right now. Please try the link again in a few minutes.",
}

// Open redirects to the processor's billing portal behind the link, or
// explains on a page why it cannot.
func (p *Portals) Open(w http.ResponseWriter, r *http.Request) {
	portalPage.serve(w, r, p.Billing.OpenPortal)
}
