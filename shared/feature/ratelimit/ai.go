package ratelimit

import (
	"context"
	"errors"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// AIWindow is the window of the AI rate limit.
const AIWindow = time.Hour

// AIScope is the counter of an account's model-backed calls.
func AIScope(accountID string) string { return "ai#" + accountID }

// AI is the account-wide "AI rate limit" of the spec: research runs, domain
// verification checks, forum sweeps and section rewrites (the calls that
// make the service think or fetch on the caller's behalf for free) share
// one budget per clock hour. Forum drafts spend credits instead, and the
// scheduled domain re-checks and automatic sweeps are not counted.
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
		return Window{}, a.spent(win)
	}
	if err != nil {
		return Window{}, apperr.Wrap("ratelimit.AI", err)
	}
	return win, nil
}

// TakeIn adds one AI call for account to tx (see Counters.TakeIn), so the
// call is counted only when the action it limits commits: a call that
// loses a race for the action (a second sweep of a site) never holds a
// unit, not even for a moment. Spent reads the commit's error.
func (a *AI) TakeIn(tx *dynamo.Tx, accountID string) Window {
	return a.Counters.TakeIn(tx, AIScope(accountID), AIWindow, a.PerHour)
}

// Spent returns the 429 rate_limited answer Take gives when err is the
// failed commit of a transaction whose TakeIn for account (taken, as it
// returned it) found the hour's budget spent, and nil otherwise.
func (a *AI) Spent(err error, accountID string, taken Window) error {
	if !Exhausted(err, AIScope(accountID)) {
		return nil
	}
	return a.spent(taken)
}

// spent is the answer to a call over the hour's budget (win says when it
// returns).
func (a *AI) spent(win Window) error {
	e := apperr.Newf(apperr.RateLimited, "This account used its %d AI-backed calls for this hour (research runs, domain verification checks, forum sweeps and section rewrites share them; forum drafts spend credits instead). Wait Retry-After seconds.", a.PerHour)
	e.RetryAfter = win.RetryAfter()
	return e
}

// Give returns one call after a Take whose work did not start, to the hour
// that Take counted it in (taken), even when the next hour has begun.
func (a *AI) Give(ctx context.Context, accountID string, taken Window) error {
	return a.Counters.GiveBack(ctx, AIScope(accountID), AIWindow, taken)
}
