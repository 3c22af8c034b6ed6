package audit29g

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// endPlan schedules the end of a's subscription and runs the scheduler
// past its period's end, failing t unless the subscription has then
// ended.
func endPlan(t *testing.T, env *testenv.Env, a *testenv.Account) {
	t.Helper()
	env.CancelAtPeriodEnd(t, a)
	b := a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	env.AdvancePast(t, b["current_period_end"].(string), time.Minute)
	env.RunScheduled(t)
	if st := a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["status"]; st != "canceled" {
		t.Fatalf("subscription status %v after its period's end, want canceled", st)
	}
}

// offered returns those of actions that page offers as a form.
func offered(page *testenv.Page, actions ...string) []string {
	var out []string
	for _, a := range actions {
		if page.HasForm(a) {
			out = append(out, a)
		}
	}
	return out
}
