package audit28s

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// serve serves h over TLS at https://host on env.
func serve(t *testing.T, env *testenv.Env, host string, h http.Handler) {
	t.Helper()
	srv := httptest.NewTLSServer(h)
	t.Cleanup(srv.Close)
	env.SetHost(t, host, srv.Listener.Addr().String())
}

// connectLink asks for a connect link of integration id on acct's site.
func connectLink(t *testing.T, env *testenv.Env, acct *testenv.Account, id string) string {
	t.Helper()
	link := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/"+id+"/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	return strings.TrimPrefix(link, env.URL)
}

// connect connects integration id of acct's site to https://host with
// token and returns the integration.
func connect(t *testing.T, env *testenv.Env, acct *testenv.Account, id, host, token string) map[string]any {
	t.Helper()
	out := env.Client().Do(t, "POST", connectLink(t, env, acct, id), map[string]any{"site_url": "https://" + host, "api_token": token}).Expect(t, http.StatusOK).JSON(t)
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

// finished creates a finished article called title and returns its id.
func finished(t *testing.T, acct *testenv.Account, title string) string {
	t.Helper()
	base := "/sites/" + acct.SiteID
	a := acct.Client.Agent(t, "POST", base+"/articles", map[string]any{"title": title, "body_markdown": "# " + title + "\n\nText."}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	acct.Client.Agent(t, "POST", base+"/articles/"+a["id"].(string)+"/finish", nil).Expect(t, http.StatusOK)
	return a["id"].(string)
}

// sync runs a sync of integration id and returns its job.
func sync(t *testing.T, acct *testenv.Account, id string) map[string]any {
	t.Helper()
	job := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/"+id+"/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	return acct.Client.WaitJob(t, job["id"].(string))
}
