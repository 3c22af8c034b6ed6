package audit26o

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// pushRig is an account on a trial whose push_platform_1 is connected to
// the dev stack's fixture push platform.
type pushRig struct {
	env  *testenv.Env
	acct *testenv.Account
}

func newPushRig(t *testing.T, site string) *pushRig {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Shared(t)
	r := &pushRig{env: env, acct: env.NewAccount(t, site)}
	env.Trial(t, r.acct, testenv.TestCardOK)
	return r
}

func (r *pushRig) api(t *testing.T, method, path string, body any) *testenv.Response {
	t.Helper()
	return r.acct.Client.Agent(t, method, path, body)
}

// path is push_platform_1's agent API path.
func (r *pushRig) path() string {
	return "/sites/" + r.acct.SiteID + "/integrations/push_platform_1"
}

// connect connects push_platform_1 to the fixture platform
// (https://platform.example.com, token dev-platform-token).
func (r *pushRig) connect(t *testing.T) {
	t.Helper()
	out := r.api(t, "POST", r.path()+"/connect", nil).Expect(t, http.StatusOK).JSON(t)
	link := out["connect"].(map[string]any)["connect_url"].(string)
	r.env.Client().Do(t, "POST", strings.TrimPrefix(link, r.env.URL), map[string]any{
		"site_url": "https://platform.example.com", "api_token": "dev-platform-token",
	}).Expect(t, http.StatusOK)
}

// finished creates a finished article.
func (r *pushRig) finished(t *testing.T, title string) string {
	t.Helper()
	a := r.api(t, "POST", "/sites/"+r.acct.SiteID+"/articles", map[string]any{
		"title": title, "description": "About " + title, "body_markdown": "# " + title + "\n\nSome words about " + title + ".\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	r.api(t, "POST", "/sites/"+r.acct.SiteID+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	return id
}
