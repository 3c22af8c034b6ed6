package stripepay_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/stripepay"
	"rvcontent/test/stripemock"
)

func mockAdapter(t *testing.T) (*stripepay.Adapter, *stripemock.Server) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs stripe-mock")
	}
	mock := stripemock.Start(t)
	return stripepay.New(stripepay.Config{SecretKey: "sk_test_123", PlanPriceID: "price_plan", StudioPriceID: stripepaytest.StudioPrice, APIBase: mock.URL}), mock
}

// want checks one recorded request: its method and path, form values, and
// that stripe-mock accepted it.
func want(t *testing.T, r stripemock.Request, method, path string, form map[string]string) {
	t.Helper()
	if r.Method != method || r.Path != path {
		t.Fatalf("request %s %s, want %s %s", r.Method, r.Path, method, path)
	}
	if r.Status != http.StatusOK {
		t.Fatalf("%s %s: stripe-mock answered %d", method, path, r.Status)
	}
	for k, v := range form {
		if got := r.Form.Get(k); got != v {
			t.Fatalf("%s %s: %s = %q, want %q (form %v)", method, path, k, got, v, r.Form)
		}
	}
}

func TestCheckoutSessions(t *testing.T) {
	a, mock := mockAdapter(t)
	ctx := context.Background()
	exp := time.Now().Add(7 * 24 * time.Hour)
	link, err := a.Checkout(ctx, payments.CheckoutRequest{AccountID: "acct-1", Email: "owner@example.com", Mode: payments.ModeTrial, ExpiresAt: exp, ReturnURL: "https://app.example.com/billing"})
	if err != nil {
		t.Fatal(err)
	}
	if link.URL == "" || link.CustomerRef == "" || link.ExpiresAt.IsZero() {
		t.Fatalf("link %+v", link)
	}
	reqs := mock.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want customer and session", len(reqs))
	}
	want(t, reqs[0], "POST", "/v1/customers", map[string]string{"email": "owner@example.com", "metadata[account_id]": "acct-1"})
	if reqs[0].IdempotencyKey != "customer:acct-1" {
		t.Fatalf("customer idempotency key %q", reqs[0].IdempotencyKey)
	}
	want(t, reqs[1], "POST", "/v1/checkout/sessions", map[string]string{
		"mode": "subscription", "customer": link.CustomerRef, "client_reference_id": "acct-1",
		"line_items[0][price]": "price_plan", "line_items[0][quantity]": "1",
		"subscription_data[trial_period_days]": "7", "subscription_data[metadata][account_id]": "acct-1",
		"metadata[mode]": "trial", "metadata[account_id]": "acct-1",
	})
	sent, _ := strconv.ParseInt(reqs[1].Form.Get("expires_at"), 10, 64)
	if d := time.Until(time.Unix(sent, 0)); d > 24*time.Hour || d < 23*time.Hour {
		t.Fatalf("expires_at %s from now: Stripe keeps a session 24 hours at most", d)
	}

	// The plan after an ended subscription: the customer exists, no trial.
	if _, err := a.Checkout(ctx, payments.CheckoutRequest{AccountID: "acct-1", CustomerRef: "cus_known", Mode: payments.ModePlan, ExpiresAt: exp, ReturnURL: "https://app.example.com/billing"}); err != nil {
		t.Fatal(err)
	}
	reqs = mock.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want the session only", len(reqs))
	}
	want(t, reqs[0], "POST", "/v1/checkout/sessions", map[string]string{"customer": "cus_known", "metadata[mode]": "plan", "subscription_data[trial_period_days]": ""})
}

func TestPortalSession(t *testing.T) {
	a, mock := mockAdapter(t)
	link, err := a.Portal(context.Background(), payments.PortalRequest{AccountID: "acct-1", CustomerRef: "cus_known", SubscriptionRef: "sub_1", ExpiresAt: time.Now().Add(24 * time.Hour), ReturnURL: "https://app.example.com/billing"})
	if err != nil || link.URL == "" {
		t.Fatalf("portal %+v: %v", link, err)
	}
	// A portal session is short-lived, whatever was asked: the billing
	// service puts its own 24-hour link in front of it.
	if left := time.Until(link.ExpiresAt); left <= 0 || left > 10*time.Minute {
		t.Fatalf("portal session ends in %s, want a few minutes", left)
	}
	reqs := mock.Requests()
	want(t, reqs[0], "POST", "/v1/billing_portal/sessions", map[string]string{"customer": "cus_known", "return_url": "https://app.example.com/billing"})
}

