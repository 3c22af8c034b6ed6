package audit29q

import (
	"net/http"
	"testing"

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

// browse signs a's owner (claimed) in, in a new browser, and returns it:
// a session started before the clock moved a month has ended.
func browse(t *testing.T, env *testenv.Env, a *testenv.Account) *testenv.Browser {
	t.Helper()
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	return b
}
