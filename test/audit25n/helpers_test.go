package audit25n

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// owner is an account on a trial with a site key on its primary site.
type owner struct{ *testenv.KeyOwner }

// newOwner creates an account for website on env, starts its trial and
// creates a site key (testenv.Env.NewKeyOwner).
func newOwner(t *testing.T, env *testenv.Env, website string) *owner {
	t.Helper()
	return &owner{env.NewKeyOwner(t, website, false)}
}

// article is the agent API path of one of the site's articles.
func (o *owner) article(id string) string {
	return "/sites/" + o.SiteID + "/articles/" + id
}

// written creates an article through the agent API and finishes it,
// returning its id.
func (o *owner) written(t *testing.T, title string) string {
	t.Helper()
	a := o.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{
		"title": title, "keyword": "garden tools", "tags": []string{"garden"},
		"body_markdown": "# " + title + "\n\nSome words about garden tools.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	o.Agent(t, "POST", o.article(id)+"/finish", nil).Expect(t, http.StatusOK)
	return id
}
