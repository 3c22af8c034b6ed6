package pages

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
)

// Checkouts serves the service's own checkout links (billing.CheckoutLinks):
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
// function a.Handler runs it in: the billing function, which serves
// routes.OpenCheckoutSession (gateway.Remote: Lambda Invoke in AWS,
// in-process in the dev stack), so the pages function links no payment
// processor's client. The billing function's refusals keep their code; an
// answer that cannot be read is an error of its own.
func (a *API) OpenCheckout(ctx context.Context, token string) (string, error) {
	target := strings.Replace(routes.OpenCheckoutSession.Path, "{token}", url.PathEscape(token), 1)
	status, body, err := a.exchange(ctx, routes.OpenCheckoutSession.Method, target, auth.IP(ctx), nil, "")
	if err != nil {
		return "", apperr.Wrap("pages.OpenCheckout", err)
	}
	var opened struct {
		URL string `json:"url"`
	}
	err = decodeAnswer(status, body, &opened)
	var refused *apiError
	switch {
	case errors.As(err, &refused) && refused.Code != "":
		return "", apperr.New(apperr.Code(refused.Code), refused.Message)
	case err != nil || opened.URL == "":
		return "", apperr.Wrap("pages.OpenCheckout", fmt.Errorf("answer %d %q: %v", status, body, err))
	}
	return opened.URL, nil
}

// Open redirects to the processor's checkout behind the link, or explains
// on a page why it cannot.
func (c *Checkouts) Open(w http.ResponseWriter, r *http.Request) {
	// The opening is counted against the visitor's address, as the page is.
	ctx := auth.WithIP(r.Context(), api.ClientIP(r))
	to, err := c.Billing.OpenCheckout(ctx, r.PathValue("token"))
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
