package audit25q

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// paidAccount starts a quiet stack (the clock moves and scheduled work runs
// only when a test says so) with an account on the paid plan.
func paidAccount(t *testing.T) (*testenv.Env, *testenv.Account) {
	t.Helper()
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	return env, acct
}

// addStudio adds a Studio site and returns its id.
func addStudio(t *testing.T, acct *testenv.Account, name string) string {
	t.Helper()
	return acct.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://" + name + ".example.org/", "site_name": name}, "Idempotency-Key: add-"+name).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
}
