package pages

import (
	"context"
	"encoding/json"
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

// RemoteCheckouts opens checkout links in the billing function: Handler
// serves routes.OpenCheckoutSession there (gateway.Remote: Lambda Invoke in
// AWS, in-process in the dev stack), so the pages function links no
// payment processor's client.
type RemoteCheckouts struct {
	Handler http.Handler
	// Host is the service's host name the requests are addressed to.
	Host string
}

// OpenCheckout asks the billing function to open the checkout behind token.
func (c RemoteCheckouts) OpenCheckout(ctx context.Context, token string) (string, error) {
	path := strings.Replace(routes.OpenCheckoutSession.Path, "{token}", url.PathEscape(token), 1)
	r, err := http.NewRequestWithContext(ctx, routes.OpenCheckoutSession.Method, path, nil)
	if err != nil {
		return "", apperr.Wrap("pages.OpenCheckout", err)
	}
	r.Host = c.Host
	if ip := auth.IP(ctx); ip != "" {
		r.RemoteAddr = ip + ":0"
	}
	r.Header.Set("Accept", "application/json")
	w := &answer{header: http.Header{}}
	c.Handler.ServeHTTP(w, r)
	if w.status == 0 || w.status == http.StatusOK {
		var ok struct {
			URL string `json:"url"`
		}
		if err := json.Unmarshal(w.body.Bytes(), &ok); err != nil || ok.URL == "" {
			return "", apperr.Wrap("pages.OpenCheckout", fmt.Errorf("unreadable answer %q", w.body.String()))
		}
		return ok.URL, nil
	}
	var e apiError
	if json.Unmarshal(w.body.Bytes(), &e) != nil || e.Message == "" || e.Code == "" {
		return "", apperr.Wrap("pages.OpenCheckout", fmt.Errorf("status %d: %q", w.status, w.body.String()))
	}
	return "", apperr.New(apperr.Code(e.Code), e.Message)
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
