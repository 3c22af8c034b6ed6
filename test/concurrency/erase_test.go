package concurrency

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// Agent keys, site keys and webhook endpoints created while the owner
// deletes the account: once the deletion has answered, none of the keys
// works (README, erasure: every credential stops working at once); each
// creation either came first, and the deletion revoked it, or answers 401.
func TestCreationsRacingAccountDeletion(t *testing.T) {
	env := stack(t)
	for round := range 3 {
		a := env.NewAccount(t, "")
		env.Claim(t, a)
		env.Trial(t, a, cardOK)
		b := env.NewBrowser(t)
		env.SignIn(t, b, a.Email, "/dashboard")
		form := b.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
		form.Set("confirm", a.Email)
		var deleted *testenv.Page
		rs := testenv.AtOnce(21, func(i int) *testenv.Response {
			if i == 0 {
				deleted = b.Post(t, "/dashboard/settings/delete", form)
				return &testenv.Response{Status: deleted.Status}
			}
			if i%3 == 2 {
				return a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keys", map[string]any{"name": fmt.Sprintf("Late %d", i)}, key("sitekey", i))
			}
			if i%3 == 0 {
				return a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": fmt.Sprintf("https://hooks.example.com/%d", i), "events": []string{"*"}}, key("hook", i))
			}
			return a.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": fmt.Sprintf("Late %d", i)}, key("late", i))
		})
		got := tally(t, "create while deleting", rs)
		// A site-key creation whose credential was checked before the
		// deletion may find its site already erased (404), the race's
		// other honest answer; no creation may succeed and keep working.
		only(t, "create while deleting", got, http.StatusOK, http.StatusCreated, http.StatusUnauthorized, http.StatusNotFound)
		for i, r := range rs[1:] {
			if r.Status == http.StatusNotFound && (i+1)%3 != 2 {
				t.Errorf("round %d: request %d (not a site-key creation) answered 404: %s", round, i+1, r.Body)
			}
		}
		deleted.Expect(t, http.StatusOK, "Account deleted")
		t.Logf("round %d: %v", round, got)
		for i, r := range rs[1:] {
			switch {
			case r.Status != http.StatusCreated:
			case strings.Contains(string(r.Body), `"agent_key"`):
				k := r.JSON(t)["agent_key"].(map[string]any)["key"].(string)
				if s := env.Client().As(k).Agent(t, "GET", "/account", nil).Status; s != http.StatusUnauthorized {
					t.Errorf("round %d: agent key %d made while the account was deleted answers %d after the deletion, want 401", round, i+1, s)
				}
			case strings.Contains(string(r.Body), `"site_key"`):
				k := r.JSON(t)["site_key"].(map[string]any)["key"].(string)
				if s := env.Client().As(k).Do(t, "GET", "/api/public/v1/ping", nil).Status; s != http.StatusUnauthorized {
					t.Errorf("round %d: site key %d made while the account was deleted answers %d after the deletion, want 401", round, i+1, s)
				}
			}
		}
	}
}
