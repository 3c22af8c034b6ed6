package pages

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/routes"
)

// Checkouts serves the service's own checkout links (billing.Links):
// opening one redirects the owner to the payment processor's checkout.
type Checkouts struct {
	Billing CheckoutOpener
}

// CheckoutOpener opens the processor's checkout behind a checkout link
// token and returns its address (billing.Service.OpenCheckout's errors:
// not_found, conflict, or another for a processor that cannot be reached).
type CheckoutOpener interface {
	OpenCheckout(ctx context.Context, token string) (string, error)
}

// OpenCheckout opens the checkout behind a checkout link token in the
// billing function (routes.OpenCheckoutSession; see openSession).
func (a *API) OpenCheckout(ctx context.Context, token string) (string, error) {
	return a.openSession(ctx, routes.OpenCheckoutSession, token, "pages.OpenCheckout")
}

// checkoutPage is what a checkout link's page says when it cannot open.
var checkoutPage = linkPage{
	invalid: "Checkout link not valid", conflict: "Nothing to pay here",
	down: "Checkout unavailable", downText: "The payment page cannot be opened right now. Please try the link again in a few minutes.",
}

// Open redirects to the processor's checkout behind the link, or explains
// on a page why it cannot.
func (c *Checkouts) Open(w http.ResponseWriter, r *http.Request) {
	checkoutPage.serve(w, r, c.Billing.OpenCheckout)
}
