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
	"rvcontent/shared/kernel/par"
)

// Limiter counts requests in fixed windows.
type Limiter interface {
	// Hit counts one request against scope in the current window of the
	// given length.
	Hit(ctx context.Context, scope string, window time.Duration) (ratelimit.Window, error)
	// GiveBack takes one request back from the window that counted it
	// (counted, as Hit returned it), even when that window has ended since:
	// a read that ran with a credential then refused (see Authenticate).
	GiveBack(ctx context.Context, scope string, window time.Duration, counted ratelimit.Window) error
}

// Budget is a request budget: limit requests per window.
type Budget struct {
	Limit  int
	Window time.Duration
}

// count is a request's hit on its budget.
type count struct {
	*par.Pending
	win   ratelimit.Window
	limit int
}

// spent waits for the count and reports whether the request is over its
// budget. A failing counter lets the request through.
func (c *count) spent(ctx context.Context) bool {
	return c.Wait(ctx) == nil && c.win.Count > c.limit
}

type countKey struct{}

// RateLimit counts the request against the caller's account budget, or the
// caller address's budget when there is no principal, sets the X-RateLimit
// headers on the response and answers 429 rate_limited with Retry-After when
// the budget is spent. A failing counter lets the request through (it is
// logged): availability over strictness.
//
// The count is one write that runs beside the rest of the request rather
// than before it: the chain goes on at once, and its answer is held until
// the count is known. A read's own reads therefore cost no extra round
// trip, and a read over budget is answered 429 with what it read thrown
// away. Anything that must not happen over budget waits for the count
// first: AwaitBudget holds a write right before its endpoint runs, and
// Spent tells an idempotency claim to let its key go.
func RateLimit(l Limiter, account, anonymous Budget) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			scope, b := "ip#"+ratelimit.Address(ClientIP(r)), anonymous
			if p, ok := auth.From(r.Context()); ok {
				scope, b = "acct#"+p.AccountID, account
			}
			c := &count{limit: b.Limit}
			spec, hitCtx := speculating(r.Context()), r.Context()
			if spec != nil {
				// A refused check cancels the read; the count must still
				// end, so that what it counted is known and given back.
				hitCtx = context.WithoutCancel(hitCtx)
			}
			c.Pending = par.Begin(hitCtx, func(ctx context.Context) (err error) {
				c.win, err = l.Hit(ctx, "rl#"+scope, b.Window)
				return err
			})
			if spec != nil {
				spec.onRefused(func(ctx context.Context) {
					if c.Wait(ctx) == nil {
						if err := l.GiveBack(ctx, "rl#"+scope, b.Window, c.win); err != nil {
							slog.WarnContext(ctx, "rate limit refund failed", "err", err)
						}
					}
				})
			}
			held := NewHeld()
			h.ServeHTTP(held, r.WithContext(context.WithValue(r.Context(), countKey{}, c)))
			if c.spent(r.Context()) {
				setRateHeaders(w, c)
				e := apperr.New(apperr.RateLimited, "Too many requests. Wait Retry-After seconds, then try again.")
				e.RetryAfter = c.win.RetryAfter()
				Error(w, r, e)
				return
			}
			if err := c.Err(); err != nil {
				slog.WarnContext(r.Context(), "rate limit counter failed", "err", err)
			} else {
				setRateHeaders(w, c)
			}
			held.Send(w)
		})
	}
}

// setRateHeaders sets the X-RateLimit headers of a known count.
func setRateHeaders(w http.ResponseWriter, c *count) {
	remaining := max(c.limit-c.win.Count, 0)
	w.Header().Set("X-RateLimit-Limit", strconv.Itoa(c.limit))
	w.Header().Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
	w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(c.win.Resets.Unix(), 10))
}

// Spent waits for the request's budget count (see RateLimit) and reports
// whether the request is over its budget; false when the request is not
// counted or the counter failed.
func Spent(ctx context.Context) bool {
	c, ok := ctx.Value(countKey{}).(*count)
	return ok && c.spent(ctx)
}

// Safe reports whether method only reads (RFC 9110 safe methods): its
// request may run beside the checks that decide whether its answer is sent.
func Safe(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}

// AwaitBudget holds a request that may change something until its budget
// count is known, right before its endpoint runs, and refuses it when the
// budget is spent: a write over budget never runs. Reads pass at once (see
// RateLimit).
func AwaitBudget(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !Safe(r.Method) && Spent(r.Context()) {
			Error(w, r, apperr.New(apperr.RateLimited, "Too many requests. Wait Retry-After seconds, then try again."))
			return
		}
		h.ServeHTTP(w, r)
	})
}
