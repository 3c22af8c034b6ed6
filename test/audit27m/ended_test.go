package audit27m

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestSubscriptionEndDropsWaitingStudioChange: spec 3 (the subscription
// ends: "every Studio site is archived"), spec 2 Site ("pending (Studio
// payment in flight)"), README ("When a subscription ends, every Studio
// site is archived"). The end of the subscription let go of the account's
// site change without undoing it, so a site an addition or a restore left
// pending while its charge waited for the cardholder stayed pending for
// ever: no payment can complete it any more, and no later site change
// cleaned it up. Now the end drops it as a lapsed change is dropped: the
// addition's pending site is gone, the restore's site archived again.
func TestSubscriptionEndDropsWaitingStudioChange(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})

	b := env.NewAccount(t, "")
	env.PaidPlan(t, b)
	restored := archivedSite(t, env, b, "audit27m-ended-restore")
	env.ReplaceCard(t, b, waitingCard)
	b.Client.Agent(t, "POST", "/sites/"+restored+"/restore", nil, "Idempotency-Key: audit27m-ended-restore-auth").ExpectError(t, http.StatusForbidden, "human_required")
	env.CancelAtPeriodEnd(t, b)

	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	env.ReplaceCard(t, a, waitingCard)
	added := waitingAdd(t, a, "audit27m-ended-add")
	env.CancelAtPeriodEnd(t, a)

	last := ""
	for _, acct := range []*testenv.Account{a, b} {
		end, _ := billing(t, acct)["current_period_end"].(string)
		if end == "" {
			t.Fatalf("no current_period_end: %v", billing(t, acct))
		}
		last = max(last, end)
	}
	env.AdvancePast(t, last, time.Minute)
	env.RunScheduled(t)
	for _, acct := range []*testenv.Account{a, b} {
		if st := billing(t, acct)["status"]; st != "canceled" {
			t.Fatalf("status %v past the cancelled period's end, want canceled", st)
		}
	}
	if list := a.StudioSites(t); len(list) != 0 {
		t.Fatalf("GET /sites lists Studio sites %v after the subscription ended, want none (the waiting addition dropped)", list)
	}
	a.Client.Agent(t, "GET", "/sites/"+added, nil).ExpectError(t, http.StatusNotFound, "not_found")
	if st := site(t, b, restored)["status"]; st != "archived" {
		t.Fatalf("GET /sites/{id} status %v after the subscription ended, want archived (the waiting restore dropped)", st)
	}
	env.RunScheduled(t)
	if st := site(t, b, restored)["status"]; st != "archived" {
		t.Fatalf("restored site %v after a second run, want archived", st)
	}
}
