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

// The service's own links to the payment processor's hosted pages
// (checkout, billing portal) each open the processor's page in the billing
// function and redirect there; these are the parts they share.

// openSession asks the function a.Handler runs in to open the processor's
// page behind a link token, at route (routes.OpenCheckoutSession,
// routes.OpenPortalSession: the billing function, through gateway.Remote:
// Lambda Invoke in AWS, in-process in the dev stack), so the pages
// function links no payment processor's client. It returns the page's
// address. The billing function's refusals keep their code; an answer that
// cannot be read is an error of its own, wrapped as op.
func (a *API) openSession(ctx context.Context, route routes.Route, token, op string) (string, error) {
	target := strings.Replace(route.Path, "{token}", url.PathEscape(token), 1)
	status, body, err := a.exchange(ctx, route.Method, target, auth.IP(ctx), nil, "")
	if err != nil {
		return "", apperr.Wrap(op, err)
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
		return "", apperr.Wrap(op, fmt.Errorf("answer %d %q: %v", status, body, err))
	}
	return opened.URL, nil
}

// linkPage is what the page of one kind of link says when the processor's
// page behind it cannot be opened.
type linkPage struct {
	// invalid titles a link that is not valid (not_found).
	invalid string
	// conflict titles a link with nothing behind it now (conflict).
	conflict string
	// down and downText title and explain a processor that cannot be
	// reached.
	down, downText string
}

// serve redirects to the processor's page open finds behind the link's
// token, or explains on a page why it cannot.
func (p linkPage) serve(w http.ResponseWriter, r *http.Request, open func(ctx context.Context, token string) (string, error)) {
	// The opening is counted against the visitor's address, as the page is.
	ctx := auth.WithIP(r.Context(), api.ClientIP(r))
	to, err := open(ctx, r.PathValue("token"))
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
		Render(w, http.StatusNotFound, "notice.html", notice{Title: p.invalid, Text: e.Message, Alert: true, Link: billingPage, LinkText: "Go to Billing"})
	case apperr.Conflict:
		Render(w, http.StatusConflict, "notice.html", notice{Title: p.conflict, Text: e.Message, Link: billingPage, LinkText: "Go to Billing"})
	default:
		Render(w, http.StatusServiceUnavailable, "notice.html", notice{
			Title: p.down, Text: p.downText, Alert: true, Link: billingPage, LinkText: "Go to Billing",
		})
	}
}
