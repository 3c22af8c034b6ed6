package audit23d

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// mcpList is a tools/list message, which only reads: a credential accepted
// before is checked beside it (README, "MCP tools"), so a disconnected
// app's next request must still be refused.
const mcpList = `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`

// mcp posts message to /mcp with token.
func mcp(t *testing.T, env *testenv.Env, token, message string) *testenv.Response {
	t.Helper()
	return env.Client().As(token).Do(t, "POST", "/mcp", message, "Accept: application/json, text/event-stream")
}

// TestDashboardDisconnectStopsTheAppAtOnce: spec 5, OAuth rule 9 ("The
// connection is checked on every request, so disconnecting takes effect at
// once") and Revocation ("The owner ... disconnects an app in the
// dashboard"; "the next request returns 401 unauthorized"). The owner's
// Disconnect on the agent keys and apps page stops the app's access token
// on the agent API and on /mcp at the next request, each with the agent
// API's 401 and WWW-Authenticate, even right after reads that warmed the
// check; its refresh token answers invalid_grant (rule 8). Other tests
// disconnect through the API; this one goes through the dashboard form.
func TestDashboardDisconnectStopsTheAppAtOnce(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Dashboard Disconnect App")
	tok := o.Connect(t, app)
	connection, _ := testenv.JWTClaims(t, tok.AccessToken)["connection_id"].(string)
	api := env.Client().As(tok.AccessToken)
	for range 2 {
		api.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
		mcp(t, env, tok.AccessToken, mcpList).Expect(t, http.StatusOK)
	}

	const page = "/dashboard/settings/agents"
	action := page + "/" + connection + "/revoke"
	form := o.Browser.Get(t, page).Expect(t, http.StatusOK, "Dashboard Disconnect App").Form(t, action)
	o.Browser.Post(t, action, form).Redirect(t, http.StatusSeeOther, env.URL+page)

	unknown := env.Client().Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	want := `Bearer resource_metadata="` + env.URL + `/.well-known/oauth-protected-resource"`
	for name, r := range map[string]*testenv.Response{
		"agent API": api.Agent(t, "GET", "/account", nil),
		"MCP":       mcp(t, env, tok.AccessToken, mcpList),
	} {
		if r.Status != http.StatusUnauthorized || r.Header.Get("WWW-Authenticate") != want || string(r.Body) != string(unknown.Body) {
			t.Errorf("%s after the dashboard disconnect: %d %s (WWW-Authenticate %q), want the 401 of no credential %s", name, r.Status, r.Body, r.Header.Get("WWW-Authenticate"), unknown.Body)
		}
	}
	if _, err := testenv.Refresh(app, tok.RefreshToken); testenv.GrantError(t, err) != "invalid_grant" {
		t.Fatalf("refresh after the dashboard disconnect: %v, want invalid_grant", err)
	}
	if k := o.Client.AgentKey(t, connection); k != nil {
		t.Fatalf("the disconnected app is still listed: %v", k)
	}
}
