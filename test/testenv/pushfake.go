package testenv

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// ServeTLS serves h over TLS at https://host on the stack (a push
// platform's fake site, say) until t ends.
func (e *Env) ServeTLS(t testing.TB, host string, h http.Handler) {
	t.Helper()
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	e.SetHost(t, host, srv.Listener.Addr().String())
}

// ConnectLink asks for a connect link of integration id on acct's site
// and returns its path on the stack.
func (e *Env) ConnectLink(t testing.TB, acct *Account, id string) string {
	t.Helper()
	link := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/"+id+"/connect", nil).
		Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	return strings.TrimPrefix(link, e.URL)
}

// Connect connects integration id of acct's site to https://host with
// token through a new connect link, as the owner would, and returns the
// integration.
func (e *Env) Connect(t testing.TB, acct *Account, id, host, token string) map[string]any {
	t.Helper()
	out := e.Client().Do(t, "POST", e.ConnectLink(t, acct, id), map[string]any{"site_url": "https://" + host, "api_token": token}).
		Expect(t, http.StatusOK).JSON(t)
	if out["connected"] != true {
		t.Fatalf("connect answer %v", out)
	}
	return out["integration"].(map[string]any)
}

// StartTrialAt starts a quiet stack of t's own (StartQuiet) with an
// account on a trial whose website is https://host (a host that answers
// nothing, so its scan fails at once).
func StartTrialAt(t *testing.T, host string) (*Env, *Account) {
	t.Helper()
	env := StartQuiet(t)
	env.SetHost(t, host, "127.0.0.1:1")
	acct := env.NewAccount(t, "https://"+host+"/")
	env.Trial(t, acct, TestCardOK)
	return env, acct
}
