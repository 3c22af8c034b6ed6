package audit27g

import (
	"testing"
	"time"
)

// agencySites is how many Studio sites the agency account of these tests
// runs: no spec limit bounds them, and changing each in the billing
// event's one transaction (three to four writes a site) passes
// DynamoDB's 100 writes.
const agencySites = 40

// TestCancellingAgencySubscriptionStopsEveryStudioSite: spec 6
// ("site.removal_scheduled | Studio site set to stop | site with
// removes_at"), spec 2 Site ("removes_at | scheduled removal; the site runs
// until then") and spec 3 (a scheduled cancellation is billing.canceled,
// cancel_at_period_end true). Defect: the subscription update that
// schedules the cancellation changed every running Studio site (its
// removes_at, a site.removal_scheduled, an activity entry) in the billing
// event's own transaction, so with 32 Studio sites or more it passed
// DynamoDB's 100 writes a transaction and failed whole: the account kept
// cancel_at_period_end false, no site was set to stop and no event was
// recorded, however often the processor delivered it (the dev stack's
// processor logged the failure and went on). Resuming had the same bound.
// Now the billing event's transaction records the change of the account
// and the follow-up its sites need, and each site changes in a small
// transaction of its own, conditioned on the site's state, with one
// site.removal_scheduled (or removal_cancelled activity) each.
func TestCancellingAgencySubscriptionStopsEveryStudioSite(t *testing.T) {
	env, acct, ids := agency(t, agencySites)

	portalAction(t, env, acct, "cancel")
	b := billing(t, acct)
	end, _ := b["current_period_end"].(string)
	if b["cancel_at_period_end"] != true || end == "" {
		t.Fatalf("billing after cancelling an account with %d Studio sites: cancel_at_period_end %v, current_period_end %v; want true and the period's end", agencySites, b["cancel_at_period_end"], b["current_period_end"])
	}
	sites := studioSites(t, acct)
	scheduled := perSite(t, acct, "site.removal_scheduled")
	for _, id := range ids {
		if s := sites[id]; s["status"] != "active" || s["removes_at"] != end {
			t.Errorf("Studio site %s after the cancellation: status %v, removes_at %v; want active, %s", id, s["status"], s["removes_at"], end)
		}
		if scheduled[id] != 1 {
			t.Errorf("site.removal_scheduled events of Studio site %s: %d, want 1", id, scheduled[id])
		}
	}

	portalAction(t, env, acct, "resume")
	if b := billing(t, acct); b["cancel_at_period_end"] != false {
		t.Fatalf("billing after resuming: cancel_at_period_end %v, want false", b["cancel_at_period_end"])
	}
	sites = studioSites(t, acct)
	for _, id := range ids {
		if s := sites[id]; s["status"] != "active" || s["removes_at"] != nil {
			t.Errorf("Studio site %s after resuming: status %v, removes_at %v; want active, null", id, s["status"], s["removes_at"])
		}
	}
	// Nothing is left for a later run to do twice.
	env.RunScheduled(t)
	scheduled = perSite(t, acct, "site.removal_scheduled")
	for _, id := range ids {
		if scheduled[id] != 1 {
			t.Errorf("site.removal_scheduled events of Studio site %s after a scheduled run: %d, want 1", id, scheduled[id])
		}
	}
}

// endingSites is more Studio sites than the end of a subscription could
// archive in one transaction (four writes a site), and few enough that
// setting them to stop fitted one before the cancellation's fix: the test
// of the end stands on its own.
const endingSites = 30

// TestEndingAgencySubscriptionArchivesEveryStudioSite: README ("When a
// subscription ends, every Studio site is archived"), spec 3 ("Site |
// removal time reached | | archived | event site.archived") and spec 6
// (billing.ended). Defect: the subscription's end archived every Studio
// site (the site, its removal, a site.archived, an activity entry) in the
// billing event's own transaction, so with 24 Studio sites or more it
// passed DynamoDB's 100 writes and failed whole: the account stayed
// active with its sites running and billing.ended was never recorded,
// while the processor had ended the subscription. Now the end commits the
// account's change and then archives each site in a transaction of its
// own (as of removes_at), once each, and a scheduled run finishes what a
// crash left.
func TestEndingAgencySubscriptionArchivesEveryStudioSite(t *testing.T) {
	env, acct, ids := agency(t, endingSites)
	portalAction(t, env, acct, "cancel")
	end, _ := billing(t, acct)["current_period_end"].(string)

	env.AdvancePast(t, end, time.Minute)
	env.RunScheduled(t)
	if b := billing(t, acct); b["status"] != "canceled" {
		t.Fatalf("billing after the period's end of an account with %d Studio sites: status %v, want canceled", endingSites, b["status"])
	}
	if n := len(acct.Client.Events(t, "billing.ended")); n != 1 {
		t.Errorf("billing.ended events: %d, want 1", n)
	}
	sites := studioSites(t, acct)
	archived := perSite(t, acct, "site.archived")
	for _, id := range ids {
		if s := sites[id]; s["status"] != "archived" || s["archived_at"] != end {
			t.Errorf("Studio site %s after the end: status %v, archived_at %v; want archived at %s", id, s["status"], s["archived_at"], end)
		}
		if archived[id] != 1 {
			t.Errorf("site.archived events of Studio site %s: %d, want 1", id, archived[id])
		}
	}
	env.RunScheduled(t)
	archived = perSite(t, acct, "site.archived")
	for _, id := range ids {
		if archived[id] != 1 {
			t.Errorf("site.archived events of Studio site %s after another run: %d, want 1", id, archived[id])
		}
	}
}
