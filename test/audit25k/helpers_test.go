package audit25k

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// stripeStack starts a dev stack of the test's own that takes Stripe's
// webhooks signed with the samples' secret; the clock moves only when the
// test says.
func stripeStack(t *testing.T) *testenv.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	return testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
}

// customer is an account a test created through POST /accounts, with the
// Stripe customer and subscription its events name.
type customer struct {
	*testenv.Account
	Customer, Subscription string
}

var refSeq atomic.Int64

// newCustomer creates an account whose Stripe customer and subscription
// ids are its own.
func newCustomer(t *testing.T, env *testenv.Env) *customer {
	t.Helper()
	n := refSeq.Add(1)
	return &customer{Account: env.NewAccount(t, ""), Customer: fmt.Sprintf("cus_Audit25k%d", n), Subscription: fmt.Sprintf("sub_Audit25k%d", n)}
}

var eventSeq atomic.Int64

// sendStripe posts a Stripe event of type typ about object, created at
// created, signed with the endpoint's secret on the service clock, and
// returns the answer.
func sendStripe(t *testing.T, env *testenv.Env, typ string, object map[string]any, created time.Time) *testenv.Response {
	t.Helper()
	body, err := json.Marshal(map[string]any{
		"id": fmt.Sprintf("evt_Audit25k%d_%d", time.Now().UnixNano(), eventSeq.Add(1)), "object": "event",
		"api_version": stripe.APIVersion, "created": created.Unix(), "type": typ, "livemode": false, "pending_webhooks": 1,
		"request": map[string]any{"id": nil, "idempotency_key": nil}, "data": map[string]any{"object": object},
	})
	if err != nil {
		t.Fatal(err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: stripepaytest.Secret, Timestamp: env.Time(t)})
	return env.Client().Do(t, "POST", routes.PaymentsWebhookPath, body, "Stripe-Signature: "+signed.Header)
}

// checkoutCompleted is the checkout.session.completed of c's trial (mode
// trial) or plan (mode plan) checkout, starting subscription sub.
func (c *customer) checkoutCompleted(mode, sub string) map[string]any {
	return map[string]any{
		"id": "cs_test_" + sub, "object": "checkout.session", "mode": "subscription", "status": "complete",
		"payment_status": "no_payment_required", "client_reference_id": c.ID, "customer": c.Customer,
		"subscription": sub, "amount_total": 0, "currency": "usd",
		"metadata": map[string]any{"account_id": c.ID, "mode": mode},
	}
}

// invoice is an invoice id of c's subscription billing [start, end) with
// amount cents: paid, or open after a declined charge.
func (c *customer) invoice(id string, paid bool, amount int, start, end time.Time) map[string]any {
	in := map[string]any{
		"id": id, "object": "invoice", "billing_reason": "subscription_cycle", "customer": c.Customer,
		"currency": "usd", "amount_due": amount, "amount_paid": 0, "status": "open",
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
			"subscription": c.Subscription, "metadata": map[string]any{"account_id": c.ID},
		}},
		"lines": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "il_" + id, "object": "line_item", "amount": amount, "currency": "usd",
			"period": map[string]any{"start": start.Unix(), "end": end.Unix()},
		}}},
	}
	if paid {
		in["amount_paid"], in["status"] = amount, "paid"
	}
	return in
}

// billing returns c's GET /billing.
func (c *customer) billing(t *testing.T) map[string]any {
	t.Helper()
	return c.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}
