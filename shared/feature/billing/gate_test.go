package billing

import (
	"testing"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
)

// The gate's answer for each need in each billing state.
func TestGateDecisions(t *testing.T) {
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	f, tr := false, true
	states := map[string]record{
		"none":             {Status: StatusNone},
		"trialing":         {Status: StatusTrialing},
		"trial checked":    {Status: StatusTrialing, CardVerified: &tr},
		"trial card fails": {Status: StatusTrialing, CardVerified: &f},
		"active":           {Status: StatusActive, EverPaid: true},
		"canceling":        {Status: StatusActive, EverPaid: true, CancelAtPeriodEnd: true},
		"past due 47h":     {Status: StatusPastDue, EverPaid: true, PastDueSince: clock.Format(now.Add(-47 * time.Hour))},
		"past due 49h":     {Status: StatusPastDue, EverPaid: true, PastDueSince: clock.Format(now.Add(-49 * time.Hour))},
		"trial ran out":    {Status: StatusPastDue, CardVerified: &f, PastDueSince: clock.Format(now.Add(-time.Hour))},
		"ended":            {Status: StatusCanceled},
	}
	const (
		ok   = apperr.Code("")
		sub  = apperr.SubscriptionRequired
		paid = apperr.PaidPlanRequired
		conf = apperr.Conflict
	)
	want := map[Need]map[string]apperr.Code{
		NeedNothing: {"none": ok, "trialing": ok, "trial checked": ok, "trial card fails": ok, "active": ok, "canceling": ok, "past due 47h": ok, "past due 49h": ok, "trial ran out": ok, "ended": ok},
		NeedTrialOrPlan: {"none": sub, "trialing": ok, "trial checked": ok, "trial card fails": sub, "active": ok, "canceling": ok,
			"past due 47h": ok, "past due 49h": sub, "trial ran out": sub, "ended": sub},
		NeedPaidPlan: {"none": paid, "trialing": paid, "trial checked": paid, "trial card fails": paid, "active": ok, "canceling": ok,
			"past due 47h": paid, "past due 49h": paid, "trial ran out": paid, "ended": paid},
		NeedTrial: {"none": conf, "trialing": ok, "trial checked": ok, "trial card fails": ok, "active": conf, "canceling": conf,
			"past due 47h": conf, "past due 49h": conf, "trial ran out": conf, "ended": conf},
	}
	for need, byState := range want {
		for name, code := range byState {
			t.Run(name, func(t *testing.T) {
				r := states[name]
				if got := apperr.CodeOf(r.meets(need, now)); got != code {
					t.Fatalf("need %d in state %s: %q, want %q", need, name, got, code)
				}
			})
		}
	}
}
