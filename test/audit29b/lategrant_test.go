package audit29b

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/test/testenv"
)

// agencySites is how many Studio sites the agency of the late-report test
// runs: past the 100 writes one DynamoDB transaction takes, with a
// credits.reset a site.
const agencySites = 100

// TestLateRenewalReportOnAHundredStudioSites: README ("each period that
// grants credits records exactly one, even when the processor reports a
// renewal after a later one (the late one records its period's
// credits.reset and changes no balance or billing state)"; "A
// subscription change that touches every Studio site ... changes each
// site in a transaction of its own, so any number of Studio sites works
// (one transaction takes at most 100 writes)"), spec 6 ("credits.reset |
// new period credits granted") and spec 7 (500 is a service failure).
// Defect: a renewal's report that came after a later period's (Stripe
// delivers webhooks in any order) recorded the late period's
// credits.reset for every site in the billing event's own transaction,
// so on an account with about 95 Studio sites or more it passed
// DynamoDB's 100 writes: the webhook answered 500 however often it was
// delivered, and the period's credits.reset was never recorded. Now the
// primary site's is recorded with the billing change and each Studio
// site's in a transaction of its own, once, as the other subscription
// changes do. The sites are added on the simulated processor (stripe-mock
// answers every subscription with the same quantity); the two renewals
// are reported as Stripe reports them, to the signed payments webhook.
func TestLateRenewalReportOnAHundredStudioSites(t *testing.T) {
	env, a := reported(t)
	ids := make([]string, agencySites)
	for i := range ids {
		name := fmt.Sprintf("late%03d-29b", i)
		ids[i] = a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody(name), "Idempotency-Key: add-"+name).
			Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	}
	sub := subscription(t, env, a)

	// Two months on, the third period's renewal is reported before the
	// second's.
	m1, err := clock.Parse(billing(t, a)["current_period_end"].(string))
	if err != nil {
		t.Fatal(err)
	}
	m2, m3 := m1.AddDate(0, 1, 0), m1.AddDate(0, 2, 0)
	env.AdvancePast(t, clock.Format(m2), time.Hour)
	monthly := 4950 * (1 + agencySites)
	env.SendStripe(t, "invoice.paid", testenv.StripeInvoicePaid(a.ID, "cus_audit29b", sub, "in_Audit29bThird", "subscription_cycle", monthly, m2, m3), nil).Expect(t, http.StatusOK)
	r := env.SendStripe(t, "invoice.paid", testenv.StripeInvoicePaid(a.ID, "cus_audit29b", sub, "in_Audit29bSecond", "subscription_cycle", monthly, m1, m2), nil)
	if r.Status != http.StatusOK {
		t.Fatalf("the second period's renewal reported after the third's: %d, want 200: %s", r.Status, r.Body)
	}
	env.RunScheduled(t)

	b := billing(t, a)
	if b["status"] != "active" || b["current_period_end"] != clock.Format(m3) {
		t.Fatalf("billing after the late report: status %v, current_period_end %v; want active until %s", b["status"], b["current_period_end"], clock.Format(m3))
	}
	got := resets(t, a)
	for _, id := range append([]string{a.SiteID}, ids...) {
		if n := got[id][clock.Format(m1)]; n != 1 {
			t.Errorf("site %s: %d credits.reset of the period starting %s (reported late), want 1", id, n, clock.Format(m1))
		}
	}
}
