package api

import (
	"context"
	"net/http"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/auth"
)

// Admitter decides whether an account meets an endpoint's requirement
// (billing.Gate).
type Admitter interface {
	// Admit returns nil when the account meets r now (and siteID, when not
	// empty, is the account's site, usable when r.Site is set); otherwise
	// not_found, subscription_required, paid_plan_required or conflict.
	Admit(ctx context.Context, accountID, siteID string, r billing.Requirement) error
}

// Gate is the plan gate: middleware that lets a request through only when
// the caller's account meets r (spec 4.2, Needs column), and answers the
// gate's error otherwise. The route's {site_id} must be the account's.
func Gate(a Admitter, r billing.Requirement) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			p, _ := auth.From(req.Context())
			if err := a.Admit(req.Context(), p.AccountID, req.PathValue("site_id"), r); err != nil {
				Error(w, req, err)
				return
			}
			next.ServeHTTP(w, req)
		})
	}
}
