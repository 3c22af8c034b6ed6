package audit27g

import (
	"net/http"
	"testing"
	"time"
)

// deref returns *s, or "null" for nil.
func deref(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}

// renewingSites is an agency's Studio sites whose period's grant passes one
// transaction: two writes a site (its balances and credits.reset).
const renewingSites = 50

// TestRenewalGrantsEveryStudioSiteItsCredits: README ("Credits are granted
// ... at each new period once an invoice has been paid"; "a Studio site 15
// of each"), spec 6 ("credits.reset | new period credits granted") and
// spec 3 (a paid renewal moves current_period_end on). Defect: the paid
// renewal granted every Studio site its new period's credits (balances
// and a credits.reset each) in the billing event's own transaction, so
// with 48 Studio sites or more it passed DynamoDB's 100 writes and failed
// whole: the renewal was never recorded (the primary site and every
// Studio site kept the ended period's credits, and no credits.reset was
// recorded), however often the processor delivered it (the dev stack's
// processor had renewed and went on). Now the renewal's transaction grants the primary site and records
// the grant the Studio sites have to follow, and each Studio site gets
// its grant in a transaction of its own, conditioned on not having it, so
// each gets one credits.reset for the period.
func TestRenewalGrantsEveryStudioSiteItsCredits(t *testing.T) {
	env, acct, ids := agency(t, renewingSites)
	end, _ := billing(t, acct)["current_period_end"].(string)

	env.AdvancePast(t, end, time.Minute)
	env.RunScheduled(t)
	b := billing(t, acct)
	if b["status"] != "active" || b["current_period_end"] == end {
		t.Fatalf("billing after the renewal of an account with %d Studio sites: status %v, current_period_end %v; want active in the period after %s", renewingSites, b["status"], b["current_period_end"], end)
	}
	env.RunScheduled(t)
	granted := map[string]int{}
	for _, e := range events(t, acct, "credits.reset") {
		if c, _ := e.Data["credits"].(map[string]any); c != nil && c["period_start"] == end && e.SiteID != nil {
			granted[*e.SiteID]++
		}
	}
	for _, id := range append([]string{acct.SiteID}, ids...) {
		var c struct {
			Credits struct {
				PeriodStart *string `json:"period_start"`
			} `json:"credits"`
		}
		acct.Client.Agent(t, "GET", "/sites/"+id+"/credits", nil).Expect(t, http.StatusOK).Decode(t, &c)
		if c.Credits.PeriodStart == nil || *c.Credits.PeriodStart != end {
			t.Errorf("credits of site %s after the renewal: period_start %s, want the new period's %s", id, deref(c.Credits.PeriodStart), end)
		}
		if n := granted[id]; n != 1 {
			t.Errorf("credits.reset events of site %s for the renewal: %d, want 1", id, n)
		}
	}
}
