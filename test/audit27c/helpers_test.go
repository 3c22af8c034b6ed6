package audit27c

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// paidAccount starts a quiet stack (the clock moves and scheduled work runs
// only when a test says so) with a claimed account on the paid plan.
func paidAccount(t *testing.T) (*testenv.Env, *testenv.Account) {
	t.Helper()
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.Claim(t, acct)
	env.PaidPlan(t, acct)
	return env, acct
}

// addStudio adds a Studio site named name and returns it as POST /sites
// answered.
func addStudio(t *testing.T, acct *testenv.Account, name string) map[string]any {
	t.Helper()
	return acct.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://" + name + ".example.org/", "site_name": name}, "Idempotency-Key: add-"+name).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
}

// site returns GET /sites/{id}'s site.
func site(t *testing.T, acct *testenv.Account, id string) map[string]any {
	t.Helper()
	return acct.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
}

// billing returns GET /billing's billing.
func billing(t *testing.T, acct *testenv.Account) map[string]any {
	t.Helper()
	return acct.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}

// portalAction sends action (cancel, resume) on a fresh billing portal link
// of the simulated processor, as the owner would.
func portalAction(t *testing.T, env *testenv.Env, acct *testenv.Account, action string) {
	t.Helper()
	portal := acct.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+"/"+action, nil).Expect(t, http.StatusOK)
}

// siteEvents returns the events of type typ about site id, oldest first.
func siteEvents(t *testing.T, acct *testenv.Account, typ, id string) []testenv.Event {
	t.Helper()
	var out []testenv.Event
	for _, e := range acct.Client.Events(t, typ) {
		if e.SiteID != nil && *e.SiteID == id {
			out = append(out, e)
		}
	}
	return out
}
