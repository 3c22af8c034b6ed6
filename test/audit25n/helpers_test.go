package audit25n

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// owner is an account on a trial with a site key on its primary site.
type owner struct {
	env  *testenv.Env
	acct *testenv.Account
	key  string
}

// newOwner creates an account for website on env, starts its trial and
// creates a site key.
func newOwner(t *testing.T, env *testenv.Env, website string) *owner {
	t.Helper()
	o := &owner{env: env, acct: env.NewAccount(t, website)}
	env.Trial(t, o.acct, testenv.TestCardOK)
	o.key = o.api(t, "POST", "/sites/"+o.acct.SiteID+"/keys", nil).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)["key"].(string)
	return o
}

// api calls the agent API as the account's agent.
func (o *owner) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return o.acct.Client.Agent(t, method, path, body, headers...)
}

// pub calls the public articles API (path relative to /api/public/v1)
// with the owner's site key.
func (o *owner) pub(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return o.env.Client().As(o.key).Do(t, method, "/api/public/v1"+path, body, headers...)
}

// article is the agent API path of one of the site's articles.
func (o *owner) article(id string) string {
	return "/sites/" + o.acct.SiteID + "/articles/" + id
}

// written creates an article through the agent API and finishes it,
// returning its id.
func (o *owner) written(t *testing.T, title string) string {
	t.Helper()
	a := o.api(t, "POST", "/sites/"+o.acct.SiteID+"/articles", map[string]any{
		"title": title, "keyword": "garden tools", "tags": []string{"garden"},
		"body_markdown": "# " + title + "\n\nSome words about garden tools.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	o.api(t, "POST", o.article(id)+"/finish", nil).Expect(t, http.StatusOK)
	return id
}
