// Package stripepaytest holds the signed Stripe webhook samples of events/
// (stripe-*.json) and what they are made of, for the tests of the payments
// webhook receiver and of the billing state machine behind it.
package stripepaytest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/edge/routes"
)

// The samples' fixed values: an account, its Stripe customer and
// subscription, and the secret the samples are signed with (a test
// secret, not a real one).
const (
	Secret       = "whsec_test_samples_not_a_real_secret"
	Account      = "5f0c2a64-9a4e-4d1b-8c77-2f3d1e0b9a01"
	Customer     = "cus_SampleRv0001"
	Subscription = "sub_SampleRv0001"
	StudioPrice  = "price_SampleStudio"
	PlanPrice    = "price_SamplePlan"
)

// Start is when the sample checkout completes.
var Start = time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC)

// Sample is one signed webhook in events/.
type Sample struct {
	File string
	At   time.Time
	Body map[string]any
}

func subscriptionObject(status string, cancel bool, start, end time.Time) map[string]any {
	return map[string]any{
		"id": Subscription, "object": "subscription", "status": status, "customer": Customer,
		"cancel_at_period_end": cancel, "trial_end": Start.Add(7 * 24 * time.Hour).Unix(),
		"metadata": map[string]any{"account_id": Account},
		"items": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "si_SampleRv0001", "object": "subscription_item", "quantity": 1,
			"current_period_start": start.Unix(), "current_period_end": end.Unix(),
			"price": map[string]any{"id": PlanPrice, "object": "price", "unit_amount": 4950, "currency": "usd"},
		}}},
	}
}

func invoiceObject(id string, paid bool, start, end time.Time) map[string]any {
	in := map[string]any{
		"id": id, "object": "invoice", "billing_reason": "subscription_cycle", "customer": Customer,
		"currency": "usd", "amount_due": 4950, "amount_paid": 0, "status": "open",
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
			"subscription": Subscription, "metadata": map[string]any{"account_id": Account},
		}},
		"lines": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "il_" + id, "object": "line_item", "amount": 4950, "currency": "usd",
			"period": map[string]any{"start": start.Unix(), "end": end.Unix()},
		}}},
	}
	if paid {
		in["amount_paid"], in["status"] = 4950, "paid"
	}
	return in
}

func stripeEvent(id, typ string, at time.Time, object map[string]any, previous map[string]any) map[string]any {
	data := map[string]any{"object": object}
	if previous != nil {
		data["previous_attributes"] = previous
	}
	return map[string]any{
		"id": id, "object": "event", "api_version": stripe.APIVersion, "created": at.Unix(), "type": typ,
		"livemode": false, "pending_webhooks": 1, "request": map[string]any{"id": nil, "idempotency_key": nil}, "data": data,
	}
}

// Invoice returns the body of a Stripe event eventID, sent at at, about an
// invoice of the sample subscription billing the period [start, end):
// invoice.paid when paid, else invoice.payment_failed. Sign it with
// Request.
func Invoice(eventID string, paid bool, start, end, at time.Time) []byte {
	typ := "invoice.payment_failed"
	if paid {
		typ = "invoice.paid"
	}
	b, err := json.Marshal(stripeEvent(eventID, typ, at, invoiceObject("in_"+eventID, paid, start, end), nil))
	if err != nil {
		panic(err) // a map of plain values always marshals
	}
	return b
}

// Samples returns the samples in the order a subscription lives them:
// trial checkout, cancellation scheduled, trial-end payment failed, the
// retry paid, the subscription ended.
func Samples() []Sample {
	trialEnd := Start.Add(7 * 24 * time.Hour)
	monthEnd := trialEnd.AddDate(0, 1, 0)
	return []Sample{
		{"stripe-checkout-completed.json", Start, stripeEvent("evt_SampleCheckout01", "checkout.session.completed", Start, map[string]any{
			"id": "cs_test_SampleRv0001", "object": "checkout.session", "mode": "subscription", "status": "complete",
			"payment_status": "no_payment_required", "client_reference_id": Account, "customer": Customer,
			"subscription": Subscription, "amount_total": 0, "currency": "usd",
			"metadata": map[string]any{"account_id": Account, "mode": "trial"},
		}, nil)},
		{"stripe-subscription-updated.json", Start.Add(2 * 24 * time.Hour), stripeEvent("evt_SampleCancel01", "customer.subscription.updated", Start.Add(2*24*time.Hour),
			subscriptionObject("trialing", true, Start, trialEnd), map[string]any{"cancel_at_period_end": false})},
		{"stripe-invoice-payment-failed.json", trialEnd, stripeEvent("evt_SampleFailed01", "invoice.payment_failed", trialEnd, invoiceObject("in_SampleRv0001", false, trialEnd, monthEnd), nil)},
		{"stripe-invoice-paid.json", trialEnd.Add(26 * time.Hour), stripeEvent("evt_SamplePaid01", "invoice.paid", trialEnd.Add(26*time.Hour), invoiceObject("in_SampleRv0001", true, trialEnd, monthEnd), nil)},
		{"stripe-subscription-deleted.json", monthEnd, stripeEvent("evt_SampleDeleted01", "customer.subscription.deleted", monthEnd,
			subscriptionObject("canceled", false, trialEnd, monthEnd), nil)},
	}
}

// Request wraps a signed body in the API Gateway v2 request the payments
// webhook function receives.
func Request(body []byte, at time.Time) events.APIGatewayV2HTTPRequest {
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: Secret, Timestamp: at})
	route := "POST " + routes.PaymentsWebhookPath
	return events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: route, RawPath: routes.PaymentsWebhookPath,
		Headers: map[string]string{
			"content-type": "application/json; charset=utf-8", "stripe-signature": signed.Header,
			"user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)", "host": "api.example.com",
			"x-forwarded-proto": "https", "x-forwarded-for": "3.18.12.63",
		},
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			AccountID: "123456789012", APIID: "a1b2c3d4e5", DomainName: "api.example.com", Stage: "$default", RouteKey: route,
			RequestID: fmt.Sprintf("Sample%d=", at.Unix()), Time: at.Format("02/Jan/2006:15:04:05 -0700"), TimeEpoch: at.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: "POST", Path: routes.PaymentsWebhookPath, Protocol: "HTTP/1.1", SourceIP: "3.18.12.63",
				UserAgent: "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
			},
		},
		Body: string(body),
	}
}

// Path returns the path of sample name in the repository's events/.
func Path(name string) string {
	dir, err := os.Getwd()
	if err != nil {
		return filepath.Join("events", name)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "events", name)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return filepath.Join("events", name)
		}
		dir = parent
	}
}

// Load reads one signed sample request from events/.
func Load(t testing.TB, name string) events.APIGatewayV2HTTPRequest {
	t.Helper()
	b, err := os.ReadFile(Path(name))
	if err != nil {
		t.Fatal(err)
	}
	var req events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(b, &req); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return req
}
