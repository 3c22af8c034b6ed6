package audit27h

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestSimulatedStudioAddCanBeAuthenticated: README, the dev stack's
// simulated processor ("`4000002500003155` completes checkout, then
// charges need the cardholder (403 `human_required`)"), spec 4.5 (POST
// /sites "403 human_required (bank needs cardholder authentication)"),
// spec 2 Site ("pending (Studio payment in flight)") and spec 7
// ("action_url (owner page, on human_required ...)"). With the simulated
// processor a Studio site whose charge needed the cardholder was deleted
// at once and the action_url was the billing portal page, which has no
// payment to authenticate, so the site could never be added. Now the
// charge waits, as with Stripe: the site stays pending, the action_url
// page shows the waiting payment, and its authenticate action (POST
// <action_url>/authenticate, the owner's button) charges the card and
// reports the invoice paid, so the site becomes active (site.added) and
// the subscription bills it.
func TestSimulatedStudioAddCanBeAuthenticated(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	env.ReplaceCard(t, a, "4000002500003155")

	body := a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-sim"), "Idempotency-Key: audit27h-sim").ExpectError(t, http.StatusForbidden, "human_required")
	action, _ := body["action_url"].(string)
	path := env.PaymentWaiting(t, action)
	list := a.StudioSites(t)
	if len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("GET /sites lists Studio sites %v while the payment waits, want one pending", list)
	}
	id := list[0]["id"].(string)
	a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-sim-second"), "Idempotency-Key: audit27h-sim-second").ExpectError(t, http.StatusConflict, "conflict")

	env.Client().Do(t, "POST", path+"/authenticate", nil).Expect(t, http.StatusOK)
	site := a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["status"] != "active" || site["billed_from"] == nil {
		t.Fatalf("site %v once the payment was authenticated, want active and billed", site)
	}
	if n := billing(t, a)["studio_sites"]; n != float64(1) {
		t.Fatalf("studio_sites %v once the payment was authenticated, want 1", n)
	}
	if evs := a.Client.Events(t, "site.added"); len(evs) != 1 {
		t.Fatalf("site.added events %v, want one", evs)
	}
	// Done once: the same action again charges nothing more.
	env.Client().Do(t, "POST", path+"/authenticate", nil).Expect(t, http.StatusConflict)

	// Not authenticated in time, the waiting change lapses: the next
	// addition removes the site it left pending and asks again.
	b := env.NewAccount(t, "")
	env.PaidPlan(t, b)
	env.ReplaceCard(t, b, "4000002500003155")
	b.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-lapsed"), "Idempotency-Key: audit27h-lapsed").ExpectError(t, http.StatusForbidden, "human_required")
	lapsed := b.StudioSites(t)[0]["id"]
	env.Advance(t, (24 * time.Hour).Seconds())
	b.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-after"), "Idempotency-Key: audit27h-after").ExpectError(t, http.StatusForbidden, "human_required")
	if list := b.StudioSites(t); len(list) != 1 || list[0]["id"] == lapsed || list[0]["status"] != "pending" {
		t.Fatalf("Studio sites %v after the first change lapsed and a second waits, want only the second, pending", list)
	}
	if n := billing(t, b)["studio_sites"]; n != float64(0) {
		t.Fatalf("studio_sites %v with nothing paid, want 0", n)
	}
}
