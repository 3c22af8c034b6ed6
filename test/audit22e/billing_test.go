package audit22e

import (
	"net/http"
	"strings"
	"testing"
)

// TestTrialSetToEndIsNotToldToActivate: a trial the owner set to end in
// the billing portal cannot be ended early: POST /billing/activate answers
// 409 until it is resumed. So the answers that send an agent to the paid
// plan (the Studio quote's message, POST /sites' and the backlink
// exchange's 402 paid_plan_required) say to resume it first, and the
// Billing page offers no "End the trial and pay now" button that can only
// be refused. They said "End the trial now with POST /billing/activate."
// and the page offered the button, so an agent, or the owner, following
// the advice got the 409.
func TestTrialSetToEndIsNotToldToActivate(t *testing.T) {
	o := newOwner(t)
	o.env.Trial(t, o.Account, "4242424242424242")
	o.env.CancelAtPeriodEnd(t, o.Account)
	o.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: early").ExpectError(t, http.StatusConflict, "conflict")

	says := func(what, msg string) {
		t.Helper()
		if strings.Contains(msg, "End the trial now with POST /billing/activate.") || !strings.Contains(msg, "POST /billing/portal") {
			t.Errorf("%s: %q, want advice to resume the trial in the billing portal first", what, msg)
		}
	}
	q := o.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	if q["block"] != "trialing" || q["due_today"] != 0.0 {
		t.Errorf("quote %v, want block trialing, nothing due", q)
	}
	says("the Studio quote", q["message"].(string))
	add := o.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://beta-shop.com", "site_name": "Beta shop"}).
		ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	says("POST /sites", add["error"].(string))
	dom := o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/backlinks/domain", map[string]any{"domain": "acme.com"}).
		ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	says("POST .../backlinks/domain", dom["error"].(string))

	page := o.Browser.Get(t, "/dashboard/billing").Expect(t, http.StatusOK, "set to end", "Manage card, invoices or cancellation")
	if page.HasForm("/dashboard/billing/activate") {
		t.Errorf("the Billing page offers ending a trial that cannot be ended:\n%s", page.Body)
	}
	if strings.Contains(page.Body, "POST /billing") {
		t.Errorf("the Billing page names an endpoint:\n%s", page.Body)
	}
}
