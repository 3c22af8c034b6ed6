package audit28i

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestRemovingPendingSiteSaysPaymentWaits: README "Billing, credits and
// Studio sites": an add whose charge the bank wants authenticated leaves
// the site `pending` and "holds the account's site change until the
// payment is made ... or until it lapses after 23 hours ..., when the next
// scheduled run removes the site ... (a site change before that run does
// it first). Meanwhile another site change answers 409 `conflict` saying
// a payment waits and when it lapses"; spec 4.5 DELETE "409 conflict
// (another site change in progress)". Defect: DELETE of the pending site
// itself answered "Another site change is in progress on this account.
// Retry in a few seconds." while the payment waited for the cardholder
// (for up to 23 hours), and once the change had lapsed it kept answering
// that instead of doing what the scheduled run would: the site stayed
// pending and undeletable until the scheduler came by. Now it answers
// what every other site change answers meanwhile, and after the lapse it
// releases the change first, so the site is gone (404).
func TestRemovingPendingSiteSaysPaymentWaits(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	env.ReplaceCard(t, a, "4000002500003155")
	a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit28i-pending"), "Idempotency-Key: audit28i-pending").ExpectError(t, http.StatusForbidden, "human_required")
	list := a.StudioSites(t)
	if len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("Studio sites %v while the payment waits, want one pending", list)
	}
	id := list[0]["id"].(string)

	other := a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit28i-other"), "Idempotency-Key: audit28i-other").ExpectError(t, http.StatusConflict, "conflict")
	want, _ := other["error"].(string)
	if !strings.Contains(want, "waiting") {
		t.Fatalf("another addition meanwhile answered %q, want the waiting payment named", want)
	}
	got := a.Client.Agent(t, "DELETE", "/sites/"+id, nil).ExpectError(t, http.StatusConflict, "conflict")
	if got["error"] != want {
		t.Errorf("DELETE of the pending site answered %q, want what another site change answers meanwhile: %q", got["error"], want)
	}

	// Lapsed, not yet released by the scheduler: the DELETE releases it
	// first, which removes the site the add left pending.
	env.Advance(t, (24 * time.Hour).Seconds())
	a.Client.Agent(t, "DELETE", "/sites/"+id, nil).ExpectError(t, http.StatusNotFound, "not_found")
	if list := a.StudioSites(t); len(list) != 0 {
		t.Errorf("Studio sites %v after the lapsed addition was released, want none", list)
	}
}
