package billing_test

import (
	"context"
	"testing"

	"rvcontent/shared/compose"
)

// PlanActive, which the no-plan limits of spec 8 ask, follows the trial
// and its card check.
func TestPlanActive(t *testing.T) {
	r := newRig(t)
	g, ctx := r.env.Stack.Graph, context.Background()
	active := func() bool {
		t.Helper()
		ok, err := compose.Billing(g).PlanActive(ctx, r.acct.ID)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if active() {
		t.Fatal("PlanActive without a trial or plan")
	}
	r.trial(t, cardBadCheck)
	if !active() {
		t.Fatal("PlanActive false in a trial")
	}
	r.env.RunScheduled(t)
	if active() {
		t.Fatal("PlanActive after the trial card check failed")
	}
}
