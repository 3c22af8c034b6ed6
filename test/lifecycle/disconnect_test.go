package lifecycle_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestDisconnectDisablesTheAppsWebhooks: spec 5, revocation "also disables
// webhook endpoints that credential created", however the connection goes:
// the app's own token revocation (POST /oauth/revoke), refresh token reuse
// detection, or DELETE /agent-keys/{id} by another credential. Each time
// the owner is emailed "Agent access revoked: <name>", the connection
// leaves the list, and its tokens answer 401.
func TestDisconnectDisablesTheAppsWebhooks(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")

	ways := map[string]func(g grant, tok tokens, connection string){
		"oauth revoke": func(g grant, tok tokens, _ string) {
			form := url.Values{"token": {tok.RefreshToken}, "client_id": {g.clientID}}
			env.Client().Do(t, "POST", "/oauth/revoke", form.Encode(), "Content-Type: application/x-www-form-urlencoded").Expect(t, http.StatusOK)
		},
		"refresh reuse": func(g grant, tok tokens, _ string) {
			if st, _ := g.refresh(t, env, tok.RefreshToken); st != http.StatusOK {
				t.Fatalf("refresh %d", st)
			}
			if st, out := g.refresh(t, env, tok.RefreshToken); st != http.StatusBadRequest || out.Error != "invalid_grant" {
				t.Fatalf("reuse %d %+v", st, out)
			}
		},
		"agent key revokes": func(_ grant, _ tokens, connection string) {
			a.Client.Agent(t, "DELETE", "/agent-keys/"+connection, nil).Expect(t, http.StatusOK)
		},
	}
	for name, revoke := range ways {
		t.Run(name, func(t *testing.T) {
			app := "App " + strings.ReplaceAll(name, " ", "-")
			g := approve(t, env, b, app)
			st, tok := g.exchange(t, env)
			if st != http.StatusOK {
				t.Fatalf("exchange %d", st)
			}
			c := env.Client().As(tok.AccessToken)
			hook := c.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/" + strings.ReplaceAll(name, " ", "-"), "events": []string{"*"}}).
				Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)
			if by := hook["created_by"].(map[string]any); by["type"] != "app" || by["name"] != app {
				t.Fatalf("created_by %v", by)
			}
			connection := hook["created_by"].(map[string]any)["id"].(string)

			revoke(g, tok, connection)

			c.Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
			w := a.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).JSON(t)["webhooks"].([]any)
			found := false
			for _, x := range w {
				x := x.(map[string]any)
				if x["id"] == hook["id"] {
					found = true
					if x["enabled"] != false || x["disabled_reason"] != "credential_revoked" {
						t.Errorf("the app's webhook after %s: enabled %v, disabled_reason %v", name, x["enabled"], x["disabled_reason"])
					}
				}
			}
			if !found {
				t.Errorf("the app's webhook is gone after %s", name)
			}
			for _, k := range a.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).JSON(t)["agent_keys"].([]any) {
				if k.(map[string]any)["id"] == connection {
					t.Errorf("the connection is still listed after %s", name)
				}
			}
			mailed := false
			for _, m := range env.Emails(t, a.Email) {
				mailed = mailed || m.Subject == "Agent access revoked: "+app
			}
			if !mailed {
				t.Errorf("no revocation mail after %s", name)
			}
		})
	}
}
