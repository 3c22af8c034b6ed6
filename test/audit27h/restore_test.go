package audit27h

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestSimulatedStudioRestoreCanBeAuthenticated: spec 4.5 ("POST
// /sites/{site_id}/restore ... Same errors as adding a site", among them
// "403 human_required (bank needs cardholder authentication)"), spec 3
// ("POST /sites/{site_id}/restore | archived | active again | prorated
// charge; articles return"), spec 2 Site ("pending (Studio payment in
// flight)") and spec 7 ("action_url (owner page, on human_required
// ...)"). Restoring an archived Studio site whose prorated charge needed
// the cardholder put the site back to archived at once and pointed
// action_url at the billing portal, where nothing could be authenticated,
// so the site could never come back while the bank asked. Now the restore
// waits, as an addition does: the site is pending, the action_url page
// shows the waiting payment, and authenticating it there charges the card
// and makes the site active again with a fresh allowance, billed again.
func TestSimulatedStudioRestoreCanBeAuthenticated(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	id := a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit27h-restore"), "Idempotency-Key: audit27h-restore").Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	removes := a.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["removes_at"].(string)
	env.AdvancePast(t, removes, time.Minute)
	env.RunScheduled(t)
	if st := a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["status"]; st != "archived" {
		t.Fatalf("site %v past its removal, want archived", st)
	}
	env.ReplaceCard(t, a, "4000002500003155")

	body := a.Client.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: audit27h-restore-auth").ExpectError(t, http.StatusForbidden, "human_required")
	action, _ := body["action_url"].(string)
	path := env.PaymentWaiting(t, action)
	if st := a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["status"]; st != "pending" {
		t.Fatalf("site %v while the restore's payment waits, want pending", st)
	}

	env.Client().Do(t, "POST", path+"/authenticate", nil).Expect(t, http.StatusOK)
	site := a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["status"] != "active" || site["archived_at"] != nil || site["removes_at"] != nil {
		t.Fatalf("site %v once the payment was authenticated, want active again", site)
	}
	if n := billing(t, a)["studio_sites"]; n != float64(1) {
		t.Fatalf("studio_sites %v once the restore was paid, want 1", n)
	}
}
