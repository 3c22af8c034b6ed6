package ratelimit

import (
	"context"
	"errors"
	"time"

	"rvcontent/shared/kernel/apperr"
)

// AIWindow is the window of the AI rate limit.
const AIWindow = time.Hour

// AIScope is the counter of an account's model-backed calls.
func AIScope(accountID string) string { return "ai#" + accountID }

// AI is the account-wide "AI rate limit" of the spec: research runs, domain
// verification checks, forum sweeps, section rewrites and forum drafts (every
// call that makes the service think or fetch on the caller's behalf) share
// one budget per hour.
type AI struct {
	Counters *Counters
	// PerHour is the budget (config AI_REQUESTS_PER_HOUR).
	PerHour int
}

// Take counts one AI call for account and returns the hour it counted in
// (for Give), or answers 429 rate_limited with Retry-After when the hour's
// budget is spent.
func (a *AI) Take(ctx context.Context, accountID string) (Window, error) {
	win, err := a.Counters.Take(ctx, AIScope(accountID), AIWindow, a.PerHour)
	if errors.Is(err, ErrExhausted) {
		e := apperr.Newf(apperr.RateLimited, "This account used its %d AI-backed calls for this hour (research runs, domain verification checks, forum sweeps and section rewrites share them; forum drafts spend credits instead). Wait Retry-After seconds.", a.PerHour)
		e.RetryAfter = win.RetryAfter()
		return Window{}, e
	}
	if err != nil {
		return Window{}, apperr.Wrap("ratelimit.AI", err)
	}
	return win, nil
}

// Give returns one call after a Take whose work did not start, to the hour
// that Take counted it in (taken), even when the next hour has begun.
func (a *AI) Give(ctx context.Context, accountID string, taken Window) error {
	return a.Counters.GiveBack(ctx, AIScope(accountID), AIWindow, taken)
}
