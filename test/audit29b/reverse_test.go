package audit29b

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/test/testenv"
)

// TestRenewalsReportedNewestFirstEachRecordOneReset: README ("each period
// that grants credits records exactly one, even when the processor
// reports a renewal after a later one (the late one records its period's
// credits.reset and changes no balance or billing state)"; credits are
// granted "at each new period once an invoice has been paid") and spec 6
// ("credits.reset | new period credits granted"). Defect: a late report
// recorded its period's credits.reset only when the period began where an
// already granted one ended, so when three renewals were reported newest
// first (Stripe delivers webhooks in any order, and retries a failed one
// for days), the middle period, reported before the one it follows, never
// recorded its credits.reset. Now a late report of a whole billing period
// (from one period boundary to the next) whose grant was never recorded
// records it, once, whatever the order.
func TestRenewalsReportedNewestFirstEachRecordOneReset(t *testing.T) {
	env, a := reported(t)
	sub := subscription(t, env, a)
	m1, err := clock.Parse(billing(t, a)["current_period_end"].(string))
	if err != nil {
		t.Fatal(err)
	}
	bounds := []time.Time{m1, m1.AddDate(0, 1, 0), m1.AddDate(0, 2, 0), m1.AddDate(0, 3, 0)}
	env.AdvancePast(t, clock.Format(bounds[2]), time.Hour)
	for i := 2; i >= 0; i-- {
		env.SendStripe(t, "invoice.paid", testenv.StripeInvoicePaid(a.ID, "cus_audit29b", sub, fmt.Sprintf("in_Audit29bRev%d", i), "subscription_cycle", 4950, bounds[i], bounds[i+1]), nil).Expect(t, http.StatusOK)
	}
	check := func(when string) {
		t.Helper()
		got := resets(t, a)[a.SiteID]
		for _, start := range bounds[:3] {
			if n := got[clock.Format(start)]; n != 1 {
				t.Errorf("%s: %d credits.reset of the period starting %s, want 1 (all: %v)", when, n, clock.Format(start), got)
			}
		}
	}
	check("after the three reports, newest first")
	// The middle period reported once more (another event about its
	// invoice) records nothing more.
	env.SendStripe(t, "invoice.paid", testenv.StripeInvoicePaid(a.ID, "cus_audit29b", sub, "in_Audit29bRev1", "subscription_cycle", 4950, bounds[1], bounds[2]), nil).Expect(t, http.StatusOK)
	check("after the middle period was reported again")
	if b := billing(t, a); b["status"] != "active" || b["current_period_end"] != clock.Format(bounds[3]) {
		t.Fatalf("billing after the reports: status %v, current_period_end %v; want active until %s", b["status"], b["current_period_end"], clock.Format(bounds[3]))
	}
}
