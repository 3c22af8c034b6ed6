package audit25k

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/platform/payments"
)

// TestUpdateReportedAfterTheEndSchedulesNoCancellation: README ("Billing,
// credits and Studio sites"): Stripe delivers webhooks in any order, and
// `cancel_at_period_end` and billing.canceled "record the processor's
// state, not the last event's snapshot"; spec 6: billing.canceled fires
// when a "cancellation [is] scheduled", billing.ended when the
// "subscription ended". The owner schedules the cancellation late in the
// period and Stripe's customer.subscription.updated is delivered only
// after its customer.subscription.deleted (a retried delivery). The
// service applied the stale update to the ended subscription: a
// billing.canceled after billing.ended, and GET /billing showing an ended
// subscription with cancel_at_period_end true. Now an update of a
// subscription that ended changes nothing.
func TestUpdateReportedAfterTheEndSchedulesNoCancellation(t *testing.T) {
	env := stripeStack(t)
	c := newCustomer(t, env)
	start := env.Time(t)
	sendStripe(t, env, "checkout.session.completed", c.checkoutCompleted("trial", c.Subscription), start).Expect(t, http.StatusOK)
	trialEnd := start.Add(payments.TrialDays * 24 * time.Hour)
	subscription := func(status string, cancel bool) map[string]any {
		return map[string]any{
			"id": c.Subscription, "object": "subscription", "status": status, "customer": c.Customer,
			"cancel_at_period_end": cancel, "trial_end": trialEnd.Unix(), "metadata": map[string]any{"account_id": c.ID},
			"items": map[string]any{"object": "list", "data": []any{map[string]any{
				"id": "si_" + c.Subscription, "object": "subscription_item", "quantity": 1,
				"current_period_start": start.Unix(), "current_period_end": trialEnd.Unix(),
				"price": map[string]any{"id": "price_SamplePlan", "object": "price", "unit_amount": 4950, "currency": "usd"},
			}}},
		}
	}
	env.Advance(t, trialEnd.Sub(start).Seconds()+60)
	sendStripe(t, env, "customer.subscription.deleted", subscription("canceled", true), trialEnd).Expect(t, http.StatusOK)
	if b := c.billing(t); b["status"] != "canceled" || b["cancel_at_period_end"] != false {
		t.Fatalf("after the subscription ended: %v", b)
	}
	// The update that scheduled the cancellation, delivered late.
	sendStripe(t, env, "customer.subscription.updated", subscription("trialing", true), trialEnd.Add(-time.Hour)).Expect(t, http.StatusOK)
	if b := c.billing(t); b["status"] != "canceled" || b["cancel_at_period_end"] != false {
		t.Errorf("after a late update of the ended subscription: %v, want canceled without cancel_at_period_end", b)
	}
	evs := c.Client.Events(t, "billing.canceled", "billing.ended")
	if len(evs) == 0 || evs[len(evs)-1].Type != "billing.ended" {
		t.Errorf("billing events %v: the last should be billing.ended", evs)
	}
}
