package pages

import (
	"errors"
	"net/http"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apperr"
)

// Checkouts serves the service's own checkout links (billing.CheckoutLinks):
// opening one redirects the owner to the payment processor's checkout.
type Checkouts struct {
	Billing *billing.Service
}

// Open redirects to the processor's checkout behind the link, or explains
// on a page why it cannot.
func (c *Checkouts) Open(w http.ResponseWriter, r *http.Request) {
	to, err := c.Billing.OpenCheckout(r.Context(), r.PathValue("token"))
	if err == nil {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		http.Redirect(w, r, to, http.StatusSeeOther)
		return
	}
	var e *apperr.Error
	errors.As(err, &e)
	// Each page leads on to Billing, where a new checkout starts or the
	// subscription shows (sign-in first, for a browser without a session).
	switch apperr.CodeOf(err) {
	case apperr.NotFound:
		Render(w, http.StatusNotFound, "notice.html", notice{Title: "Checkout link not valid", Text: e.Message, Alert: true, Link: billingPage, LinkText: "Go to Billing"})
	case apperr.Conflict:
		Render(w, http.StatusConflict, "notice.html", notice{Title: "Nothing to pay here", Text: e.Message, Link: billingPage, LinkText: "Go to Billing"})
	default:
		Render(w, http.StatusServiceUnavailable, "notice.html", notice{
			Title: "Checkout unavailable", Text: "The payment page cannot be opened right now. Please try the link again in a few minutes.", Alert: true,
			Link: billingPage, LinkText: "Go to Billing",
		})
	}
}
