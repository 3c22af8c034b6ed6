package api

import (
	"context"
	"net/http"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/par"
)

// Admitter decides whether an account meets an endpoint's requirement
// (billing.Gate).
type Admitter interface {
	// Admit returns nil when the account meets r now (and siteID, when not
	// empty, is the account's site, usable when r.Site is set); otherwise
	// not_found, subscription_required, paid_plan_required or conflict.
	Admit(ctx context.Context, accountID, siteID string, r billing.Requirement) error
}

type admissionKey struct{}

// Gate is the plan gate: a request gets through only when the caller's
// account meets r (spec 4.2, Needs column), and is answered the gate's
// error otherwise. The route's {site_id} must be the account's. Its
// reads start as soon as the caller is known (start, placed right after
// authentication), beside the budget count and the idempotency claim; the
// decision is answered where the gate stands in the chain (check), so an
// idempotent replay still comes before it.
func Gate(a Admitter, r billing.Requirement) (start, check func(http.Handler) http.Handler) {
	start = func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			p, _ := auth.From(req.Context())
			ctx, siteID := req.Context(), req.PathValue("site_id")
			d := par.Begin(ctx, func(ctx context.Context) error { return a.Admit(ctx, p.AccountID, siteID, r) })
			next.ServeHTTP(w, req.WithContext(context.WithValue(ctx, admissionKey{}, d)))
		})
	}
	check = func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			d, ok := req.Context().Value(admissionKey{}).(*par.Pending)
			if !ok {
				panic("api: a gate's check without its start")
			}
			if err := d.Wait(req.Context()); err != nil {
				Error(w, req, err)
				return
			}
			next.ServeHTTP(w, req)
		})
	}
	return start, check
}
