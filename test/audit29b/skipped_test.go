package audit29b

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/test/testenv"
)

// TestPeriodSkippedBeforeItsReportRecordsItsReset: README ("each period
// that grants credits records exactly one, even when the processor
// reports a renewal after a later one"; "Period ends. ... the first spend
// in it grants the period (its one credits.reset) and takes from it, and
// the renewal's report keeps those balances"; credits are granted "at
// each new period once an invoice has been paid") and spec 6
// ("credits.reset | new period credits granted"). Defect: when a whole
// period went by before the processor reported its renewal, the first
// spend after it granted the period the clock was in (its
// credits.reset), and the renewal reports that followed, in order, found
// the site's balances of that later period and recorded nothing: the
// period in between, paid and reported, never recorded its
// credits.reset. Now its report records it, once, leaving the balances
// (the later period's) as they are; a period a spend already granted
// (one spend in each period, both before the reports) records no second
// one.
func TestPeriodSkippedBeforeItsReportRecordsItsReset(t *testing.T) {
	env := testenv.StartQuiet(t)
	skipped, each := env.NewAccount(t, ""), env.NewAccount(t, "")
	env.PaidPlan(t, skipped)
	env.PaidPlan(t, each)
	studio := skipped.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("skipped-29b"), "Idempotency-Key: studio-skipped-29b").
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	spendOn := func(a *testenv.Account, site, key string) {
		t.Helper()
		art := a.Client.Agent(t, "POST", "/sites/"+site+"/articles", map[string]any{"title": "Launch pads " + key, "keyword": "launch pads", "status": "scheduled"}).
			Expect(t, http.StatusCreated).Article(t)
		a.Client.Agent(t, "POST", "/sites/"+site+"/articles/"+art["id"].(string)+"/generate", nil, "Idempotency-Key: "+key).Expect(t, http.StatusAccepted)
	}
	spend := func(a *testenv.Account, key string) { t.Helper(); spendOn(a, a.SiteID, key) }
	end := func(a *testenv.Account) time.Time {
		t.Helper()
		at, err := clock.Parse(billing(t, a)["current_period_end"].(string))
		if err != nil {
			t.Fatal(err)
		}
		return at
	}
	m1, e1 := end(skipped), end(each)

	// The second period: one account spends in it, the other does not.
	env.AdvancePast(t, clock.Format(e1), time.Hour)
	spend(each, "each-second")
	if n := resets(t, each)[each.SiteID][clock.Format(e1)]; n != 1 {
		t.Fatalf("%d credits.reset of the second period after its first spend, want 1", n)
	}
	// The third period: both spend, before either renewal is reported.
	mark := env.AdvancePast(t, clock.Format(e1.AddDate(0, 1, 0)), time.Hour)
	spend(skipped, "skipped-third")
	spendOn(skipped, studio, "studio-third")
	spend(each, "each-third")
	env.RunScheduled(t)

	for _, c := range []struct {
		name string
		a    *testenv.Account
		m1   time.Time
		// credits.reset of the second period already seen, else 0.
		seen int
	}{{"no spend in the second period", skipped, m1, 0}, {"a spend in each period", each, e1, 1}} {
		m2 := c.m1.AddDate(0, 1, 0)
		if b := billing(t, c.a); b["status"] != "active" || b["current_period_end"] != clock.Format(m2.AddDate(0, 1, 0)) {
			t.Fatalf("%s: billing once both renewals were reported: status %v, current_period_end %v; want active until %s", c.name, b["status"], b["current_period_end"], clock.Format(m2.AddDate(0, 1, 0)))
		}
		got := resetsSince(t, c.a, mark)[c.a.SiteID]
		for i, start := range []time.Time{c.m1, m2} {
			want := 1
			if i == 0 {
				want -= c.seen
			}
			if n := got[clock.Format(start)]; n != want {
				t.Errorf("%s: %d credits.reset of the period starting %s since the third period began, want %d (all: %v)", c.name, n, clock.Format(start), want, got)
			}
		}
		if c.a == skipped {
			studioGot := resetsSince(t, c.a, mark)[studio]
			for _, start := range []time.Time{c.m1, m2} {
				if n := studioGot[clock.Format(start)]; n != 1 {
					t.Errorf("%s: Studio site: %d credits.reset of the period starting %s since the third period began, want 1 (all: %v)", c.name, n, clock.Format(start), studioGot)
				}
			}
		}
		var cr struct {
			Credits struct {
				PeriodStart string `json:"period_start"`
				Articles    struct{ Balance, Allowance int }
			} `json:"credits"`
		}
		c.a.Client.Agent(t, "GET", "/sites/"+c.a.SiteID+"/credits", nil).Expect(t, http.StatusOK).Decode(t, &cr)
		if cr.Credits.PeriodStart != clock.Format(m2) || cr.Credits.Articles.Allowance != 30 || cr.Credits.Articles.Balance > 29 {
			t.Errorf("%s: credits once both renewals were reported: %+v; want the period starting %s with the spent credit gone", c.name, cr.Credits, clock.Format(m2))
		}
	}
}
