package audit27m

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestLapsedStudioChargeShowsAtTheNextScheduledRun: README ("An add or
// restore whose charge the bank wants authenticated ... the site stays
// pending ... until the payment is made ... or until it lapses after 23
// hours"), spec 2 Site ("pending (Studio payment in flight)"). Once the
// waiting charge lapsed nothing is in flight any more, yet the site kept
// reading pending in GET /sites and GET /sites/{id} (a restore pending
// rather than archived) for as long as no other site change came to clean
// it up, which may be never. Now the next scheduled run after the lapse
// (billing.site_locks) releases the lapsed change: an addition's pending
// site is gone, a restore's site is archived again, nothing is billed,
// and a new site change is not refused as one in progress.
func TestLapsedStudioChargeShowsAtTheNextScheduledRun(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})

	b := env.NewAccount(t, "")
	env.PaidPlan(t, b)
	restored := archivedSite(t, env, b, "audit27m-lapsed-restore")
	env.ReplaceCard(t, b, waitingCard)
	b.Client.Agent(t, "POST", "/sites/"+restored+"/restore", nil, "Idempotency-Key: audit27m-lapsed-restore-auth").ExpectError(t, http.StatusForbidden, "human_required")
	if st := site(t, b, restored)["status"]; st != "pending" {
		t.Fatalf("site %v while the restore's payment waits, want pending", st)
	}

	// The restore's account went a period on to archive its site first.
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	env.ReplaceCard(t, a, waitingCard)
	added := waitingAdd(t, a, "audit27m-lapsed-add")

	// Before the lapse a scheduled run changes nothing.
	env.Advance(t, (time.Hour).Seconds())
	env.RunScheduled(t)
	if list := a.StudioSites(t); len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("Studio sites %v an hour into the wait, want the one still pending", list)
	}
	if st := site(t, b, restored)["status"]; st != "pending" {
		t.Fatalf("restored site %v an hour into the wait, want pending", st)
	}

	env.Advance(t, (23 * time.Hour).Seconds())
	env.RunScheduled(t)
	if list := a.StudioSites(t); len(list) != 0 {
		t.Fatalf("GET /sites lists Studio sites %v after the waiting addition lapsed and the scheduler ran, want none", list)
	}
	a.Client.Agent(t, "GET", "/sites/"+added, nil).ExpectError(t, http.StatusNotFound, "not_found")
	if st := site(t, b, restored)["status"]; st != "archived" {
		t.Fatalf("GET /sites/{id} status %v after the waiting restore lapsed and the scheduler ran, want archived", st)
	}
	for _, acct := range []*testenv.Account{a, b} {
		if n := billing(t, acct)["studio_sites"]; n != float64(0) {
			t.Fatalf("studio_sites %v with nothing paid, want 0", n)
		}
	}
	// Again changes nothing; a new change is no longer held off.
	env.RunScheduled(t)
	if st := site(t, b, restored)["status"]; st != "archived" {
		t.Fatalf("restored site %v after a second run, want archived", st)
	}
	env.ReplaceCard(t, a, testenv.TestCardOK)
	a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27m-lapsed-next"), "Idempotency-Key: audit27m-lapsed-next").Expect(t, http.StatusCreated)
}
