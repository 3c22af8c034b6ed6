package content

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestRetitleMovesTheSlug: the slug is the title's words plus the id's
// first 8 characters for every article, whatever its status: an idea, a
// scheduled article, a finished one and a published one all take the new
// title's slug when retitled.
func TestRetitleMovesTheSlug(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	idea := create(t, c, acct.SiteID, map[string]any{"title": "First idea"})
	planned := create(t, c, acct.SiteID, map[string]any{"title": "First plan", "status": "scheduled"})
	finished := create(t, c, acct.SiteID, map[string]any{"title": "First draft", "body_markdown": "# Draft\n\nSome words."})
	c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles/"+finished.ID+"/finish", nil).Expect(t, http.StatusOK)
	published := create(t, c, acct.SiteID, map[string]any{"title": "First post", "body_markdown": "# Post\n\nSome words."})
	c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles/"+published.ID+"/finish", nil).Expect(t, http.StatusOK)
	c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles/"+published.ID+"/publish", map[string]any{"url": "https://acme.com/blog/first-post"}).Expect(t, http.StatusOK)

	for _, a := range []article{idea, planned, finished, published} {
		var got struct{ Article article }
		c.Agent(t, "PATCH", "/sites/"+acct.SiteID+"/articles/"+a.ID, map[string]any{"title": "Brand New Title"}).Expect(t, http.StatusOK).Decode(t, &got)
		want := "brand-new-title-" + a.ID[:8]
		if got.Article.Slug != want {
			t.Errorf("%s article %q retitled: slug %q, want %q", a.Status, a.Title, got.Article.Slug, want)
		}
		c.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles/"+a.ID, nil).Expect(t, http.StatusOK).Decode(t, &got)
		if got.Article.Slug != want {
			t.Errorf("%s article %q reads back slug %q, want %q", a.Status, a.Title, got.Article.Slug, want)
		}
	}
}
