package testenv

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
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
)

// StartStripe starts a dev stack of t's own whose payment processor is the
// Stripe adapter talking to stripe-mock (the recording proxy in front of
// it is returned), and which takes Stripe's webhooks signed with the
// samples' secret (SendStripe); the clock moves only when the test says.
// Under -short the test is skipped.
func StartStripe(t testing.TB) (*Env, *stripemock.Server) {
	t.Helper()
	return StartStripeVia(t, nil)
}

// StartBank is StartStripe with stripepaytest.Bank, the stand-in for
// the cardholder's bank (authentication asked, cards declined), in front
// of stripe-mock; it returns the bank to tell which subscriptions' charges
// it answers so.
func StartBank(t testing.TB) (*Env, *stripepaytest.Bank) {
	t.Helper()
	var bank *stripepaytest.Bank
	env, _ := StartStripeVia(t, func(mockURL string) string {
		b, err := stripepaytest.NewBank(mockURL)
		if err != nil {
			t.Fatal(err)
		}
		bank = b
		srv := httptest.NewServer(b)
		t.Cleanup(srv.Close)
		return srv.URL
	})
	return env, bank
}

// StartStripeVia is StartStripe with the adapter talking to the address
// front returns for stripe-mock's (a test double in front of it, such as
// stripepaytest.Bank); nil front talks to stripe-mock itself.
func StartStripeVia(t testing.TB, front func(mockURL string) string) (*Env, *stripemock.Server) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack and stripe-mock")
	}
	mock := stripemock.Start(t)
	api := mock.URL
	if front != nil {
		api = front(mock.URL)
	}
	adapter := stripepay.New(stripepay.Config{SecretKey: "sk_test_123", PlanPriceID: "price_plan", StudioPriceID: stripepaytest.StudioPrice, APIBase: api})
	env := Start(t, Options{SchedulerEvery: -1, Payments: adapter, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
	return env, mock
}

var stripeEventSeq atomic.Int64

// SendStripe posts a Stripe event of type typ about object to the payment
// webhook, signed with the samples' secret on the service clock, and
// returns the answer. previous names the object's previous attributes
// (nil for none).
func (e *Env) SendStripe(t testing.TB, typ string, object, previous map[string]any) *Response {
	t.Helper()
	at := e.Time(t)
	data := map[string]any{"object": object}
	if previous != nil {
		data["previous_attributes"] = previous
	}
	body, err := json.Marshal(map[string]any{
		"id": fmt.Sprintf("evt_test%d_%d", time.Now().UnixNano(), stripeEventSeq.Add(1)), "object": "event",
		"api_version": stripe.APIVersion, "created": at.Unix(), "type": typ, "livemode": false, "pending_webhooks": 1,
		"request": map[string]any{"id": nil, "idempotency_key": nil}, "data": data,
	})
	if err != nil {
		t.Fatal(err)
	}
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: stripepaytest.Secret, Timestamp: at})
	return e.Client().Do(t, "POST", routes.PaymentsWebhookPath, body, "Stripe-Signature: "+signed.Header)
}

// StripeCheckoutCompleted is the checkout.session.completed object of
// account's checkout in mode (trial or plan) of customer, starting
// subscription sub.
func StripeCheckoutCompleted(account, customer, mode, sub string) map[string]any {
	return map[string]any{
		"id": "cs_test_" + sub, "object": "checkout.session", "mode": "subscription", "status": "complete",
		"payment_status": "paid", "client_reference_id": account, "customer": customer,
		"subscription": sub, "currency": "usd",
		"metadata": map[string]any{"account_id": account, "mode": mode},
	}
}

// StripeInvoicePaid is the invoice.paid object of account's invoice id of
// subscription sub (customer customer), billing_reason reason, paying
// amount cents for the period from start to end.
func StripeInvoicePaid(account, customer, sub, id, reason string, amount int, start, end time.Time) map[string]any {
	return map[string]any{
		"id": id, "object": "invoice", "billing_reason": reason, "customer": customer,
		"currency": "usd", "amount_due": amount, "amount_paid": amount, "status": "paid",
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
			"subscription": sub, "metadata": map[string]any{"account_id": account},
		}},
		"lines": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "il_" + id, "object": "line_item", "amount": amount, "currency": "usd",
			"period": map[string]any{"start": start.Unix(), "end": end.Unix()},
		}}},
	}
}

// StripeSubscriptionDeleted is the customer.subscription.deleted object of
// account's subscription sub.
func StripeSubscriptionDeleted(account, customer, sub string) map[string]any {
	return map[string]any{
		"id": sub, "object": "subscription", "status": "canceled", "customer": customer,
		"metadata": map[string]any{"account_id": account},
	}
}

// StripeRequests returns the recorded Stripe API requests whose method and
// path (a prefix, and a suffix when it has a "*") match.
func StripeRequests(all []stripemock.Request, method, path string) []stripemock.Request {
	prefix, suffix, _ := strings.Cut(path, "*")
	var out []stripemock.Request
	for _, r := range all {
		if r.Method == method && strings.HasPrefix(r.Path, prefix) && strings.HasSuffix(r.Path, suffix) && len(r.Path) >= len(prefix)+len(suffix) {
			out = append(out, r)
		}
	}
	return out
}
