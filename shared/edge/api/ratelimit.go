package api

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
)

// Limiter counts requests in fixed windows.
type Limiter interface {
	// Hit counts one request against scope in the current window of the
	// given length.
	Hit(ctx context.Context, scope string, window time.Duration) (ratelimit.Window, error)
}

// Budget is a request budget: limit requests per window.
type Budget struct {
	Limit  int
	Window time.Duration
}

// RateLimit counts the request against the caller's account budget, or the
// caller address's budget when there is no principal, sets the X-RateLimit
// headers on the response and answers 429 rate_limited with Retry-After when
// the budget is spent. A failing counter lets the request through (it is
// logged): availability over strictness.
func RateLimit(l Limiter, account, anonymous Budget) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			scope, b := "ip#"+ClientIP(r), anonymous
			if p, ok := auth.From(r.Context()); ok {
				scope, b = "acct#"+p.AccountID, account
			}
			win, err := l.Hit(r.Context(), "rl#"+scope, b.Window)
			if err != nil {
				slog.WarnContext(r.Context(), "rate limit counter failed", "err", err)
				h.ServeHTTP(w, r)
				return
			}
			remaining := b.Limit - win.Count
			if remaining < 0 {
				remaining = 0
			}
			w.Header().Set("X-RateLimit-Limit", strconv.Itoa(b.Limit))
			w.Header().Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
			w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(win.Resets.Unix(), 10))
			if win.Count > b.Limit {
				e := apperr.New(apperr.RateLimited, "Too many requests. Wait Retry-After seconds, then try again.")
				e.RetryAfter = win.RetryAfter()
				Error(w, r, e)
				return
			}
			h.ServeHTTP(w, r)
		})
	}
}
