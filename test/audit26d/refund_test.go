package audit26d

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// TestSecondPaidCheckoutIsRefunded: spec 4.9 ("`plan` (charged today)
// when an earlier subscription ended"; "An account with a current
// subscription gets 409 `conflict`") and README ("A checkout completed
// while the account has a subscription ... is refused, and the subscription
// it started is cancelled at once at the processor"). With Stripe two
// Checkout Sessions of an account can be open at once, and an owner whose
// subscription ended can complete both plan checkouts: each charges the
// first month at once. The service cancelled the second subscription
// going forward but kept its first charge of 49.5 USD, for a plan the
// account cannot have. Now that charge is refunded in full at the
// processor (Stripe's refund of the invoice's payment), as well as the
// subscription cancelled; the first subscription stays active.
func TestSecondPaidCheckoutIsRefunded(t *testing.T) {
	env, mock := testenv.StartStripe(t)
	a := env.NewAccount(t, "")
	const customer = "cus_Audit26dRefund"
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, customer, "trial", "sub_Audit26dTrial"), nil).Expect(t, http.StatusOK)
	env.SendStripe(t, "customer.subscription.deleted", testenv.StripeSubscriptionDeleted(a.ID, customer, "sub_Audit26dTrial"), nil).Expect(t, http.StatusOK)
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, customer, "plan", "sub_Audit26dFirst"), nil).Expect(t, http.StatusOK)
	if b := billing(t, a); b["status"] != "active" {
		t.Fatalf("after the plan checkout, billing = %v, want active", b)
	}
	mock.Requests()

	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, customer, "plan", "sub_Audit26dSecond"), nil).Expect(t, http.StatusOK)
	reqs := mock.Requests()
	if len(testenv.StripeRequests(reqs, "DELETE", "/v1/subscriptions/sub_Audit26dSecond")) != 1 {
		t.Errorf("the second subscription was not cancelled: %+v", reqs)
	}
	refunds := testenv.StripeRequests(reqs, "POST", "/v1/refunds")
	if len(refunds) == 0 {
		t.Fatalf("the second subscription's first charge was not refunded: requests %+v", reqs)
	}
	for _, r := range refunds {
		if r.Status != http.StatusOK || r.Form.Get("payment_intent") == "" || !strings.Contains(r.IdempotencyKey, "sub_Audit26dSecond") {
			t.Errorf("refund %+v: want a payment intent, an idempotency key of the subscription, and stripe-mock's 200", r)
		}
	}
	if b := billing(t, a); b["status"] != "active" {
		t.Errorf("after the refused checkout, billing = %v, want the first plan still active", b)
	}
}

// TestSecondPaidCheckoutIsRefundedBySimulatedProcessor is
// TestSecondPaidCheckoutIsRefunded with the dev stack's simulated
// processor behind Stripe's webhooks: the second subscription's charge of
// 49.5 USD (written as the processor records it) stayed `succeeded`; now
// the refused checkout refunds it (`refunded` in /_dev/pay/charges) and the
// first plan stays active.
func TestSecondPaidCheckoutIsRefundedBySimulatedProcessor(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	const second = "sub_sim_audit26dsecond"
	at := env.Time(t)
	charge := map[string]any{
		"pk": dynamo.SimChargesPK(a.ID), "sk": dynamo.TimeKey(clock.SortKey(at), ids.Sortable()), "id": "ch_sim_audit26d",
		"account_id": a.ID, "subscription_id": second, "amount_cents": 4950, "description": "Plan: first month",
		"status": "succeeded", "created_at": clock.Format(at),
	}
	if err := env.Stack.Graph.Table.Put(context.Background(), charge); err != nil {
		t.Fatal(err)
	}
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, "cus_sim_audit26d", "plan", second), nil).Expect(t, http.StatusOK)

	var charges struct {
		Charges []struct {
			SubscriptionID string `json:"subscription_id"`
			Status         string `json:"status"`
		}
	}
	env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+a.ID, nil).Expect(t, http.StatusOK).Decode(t, &charges)
	for _, c := range charges.Charges {
		if c.SubscriptionID == second && c.Status != "refunded" {
			t.Errorf("the refused checkout's charge is %s, want refunded", c.Status)
		}
		if c.SubscriptionID != second && c.Status != "succeeded" {
			t.Errorf("the first plan's charge is %s, want succeeded", c.Status)
		}
	}
	if b := billing(t, a); b["status"] != "active" {
		t.Errorf("after the refused checkout, billing = %v, want the first plan still active", b)
	}
}
