// Package content tests the content endpoints (articles and what builds on
// them) over HTTP against a dev stack.
package content

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

type article struct {
	ID           string   `json:"id"`
	SiteID       string   `json:"site_id"`
	Status       string   `json:"status"`
	Title        string   `json:"title"`
	Slug         string   `json:"slug"`
	Description  string   `json:"description"`
	Keyword      *string  `json:"keyword"`
	Tags         []string `json:"tags"`
	BodyMarkdown string   `json:"body_markdown"`
	BodyHTML     string   `json:"body_html"`
	ScheduledFor *string  `json:"scheduled_for"`
	Source       string   `json:"source"`
	CreatedAt    string   `json:"created_at"`
	UpdatedAt    string   `json:"updated_at"`
}

func create(t *testing.T, c *testenv.Client, siteID string, body map[string]any) article {
	t.Helper()
	var out struct{ Article article }
	c.Agent(t, "POST", "/sites/"+siteID+"/articles", body).Expect(t, http.StatusCreated).Decode(t, &out)
	return out.Article
}

func TestArticleLifecycle(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	c := acct.Client

	a := create(t, c, acct.SiteID, map[string]any{"title": "How to Brew Café Coffee", "keyword": "brew coffee", "tags": []string{"coffee"}})
	if a.Status != "opportunity" || a.Source != "api" || a.SiteID != acct.SiteID {
		t.Fatalf("new article = %+v", a)
	}
	if want := "how-to-brew-cafe-coffee-" + a.ID[:8]; a.Slug != want {
		t.Fatalf("slug = %q, want %q", a.Slug, want)
	}
	s := create(t, c, acct.SiteID, map[string]any{"title": "Planned", "status": "scheduled", "scheduled_for": "2026-12-01"})
	if s.Status != "scheduled" || s.ScheduledFor == nil || *s.ScheduledFor != "2026-12-01" {
		t.Fatalf("scheduled article = %+v", s)
	}

	var list struct {
		Articles   []article
		NextCursor *string `json:"next_cursor"`
	}
	c.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles?limit=1", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Articles) != 1 || list.Articles[0].ID != s.ID || list.NextCursor == nil {
		t.Fatalf("first page = %+v", list)
	}
	c.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles?limit=1&cursor="+*list.NextCursor, nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Articles) != 1 || list.Articles[0].ID != a.ID || list.NextCursor != nil {
		t.Fatalf("second page = %+v", list)
	}
	c.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles?status=scheduled", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Articles) != 1 || list.Articles[0].ID != s.ID {
		t.Fatalf("status filter = %+v", list)
	}

	var got struct{ Article article }
	c.Agent(t, "PATCH", "/sites/"+acct.SiteID+"/articles/"+a.ID, map[string]any{"keyword": nil, "body_markdown": "# Hi\n\nSome **words**."}).
		Expect(t, http.StatusOK).Decode(t, &got)
	if got.Article.Keyword != nil || got.Article.Title != a.Title || !strings.Contains(got.Article.BodyHTML, "<strong>words</strong>") {
		t.Fatalf("patched = %+v", got.Article)
	}
	if got.Article.UpdatedAt <= a.UpdatedAt {
		t.Fatalf("updated_at did not move: %s then %s", a.UpdatedAt, got.Article.UpdatedAt)
	}

	r := c.Agent(t, "DELETE", "/sites/"+acct.SiteID+"/articles/"+a.ID, nil).Expect(t, http.StatusOK).JSON(t)
	if r["deleted"] != true || r["id"] != a.ID {
		t.Fatalf("delete = %v", r)
	}
	c.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles/"+a.ID, nil).Expect(t, http.StatusNotFound)

	var events struct{ Events []struct{ Type string } }
	c.Agent(t, "GET", "/events?types=article.created,article.deleted", nil).Expect(t, http.StatusOK).Decode(t, &events)
	if len(events.Events) != 3 {
		t.Fatalf("events = %+v, want 2 created and 1 deleted", events.Events)
	}
}

func TestArticleValidationAndIsolation(t *testing.T) {
	env := testenv.Shared(t)
	acct, other := env.NewAccount(t, ""), env.NewAccount(t, "")
	r := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "", "status": "finished", "scheduled_for": "tomorrow", "tags": []string{strings.Repeat("x", 41)}})
	r.Expect(t, http.StatusUnprocessableEntity)
	body := string(r.Body)
	for _, f := range []string{`"title"`, `"status"`, `"scheduled_for"`, `"tags[0]"`} {
		if !strings.Contains(body, f) {
			t.Errorf("422 details do not name %s: %s", f, body)
		}
	}
	a := create(t, acct.Client, acct.SiteID, map[string]any{"title": "Mine"})
	nope := other.Client.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles/"+a.ID, nil).Expect(t, http.StatusNotFound)
	random := other.Client.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles/00000000-0000-4000-8000-000000000000", nil).Expect(t, http.StatusNotFound)
	if string(nope.Body) != string(random.Body) {
		t.Fatalf("another account's article answers %s, a random one %s", nope.Body, random.Body)
	}
}
