package audit28c

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestStudioAddPaidAfterCancellationStopsWithSubscription: README,
// "Scheduling the subscription's cancellation sets every running Studio
// site to stop with it: removes_at becomes current_period_end, with one
// site.removal_scheduled each"; spec 3 (DELETE ... "stays active with
// removes_at set", event site.removal_scheduled) and spec 2 Site ("A site
// is usable when status is active and removes_at is null or in the
// future"). Defect: a Studio site whose charge waited for the cardholder
// (pending) when the owner scheduled the cancellation was skipped by it;
// once the payment was authenticated the site became active with
// removes_at null and no site.removal_scheduled, so it looked as if it
// would run on after the subscription ended. It now stops with the
// subscription like every other running Studio site.
func TestStudioAddPaidAfterCancellationStopsWithSubscription(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	env.ReplaceCard(t, a, "4000002500003155")

	body := a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit28c-inflight"), "Idempotency-Key: audit28c-inflight").
		ExpectError(t, http.StatusForbidden, "human_required")
	path := env.PaymentWaiting(t, body["action_url"].(string))
	env.CancelAtPeriodEnd(t, a)
	env.Client().Do(t, "POST", path+"/authenticate", nil).Expect(t, http.StatusOK)

	b := billingOf(t, a)
	if b["cancel_at_period_end"] != true {
		t.Fatalf("billing %v, want cancel_at_period_end true", b)
	}
	list := a.StudioSites(t)
	if len(list) != 1 {
		t.Fatalf("Studio sites %v, want one", list)
	}
	site := siteOf(t, a, list[0]["id"].(string))
	if site["status"] != "active" || site["removes_at"] != b["current_period_end"] {
		t.Errorf("site paid for after the cancellation was scheduled: status %v, removes_at %v; want active, removes_at %v (current_period_end)",
			site["status"], site["removes_at"], b["current_period_end"])
	}
	if evs := a.Client.Events(t, "site.removal_scheduled"); len(evs) != 1 || evs[0].SiteID == nil || *evs[0].SiteID != site["id"] {
		t.Errorf("site.removal_scheduled events %v, want one for site %v", evs, site["id"])
	}
}
