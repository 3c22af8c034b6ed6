package audit25k

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/platform/payments"
)

// TestTrialCheckoutAfterAnEndedSubscriptionStartsNoSecondTrial: spec 3,
// "Billing status | owner completes checkout, mode `trial` | no earlier
// subscription | `trialing`", and spec 4.9: `mode` is `trial` "when the
// account never had a subscription, and `plan` (charged today) when an
// earlier subscription ended". A trial checkout opened before the
// account's first subscription began (two sessions were open) can still
// be completed after that subscription ended: the service started a
// second free trial (billing.trial_started again, status trialing, 5
// article credits), which the spec reserves for an account that never had
// a subscription. Now such a checkout is refused like one completed for an
// account that has a subscription: its subscription is cancelled at the
// processor, and the account stays canceled, to start the plan with POST
// /billing/checkout (mode plan).
func TestTrialCheckoutAfterAnEndedSubscriptionStartsNoSecondTrial(t *testing.T) {
	env := stripeStack(t)
	c := newCustomer(t, env)
	start := env.Time(t)
	sendStripe(t, env, "checkout.session.completed", c.checkoutCompleted("trial", c.Subscription), start).Expect(t, http.StatusOK)
	trialEnd := start.Add(payments.TrialDays * 24 * time.Hour)
	sendStripe(t, env, "customer.subscription.deleted", map[string]any{
		"id": c.Subscription, "object": "subscription", "status": "canceled", "customer": c.Customer,
		"cancel_at_period_end": false, "trial_end": trialEnd.Unix(), "metadata": map[string]any{"account_id": c.ID},
	}, start).Expect(t, http.StatusOK)
	if b := c.billing(t); b["status"] != "canceled" {
		t.Fatalf("after the subscription ended: %v", b)
	}

	later := "sub_Audit25kLate" + c.Subscription
	sendStripe(t, env, "checkout.session.completed", c.checkoutCompleted("trial", later), start).Expect(t, http.StatusOK)
	if b := c.billing(t); b["status"] != "canceled" {
		t.Errorf("a trial checkout completed after the subscription ended: billing %v, want canceled (no second trial)", b)
	}
	if evs := c.Client.Events(t, "billing.trial_started"); len(evs) != 1 {
		t.Errorf("billing.trial_started %d times, want once", len(evs))
	}
	co := c.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	if co["mode"] != "plan" {
		t.Errorf("checkout after the subscription ended: %v, want mode plan", co)
	}
}
