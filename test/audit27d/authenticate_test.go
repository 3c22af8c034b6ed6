package audit27d

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/test/testenv"
)

// TestStripeAuthenticationLinkOpensThePayment: spec 4.9 ("POST
// /billing/activate ... 403 human_required when the bank wants cardholder
// authentication"), spec 7 ("action_url (owner page, on human_required
// and payment_failed)") and the answer's own sentence ("The owner can
// complete it at action_url"). With Stripe the trial's end was sent with
// payment_behavior=error_if_incomplete, so when the bank asked for
// authentication Stripe rolled the change back and the action_url was the
// billing portal link, which opens the Billing Portal: there is no payment
// there to authenticate, and a retry asks the bank again. Now the change
// is sent with pending_if_incomplete, so Stripe keeps it pending with its
// invoice open; action_url is the service's own signed link
// ({base_url}/portal/{token}, 24 hours) which opens that invoice's hosted
// payment page, where the cardholder authenticates and pays; when Stripe
// reports the invoice paid the plan starts (billing.activated). A decline
// still changes nothing: its pending invoice is voided at once and the
// answer is 402 payment_failed.
func TestStripeAuthenticationLinkOpensThePayment(t *testing.T) {
	env, bank := testenv.StartBank(t)
	a := env.NewAccount(t, "")
	const customer, sub = "cus_Audit27dAuth", "sub_Audit27dAuth"
	bank.NeedsAuthentication(sub)
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, customer, "trial", sub), nil).Expect(t, http.StatusOK)

	body := a.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: audit27d-auth").ExpectError(t, http.StatusForbidden, "human_required")
	action, _ := body["action_url"].(string)
	if !strings.HasPrefix(action, env.URL+"/portal/") {
		t.Fatalf("action_url %q is not the service's own link %s/portal/...", action, env.URL)
	}
	if st := status(t, a); st != "trialing" {
		t.Fatalf("status %v after the refused activation, want trialing", st)
	}

	// The agent tries again with a new key: the same payment waits, and
	// the trial's end is not invoiced twice.
	again := a.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: audit27d-auth-again").ExpectError(t, http.StatusForbidden, "human_required")
	if n := bank.Kept(sub); n != 1 {
		t.Fatalf("%d updates kept pending at Stripe after a retry, want 1", n)
	}
	if u, _ := again["action_url"].(string); !strings.HasPrefix(u, env.URL+"/portal/") {
		t.Fatalf("the retry's action_url %q is not the service's own link", u)
	}

	// The owner opens the link, hours later: the invoice's payment page.
	env.Advance(t, (20 * time.Hour).Seconds())
	invoice := stripepaytest.PendingInvoice(sub)
	r := env.Client().Do(t, "GET", strings.TrimPrefix(action, env.URL), nil)
	if r.Status != http.StatusSeeOther || r.Header.Get("Location") != stripepaytest.InvoicePage(invoice) {
		t.Fatalf("opening action_url: %d Location %q, want 303 to the invoice's payment page %q", r.Status, r.Header.Get("Location"), stripepaytest.InvoicePage(invoice))
	}
	// The billing portal link still opens the billing portal.
	portal := a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	if r := env.Client().Do(t, "GET", strings.TrimPrefix(portal, env.URL), nil); r.Status != http.StatusSeeOther || r.Header.Get("Location") == stripepaytest.InvoicePage(invoice) {
		t.Fatalf("opening portal_url: %d Location %q, want 303 to the billing portal", r.Status, r.Header.Get("Location"))
	}

	// The cardholder authenticates and pays: Stripe applies the trial's
	// end and reports the invoice paid.
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	env.SendStripe(t, "invoice.paid", map[string]any{
		"id": invoice, "object": "invoice", "billing_reason": "subscription_update", "customer": customer,
		"currency": "usd", "amount_due": 4950, "amount_paid": 4950, "status": "paid",
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
			"subscription": sub, "metadata": map[string]any{"account_id": a.ID},
		}},
		"lines": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "il_" + invoice, "object": "line_item", "amount": 4950, "currency": "usd",
			"period": map[string]any{"start": now.Unix(), "end": now.AddDate(0, 1, 0).Unix()},
		}}},
	}, nil).Expect(t, http.StatusOK)
	if st := status(t, a); st != "active" {
		t.Fatalf("status %v once the invoice was paid, want active", st)
	}
	// Past its 24 hours the link opens nothing.
	env.Advance(t, (5 * time.Hour).Seconds())
	if r := env.Client().Do(t, "GET", strings.TrimPrefix(action, env.URL), nil); r.Status != http.StatusNotFound || r.Header.Get("Location") != "" {
		t.Fatalf("opening action_url after 25 hours: %d Location %q, want the 404 page", r.Status, r.Header.Get("Location"))
	}

	// A declined card changes nothing: its invoice is not left open.
	d := env.NewAccount(t, "")
	const declined = "sub_Audit27dDeclined"
	bank.Declines(declined)
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(d.ID, "cus_Audit27dDeclined", "trial", declined), nil).Expect(t, http.StatusOK)
	body = d.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: audit27d-declined").ExpectError(t, http.StatusPaymentRequired, "payment_failed")
	if u, _ := body["action_url"].(string); u == "" {
		t.Fatalf("payment_failed without action_url: %v", body)
	}
	if st := status(t, d); st != "trialing" {
		t.Fatalf("status %v after a declined activation, want trialing", st)
	}
	if bank.Pending(declined) {
		t.Fatalf("the declined activation is left pending at Stripe with its invoice open, want it voided")
	}
}

// status returns a's billing status.
func status(t *testing.T, a *testenv.Account) any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["status"]
}
