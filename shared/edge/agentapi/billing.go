package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
)

// Billing serves the billing endpoints (spec 4.9).
type Billing struct {
	Service *billing.Service
	// Owners gives the owner's email, whom the checkout is opened for.
	Owners interface {
		OwnerEmail(ctx context.Context, accountID string) (string, error)
	}
}

// Handlers returns the billing handlers by route key.
func (h *Billing) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.GetBilling.Key():          h.get,
		routes.CreateCheckoutLink.Key():  h.checkout,
		routes.CreatePortalLink.Key():    h.portal,
		routes.ActivateBilling.Key():     h.activate,
		routes.GetStudioQuote.Key():      h.quote,
		routes.OpenCheckoutSession.Key(): h.openLink(h.Service.OpenCheckout),
		routes.OpenPortalSession.Key():   h.openLink(h.Service.OpenPortal),
	}
}

// openLink serves the opening of the processor's page behind one of the
// service's own links (a checkout or portal link) for the link's page, in
// the pages function (routes.OpenCheckoutSession, routes.OpenPortalSession):
// open finds the page's address behind the token.
func (h *Billing) openLink(open func(ctx context.Context, token string) (string, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		api.Run(w, r, http.StatusOK, func(ctx context.Context) (string, error) {
			return open(ctx, r.PathValue("token"))
		}, func(url string) any { return map[string]string{"url": url} })
	}
}

func (h *Billing) get(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (billing.Billing, error) {
		return h.Service.Get(ctx, Caller(r).AccountID)
	}, func(b billing.Billing) any { return map[string]any{"billing": b} })
}

func (h *Billing) checkout(w http.ResponseWriter, r *http.Request) {
	if api.Decode(w, r) == nil {
		return // the body, if any, must be JSON
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (billing.Checkout, error) {
		id := Caller(r).AccountID
		email, err := h.Owners.OwnerEmail(ctx, id)
		if err != nil {
			return billing.Checkout{}, err
		}
		return h.Service.Checkout(ctx, id, email)
	}, func(c billing.Checkout) any { return map[string]any{"checkout": c} })
}

func (h *Billing) portal(w http.ResponseWriter, r *http.Request) {
	if api.Decode(w, r) == nil {
		return // the body, if any, must be JSON
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (billing.Portal, error) {
		return h.Service.Portal(ctx, Caller(r).AccountID)
	}, func(p billing.Portal) any { return map[string]any{"portal": p} })
}

func (h *Billing) activate(w http.ResponseWriter, r *http.Request) {
	if api.Decode(w, r) == nil {
		return // the body, if any, must be JSON
	}
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (billing.Activated, error) {
		return h.Service.Activate(ctx, Caller(r).AccountID, requestKey(r))
	}, func(a billing.Activated) any { return a })
}

func (h *Billing) quote(w http.ResponseWriter, r *http.Request) {
	api.Run(w, r, http.StatusOK, func(ctx context.Context) (billing.Quote, error) {
		return h.Service.Quote(ctx, Caller(r).AccountID)
	}, func(q billing.Quote) any { return map[string]any{"studio_quote": q} })
}