func TestEndTrialNow(t *testing.T) {
	a, mock := mockAdapter(t)
	if _, err := a.EndTrial(context.Background(), "acct-1", "sub_1", "activate:acct-1:key-1"); err != nil {
		t.Fatal(err)
	}
	// It first looks for an earlier attempt waiting for the cardholder.
	reqs := mock.Requests()
	want(t, reqs[0], "GET", "/v1/subscriptions/sub_1", nil)
	want(t, reqs[1], "POST", "/v1/subscriptions/sub_1", map[string]string{
		"trial_end": "now", "payment_behavior": "pending_if_incomplete", "proration_behavior": "none", "expand[0]": "latest_invoice",
	})
	if reqs[1].IdempotencyKey != "activate:acct-1:key-1" {
		t.Fatalf("idempotency key %q", reqs[1].IdempotencyKey)
	}
}

func TestStudioSitesAsQuantity(t *testing.T) {
	a, mock := mockAdapter(t)
	ctx := context.Background()
	at := time.Now().Add(-5 * time.Minute).Truncate(time.Second)
	_, err := a.SetStudioSites(ctx, payments.StudioChange{AccountID: "acct-1", SubscriptionRef: "sub_1", From: 0, To: 1, Prorate: true, ProrationDate: at, IdempotencyKey: "studio-add:acct-1:k"})
	if err != nil {
		t.Fatal(err)
	}
	reqs := mock.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want a read and an update", len(reqs))
	}
	want(t, reqs[0], "GET", "/v1/subscriptions/sub_1", nil)
	want(t, reqs[1], "POST", "/v1/subscriptions/sub_1", map[string]string{
		"items[0][price]": stripepaytest.StudioPrice, "items[0][quantity]": "1", "proration_behavior": "always_invoice",
		"proration_date": strconv.FormatInt(at.Unix(), 10), "payment_behavior": "pending_if_incomplete",
	})
	if reqs[1].IdempotencyKey != "studio-add:acct-1:k" {
		t.Fatalf("idempotency key %q", reqs[1].IdempotencyKey)
	}
	// A quantity that moved meanwhile is refused before any change.
	if _, err := a.SetStudioSites(ctx, payments.StudioChange{SubscriptionRef: "sub_1", From: 3, To: 2, IdempotencyKey: "x"}); !errors.Is(err, payments.ErrConflict) {
		t.Fatalf("stale quantity: %v, want ErrConflict", err)
	}
	if reqs := mock.Requests(); len(reqs) != 1 || reqs[0].Method != "GET" {
		t.Fatalf("requests after a stale quantity: %+v", reqs)
	}
}

// TestCancelNow ends a subscription at once, without a final invoice or a
// proration credit (an account's deletion).
func TestCancelNow(t *testing.T) {
	a, mock := mockAdapter(t)
	if err := a.CancelNow(context.Background(), "acct-1", "sub_123"); err != nil {
		t.Fatal(err)
	}
	reqs := mock.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want one", len(reqs))
	}
	want(t, reqs[0], "DELETE", "/v1/subscriptions/sub_123", nil)
}

// Subscription reads the subscription as Stripe holds it now.
func TestSubscriptionNow(t *testing.T) {
	a, mock := mockAdapter(t)
	sub, err := a.Subscription(context.Background(), "acct-1", "sub_123")
	if err != nil {
		t.Fatal(err)
	}
	if sub.Ref == "" {
		t.Fatalf("subscription %+v has no ref", sub)
	}
	reqs := mock.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want one", len(reqs))
	}
	want(t, reqs[0], "GET", "/v1/subscriptions/sub_123", nil)
}

func TestCardCheckWithSetupIntent(t *testing.T) {
	a, mock := mockAdapter(t)
	if _, err := a.CheckCard(context.Background(), "acct-1", "sub_1", "card-check:sub_1:acct-1:1"); err != nil {
		t.Fatal(err)
	}
	reqs := mock.Requests()
	want(t, reqs[1], "POST", "/v1/setup_intents", map[string]string{"confirm": "true", "usage": "off_session", "payment_method_types[0]": "card"})
}

// Stripe's card errors become the processor's: declined, or needing the
// cardholder.
func TestCardErrors(t *testing.T) {
	for _, tc := range []struct {
		code string
		want error
	}{
		{"card_declined", payments.ErrDeclined},
		{"authentication_required", payments.ErrAuthentication},
		{"invoice_payment_intent_requires_action", payments.ErrAuthentication},
	} {
		t.Run(tc.code, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusPaymentRequired)
				_, _ = w.Write([]byte(`{"error":{"type":"card_error","code":"` + tc.code + `","message":"refused"}}`))
			}))
			defer srv.Close()
			a := stripepay.New(stripepay.Config{SecretKey: "sk_test_123", APIBase: srv.URL})
			if _, err := a.EndTrial(context.Background(), "acct-1", "sub_1", "k"); !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
		})
	}
}
