package audit29g

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// archive schedules the removal of a's Studio site id and runs the
// scheduler past its removes_at, failing t unless the site is then
// archived.
func archive(t *testing.T, env *testenv.Env, a *testenv.Account, id string) {
	t.Helper()
	site := a.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	env.AdvancePast(t, site["removes_at"].(string), 0)
	env.Advance(t, 60)
	env.RunScheduled(t)
	if st := a.Client.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["status"]; st != "archived" {
		t.Fatalf("Studio site status %v after its removal time, want archived", st)
	}
}

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

// browse signs a's owner (claimed) in, in a new browser, and returns it:
// a session started before the clock moved a month has ended.
func browse(t *testing.T, env *testenv.Env, a *testenv.Account) *testenv.Browser {
	t.Helper()
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	return b
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
