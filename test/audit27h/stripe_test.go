package audit27h

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/test/testenv"
)

// TestStripeStudioAddWaitsForAuthentication: spec 4.5 ("POST /sites ...
// only a successful charge creates the site ... 403 human_required (bank
// needs cardholder authentication)"), spec 2 Site ("status: pending
// (Studio payment in flight)"), spec 3 ("POST /sites | paid plan, charge
// succeeds | active (pending while payment is in flight) | scan starts;
// event site.added"), spec 7 ("action_url (owner page, on human_required
// ...)") and the answer's own sentence ("The owner can complete it at
// action_url"). With Stripe the prorated charge was sent with
// payment_behavior=error_if_incomplete, so when the bank asked for
// authentication Stripe rolled the change back, the pending site was
// deleted and the action_url was the billing portal, where there is no
// payment to authenticate: the owner could never add the site, and a
// retry only asked the bank again. Now the charge is sent with
// pending_if_incomplete: the action_url opens the invoice's hosted page,
// the site stays pending (GET /sites, GET /sites/{id}) holding the
// account's site change (a second POST /sites answers 409 conflict, even
// hours later), and when Stripe reports the invoice paid the site becomes
// active with its scan and site.added, and the subscription bills it. A
// decline still changes nothing: its pending invoice is voided at once,
// the answer is 402 payment_failed and no site is left.
func TestStripeStudioAddWaitsForAuthentication(t *testing.T) {
	env, bank := testenv.StartBank(t)
	a := env.NewAccount(t, "")
	const customer, sub = "cus_Audit27hAdd", "sub_Audit27hAdd"
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, customer, "trial", sub), nil).Expect(t, http.StatusOK)
	start := env.Time(t)
	end := start.AddDate(0, 1, 0)
	env.SendStripe(t, "invoice.paid", testenv.StripeInvoicePaid(a.ID, customer, sub, "in_Audit27hFirst", "subscription_update", 4950, start, end), nil).Expect(t, http.StatusOK)
	if st := billing(t, a)["status"]; st != "active" {
		t.Fatalf("status %v after the first invoice, want active", st)
	}

	bank.NeedsAuthentication(sub)
	env.Advance(t, 60)
	body := a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-auth"), "Idempotency-Key: audit27h-auth").ExpectError(t, http.StatusForbidden, "human_required")
	action, _ := body["action_url"].(string)
	invoice := stripepaytest.PendingInvoice(sub)
	if !strings.HasPrefix(action, env.URL+"/portal/") {
		t.Fatalf("action_url %q is not the service's own link %s/portal/...", action, env.URL)
	}
	if r := env.Client().Do(t, "GET", strings.TrimPrefix(action, env.URL), nil); r.Status != http.StatusSeeOther || r.Header.Get("Location") != stripepaytest.InvoicePage(invoice) {
		t.Fatalf("opening action_url: %d Location %q, want 303 to the invoice's payment page %q", r.Status, r.Header.Get("Location"), stripepaytest.InvoicePage(invoice))
	}

	// Meanwhile the site is pending, and says so.
	list := a.StudioSites(t)
	if len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("GET /sites lists Studio sites %v while the payment waits, want one pending", list)
	}
	id := list[0]["id"].(string)
	if st := a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["status"]; st != "pending" {
		t.Fatalf("GET /sites/{id} status %v while the payment waits, want pending", st)
	}
	if n := billing(t, a)["studio_sites"]; n != float64(0) {
		t.Fatalf("studio_sites %v while the payment waits, want 0", n)
	}

	// A second site meanwhile, even hours later, is another site change in
	// progress: nothing is asked of the bank.
	env.Advance(t, (3 * time.Hour).Seconds())
	a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-second"), "Idempotency-Key: audit27h-second").ExpectError(t, http.StatusConflict, "conflict")
	if n := bank.Kept(sub); n != 1 {
		t.Fatalf("%d updates kept pending at Stripe, want 1", n)
	}
	if list := a.StudioSites(t); len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("GET /sites lists Studio sites %v hours later, want the one still pending", list)
	}

	// The cardholder authenticates and pays: Stripe applies the quantity
	// and reports the invoice paid.
	env.SendStripe(t, "invoice.paid", testenv.StripeInvoicePaid(a.ID, customer, sub, invoice, "subscription_update", 2475, env.Time(t), end), nil).Expect(t, http.StatusOK)
	site := a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["status"] != "active" || site["billed_from"] == nil {
		t.Fatalf("site %v once the invoice was paid, want active and billed", site)
	}
	if n := billing(t, a)["studio_sites"]; n != float64(1) {
		t.Fatalf("studio_sites %v once the invoice was paid, want 1", n)
	}
	if evs := a.Client.Events(t, "site.added"); len(evs) != 1 || evs[0].SiteID == nil || *evs[0].SiteID != id {
		t.Fatalf("site.added events %v, want one for %s", evs, id)
	}
	if st := a.Client.Agent(t, "GET", "/sites/"+id+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)["status"]; st == nil {
		t.Fatalf("no scan for the site once it was paid")
	}
	// The same report again changes nothing more.
	env.SendStripe(t, "invoice.paid", testenv.StripeInvoicePaid(a.ID, customer, sub, invoice, "subscription_update", 2475, env.Time(t), end), nil).Expect(t, http.StatusOK)
	if n := billing(t, a)["studio_sites"]; n != float64(1) {
		t.Fatalf("studio_sites %v after the paid invoice was reported twice, want 1", n)
	}

	// A declined card changes nothing: no site, no invoice left open, and
	// the next try asks again rather than finding a change in progress.
	d := env.NewAccount(t, "")
	const dcustomer, declined = "cus_Audit27hDeclined", "sub_Audit27hDeclined"
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(d.ID, dcustomer, "trial", declined), nil).Expect(t, http.StatusOK)
	env.SendStripe(t, "invoice.paid", testenv.StripeInvoicePaid(d.ID, dcustomer, declined, "in_Audit27hDeclinedFirst", "subscription_update", 4950, env.Time(t), env.Time(t).AddDate(0, 1, 0)), nil).Expect(t, http.StatusOK)
	bank.Declines(declined)
	d.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-declined"), "Idempotency-Key: audit27h-declined").ExpectError(t, http.StatusPaymentRequired, "payment_failed")
	if list := d.StudioSites(t); len(list) != 0 {
		t.Fatalf("Studio sites %v after a declined charge, want none", list)
	}
	if bank.Pending(declined) {
		t.Fatalf("the declined charge is left pending at Stripe with its invoice open, want it voided")
	}
	d.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-declined-again"), "Idempotency-Key: audit27h-declined-again").ExpectError(t, http.StatusPaymentRequired, "payment_failed")
}
