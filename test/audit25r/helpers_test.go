package audit25r

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// serveFake serves fake over TLS at https://host on env.
func serveFake(t *testing.T, env *testenv.Env, host string, fake http.Handler) {
	t.Helper()
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, host, srv.Listener.Addr().String())
}

// connectTo connects integration id of acct's site to https://host with
// token through a new connect link and returns the integration.
func connectTo(t *testing.T, env *testenv.Env, acct *testenv.Account, id, host, token string) map[string]any {
	t.Helper()
	link := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/"+id+"/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	out := env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://" + host, "api_token": token}).Expect(t, http.StatusOK).JSON(t)
	if out["connected"] != true {
		t.Fatalf("connect answer %v", out)
	}
	return out["integration"].(map[string]any)
}

// trialAccount starts a quiet stack of t's own with an account on a trial
// whose website is https://host.
func trialAccount(t *testing.T, host string) (*testenv.Env, *testenv.Account) {
	t.Helper()
	env := testenv.StartQuiet(t)
	env.SetHost(t, host, "127.0.0.1:1")
	acct := env.NewAccount(t, "https://"+host+"/")
	env.Trial(t, acct, testenv.TestCardOK)
	return env, acct
}
