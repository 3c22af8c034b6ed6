package audit25k

import (
	"context"
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/dev/simpay"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
	"rvcontent/test/testenv"
)

// TestSecondCompletedCheckoutIsCancelledAtTheProcessor: spec 4.9 ("An
// account with a current subscription gets 409 `conflict`") and spec 2
// (one plan per account). With Stripe two Checkout Sessions of an account
// can be open at once (a link handed out again with less than an hour
// left starts a new session; two tabs), and the owner can complete both:
// Stripe then runs two subscriptions. The service refused the second
// checkout.session.completed (conflict, acknowledged) but left that
// subscription running at the processor, so the owner was charged for a
// second plan nobody sees: here its trial ran out into a charge of 49.5
// USD. Now the subscription of a refused checkout is cancelled at once at
// the processor, as that of a deleted account's checkout is, and nothing
// is charged for it. (The dev stack's simulated processor stands in for
// Stripe's second subscription: it holds it as Stripe would.)
func TestSecondCompletedCheckoutIsCancelledAtTheProcessor(t *testing.T) {
	env := stripeStack(t)
	c := newCustomer(t, env)
	start := env.Time(t)
	sendStripe(t, env, "checkout.session.completed", c.checkoutCompleted("trial", c.Subscription), start).Expect(t, http.StatusOK)

	// The second session's subscription, as the processor runs it.
	second := "sub_sim_audit25k" + c.Subscription
	trialEnd := start.Truncate(time.Second).Add(payments.TrialDays * 24 * time.Hour)
	tx := &dynamo.Tx{}
	tx.PutNew("sub", map[string]any{
		"pk": dynamo.SimPayPK("SUB", second), "sk": dynamo.SimPaySK, "id": second, "account_id": c.ID, "customer_ref": c.Customer,
		"status": payments.StatusTrialing, "card": testenv.TestCardOK, "trial_end": clock.Format(trialEnd),
		"period_start": clock.Format(start.Truncate(time.Second)), "period_end": clock.Format(trialEnd), "version": 1,
		"gsi1pk": dynamo.DuePK(simpay.RenewalKind), "gsi1sk": dynamo.TimeKey(clock.SortKey(trialEnd), second),
	})
	if err := env.Stack.Graph.Table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	sendStripe(t, env, "checkout.session.completed", c.checkoutCompleted("trial", second), start).Expect(t, http.StatusOK)
	if evs := c.Client.Events(t, "billing.trial_started"); len(evs) != 1 {
		t.Fatalf("billing.trial_started %d times, want once: %v", len(evs), evs)
	}

	env.Advance(t, trialEnd.Sub(env.Time(t)).Seconds()+60)
	env.RunScheduled(t)
	var charges struct {
		Charges []struct {
			SubscriptionID string  `json:"subscription_id"`
			Amount         float64 `json:"amount"`
			Status         string  `json:"status"`
		}
		TotalSucceeded float64 `json:"total_succeeded"`
	}
	env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+c.ID, nil).Expect(t, http.StatusOK).Decode(t, &charges)
	if charges.TotalSucceeded != 0 {
		t.Errorf("the refused checkout's subscription charged %v USD: %+v", charges.TotalSucceeded, charges.Charges)
	}
}
