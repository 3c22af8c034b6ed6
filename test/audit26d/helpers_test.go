package audit26d

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/stripepay"
	"rvcontent/test/stripemock"
	"rvcontent/test/testenv"
)

// stripeStack starts a dev stack of the test's own whose payment processor
// is the Stripe adapter talking to stripe-mock (the recording proxy is
// returned), and which takes Stripe's webhooks signed with the samples'
// secret; the clock moves only when the test says.
func stripeStack(t *testing.T) (*testenv.Env, *stripemock.Server) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack and stripe-mock")
	}
	mock := stripemock.Start(t)
	adapter := stripepay.New(stripepay.Config{SecretKey: "sk_test_123", PlanPriceID: "price_plan", StudioPriceID: stripepaytest.StudioPrice, APIBase: mock.URL})
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Payments: adapter, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
	return env, mock
}

// now reads the service clock.
func now(t *testing.T, env *testenv.Env) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	return at
}

var eventSeq atomic.Int64

// sendStripe posts a Stripe event of type typ about object, signed with
// the endpoint's secret on the service clock, and returns the answer.
func sendStripe(t *testing.T, env *testenv.Env, typ string, object map[string]any) *testenv.Response {
	t.Helper()
	return sendStripeChange(t, env, typ, object, nil)
}

// sendStripeChange is sendStripe of an event whose data names the
// object's previous attributes (previous; nil for none).
func sendStripeChange(t *testing.T, env *testenv.Env, typ string, object, previous map[string]any) *testenv.Response {
	t.Helper()
	at := now(t, env)
	data := map[string]any{"object": object}
	if previous != nil {
		data["previous_attributes"] = previous
	}
	body, err := json.Marshal(map[string]any{
		"id": fmt.Sprintf("evt_Audit26d%d_%d", time.Now().UnixNano(), eventSeq.Add(1)), "object": "event",
		"api_version": stripe.APIVersion, "created": at.Unix(), "type": typ, "livemode": false, "pending_webhooks": 1,
		"request": map[string]any{"id": nil, "idempotency_key": nil}, "data": data,
	})
	if err != nil {
		t.Fatal(err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: stripepaytest.Secret, Timestamp: at})
	return env.Client().Do(t, "POST", routes.PaymentsWebhookPath, body, "Stripe-Signature: "+signed.Header)
}

// checkoutCompleted is the checkout.session.completed of account's
// checkout in mode (trial or plan) of customer, starting subscription sub.
func checkoutCompleted(account, customer, mode, sub string) map[string]any {
	return map[string]any{
		"id": "cs_test_" + sub, "object": "checkout.session", "mode": "subscription", "status": "complete",
		"payment_status": "paid", "client_reference_id": account, "customer": customer,
		"subscription": sub, "currency": "usd",
		"metadata": map[string]any{"account_id": account, "mode": mode},
	}
}

// subscriptionDeleted is the customer.subscription.deleted of account's
// subscription sub.
func subscriptionDeleted(account, customer, sub string) map[string]any {
	return map[string]any{
		"id": sub, "object": "subscription", "status": "canceled", "customer": customer,
		"metadata": map[string]any{"account_id": account},
	}
}

// requests returns the recorded Stripe API requests whose method and path
// (a prefix, and a suffix when it has a "*") match.
func requests(all []stripemock.Request, method, path string) []stripemock.Request {
	prefix, suffix, _ := strings.Cut(path, "*")
	var out []stripemock.Request
	for _, r := range all {
		if r.Method == method && strings.HasPrefix(r.Path, prefix) && strings.HasSuffix(r.Path, suffix) && len(r.Path) >= len(prefix)+len(suffix) {
			out = append(out, r)
		}
	}
	return out
}

// billing returns a's GET /billing.
func billing(t *testing.T, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}
