package audit27m

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// waitingCard is the simulated processor's card whose charges need the
// cardholder (README: simulated payment processor).
const waitingCard = "4000002500003155"

// site returns site id of a as GET /sites/{id} shows it.
func site(t *testing.T, a *testenv.Account, id string) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
}

// billing returns a's billing as GET /billing shows it.
func billing(t *testing.T, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}

// waitingAdd adds a Studio site to a, on the paid plan with the waiting
// card, and returns the id of the site left pending while its charge
// waits for the cardholder.
func waitingAdd(t *testing.T, a *testenv.Account, name string) string {
	t.Helper()
	a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody(name), "Idempotency-Key: "+name).ExpectError(t, http.StatusForbidden, "human_required")
	list := a.StudioSites(t)
	if len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("Studio sites %v while the payment waits, want one pending", list)
	}
	return list[0]["id"].(string)
}

// archivedSite adds a Studio site to a, on the paid plan with a card that
// works, removes it and lets its removal pass, and returns its id.
func archivedSite(t *testing.T, env *testenv.Env, a *testenv.Account, name string) string {
	t.Helper()
	id := a.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody(name), "Idempotency-Key: "+name).Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	removes := a.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["removes_at"].(string)
	env.AdvancePast(t, removes, time.Minute)
	env.RunScheduled(t)
	if st := site(t, a, id)["status"]; st != "archived" {
		t.Fatalf("site %v past its removal, want archived", st)
	}
	return id
}
