package audit24c

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestEditsAndDeletionsAsTheSiteSeesThem: public-articles-api.md 2 (slug
// "changes when the article is retitled"; updated_at "moves whenever the
// service writes to the article"), 3 ("Article visibility | article
// deleted or not finished | no longer returned by any endpoint | no
// deletion marker is sent"), and cursor rule 7 ("An article's updated_at
// moves when someone publishes changes in the editor"). An agent retitles
// one finished article and deletes another: a consumer walking on from its
// cursor gets the retitled article again with its new slug and a later
// updated_at; the deleted one is gone from the list, GET and PATCH (404),
// and no page carries anything in its place.
func TestEditsAndDeletionsAsTheSiteSeesThem(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Shared(t)
	o := newOwner(t, env, "https://visibility-audit24c.example.com", false)
	kept, gone := o.written(t, "First title"), o.written(t, "Soon deleted")
	type page struct {
		Articles  []map[string]any `json:"articles"`
		Count     int              `json:"count"`
		NextSince *string          `json:"next_since"`
	}
	list := func(since string) page {
		t.Helper()
		path := "/articles?limit=100"
		if since != "" {
			path += "&since=" + url.QueryEscape(since)
		}
		var p page
		o.Public(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &p)
		return p
	}
	first := list("")
	if first.Count != 2 || first.Articles[0]["id"] != kept || first.NextSince == nil {
		t.Fatalf("first walk: %+v", first)
	}
	before := first.Articles[0]

	site := "/sites/" + o.SiteID + "/articles/"
	o.Agent(t, "PATCH", site+kept, map[string]any{"title": "Second title"}).Expect(t, http.StatusOK)
	o.Agent(t, "DELETE", site+gone, nil).Expect(t, http.StatusOK)

	next := list(*first.NextSince)
	if next.Count != 1 || next.Articles[0]["id"] != kept {
		t.Fatalf("walk from the cursor after the edits: %+v, want only the retitled article", next)
	}
	after := next.Articles[0]
	if !strings.HasPrefix(after["slug"].(string), "second-title-") || after["slug"] == before["slug"] ||
		after["updated_at"].(string) <= before["updated_at"].(string) || after["published_at"] != after["updated_at"] {
		t.Fatalf("retitled article %v, was %v", after, before)
	}
	if whole := list(""); whole.Count != 1 || whole.Articles[0]["id"] != kept {
		t.Fatalf("complete walk after the deletion: %+v", whole)
	}
	for _, resp := range []*testenv.Response{
		o.Public(t, "GET", "/articles/"+gone, nil),
		o.Public(t, "PATCH", "/articles/"+gone, map[string]any{"published_url": "https://visibility-audit24c.example.com/blog/gone"}),
	} {
		resp.Expect(t, http.StatusNotFound)
		if body := resp.JSON(t); len(body) != 1 || body["error"] != "Article not found" {
			t.Fatalf("deleted article: %s", resp.Body)
		}
	}
}

// TestKeysOfTwoSitesShareOneAccountBudget: public-articles-api.md 5 "A key
// reaches one site only" and 8 "Per account | 120 requests per window;
// counts every request with an accepted key and plan, across all the
// account's keys and sites". An account with two sites (a Studio site
// beside its own) has a key for each: neither key reads or reports the
// other site's articles (404, and the other site's domain is not its
// own), and their requests, whatever their answer, share one budget per
// clock minute, which another account does not touch.
func TestKeysOfTwoSitesShareOneAccountBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	const perAccount = 8
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.PublicRequestsPerIP, c.PublicRequestsPerAccount = 1000, perAccount
	}})
	one := newOwner(t, env, "https://one-audit24c.example.com", true)
	studio := one.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://two-audit24c.example.com", "site_name": "Two"}).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	two := &owner{&testenv.KeyOwner{Env: env, Account: &testenv.Account{ID: one.ID, SiteID: studio, Client: one.Client}}}
	two.SiteKey = two.Agent(t, "POST", "/sites/"+studio+"/keys", nil).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)["key"].(string)
	idOne, idTwo := one.written(t, "On site one"), two.written(t, "On site two")
	other := newOwner(t, env, "https://other-audit24c.example.com", false)

	env.NextMinute(t)
	two.Public(t, "GET", "/articles/"+idOne, nil).Expect(t, http.StatusNotFound)
	two.Public(t, "PATCH", "/articles/"+idOne, map[string]any{"published_url": "https://two-audit24c.example.com/a"}).Expect(t, http.StatusNotFound)
	if body := two.Public(t, "PATCH", "/articles/"+idOne, map[string]any{"published_url": "https://one-audit24c.example.com/a"}).Expect(t, http.StatusBadRequest).JSON(t); body["error"] != "published_url must be on your own site (two-audit24c.example.com)." {
		t.Fatalf("site two's key reporting on site one's domain: %v", body)
	}
	one.Public(t, "GET", "/articles/"+idTwo, nil).Expect(t, http.StatusNotFound)
	for _, c := range []struct {
		o  *owner
		id string
	}{{one, idOne}, {two, idTwo}} {
		p := c.o.Public(t, "GET", "/articles?limit=100", nil).Expect(t, http.StatusOK).JSON(t)
		if arts := p["articles"].([]any); len(arts) != 1 || arts[0].(map[string]any)["id"] != c.id {
			t.Fatalf("list of %s: %v", c.id, p)
		}
	}
	one.Public(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
	two.Public(t, "GET", "/ping", nil).Expect(t, http.StatusOK) // the budget's 8th request
	for _, o := range []*owner{one, two} {
		resp := o.Public(t, "GET", "/ping", nil).Expect(t, http.StatusTooManyRequests)
		if body := resp.JSON(t); len(body) != 1 || body["error"] != "Too many requests. Slow down and retry shortly, in the next clock minute." {
			t.Fatalf("429 body %s", resp.Body)
		}
		if v := resp.Header.Get("Retry-After"); v != "" {
			t.Fatalf("429 carries Retry-After %q", v)
		}
	}
	other.Public(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
	env.Advance(t, 60)
	two.Public(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
}

// TestLiveURLRecordedByTheAgentAsTheSiteSeesIt: public-articles-api.md 2
// (published_url "null until a live URL is reported"), GET /articles'
// published "false limits to finished articles with no live URL on file",
// cursor rule 7 (updated_at moves "when the service records a live URL
// some other way") and 4 ("repeating a PATCH with the same URL yields the
// same result"); agent-api.md: the publish endpoint records the URL with
// article.published source agent. After an agent records a live URL, the
// site sees it on the article with a later updated_at and no longer in the
// published=false list; the site reporting that same URL writes nothing
// and records no second event.
func TestLiveURLRecordedByTheAgentAsTheSiteSeesIt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Shared(t)
	o := newOwner(t, env, "https://agent-publish-audit24c.example.com", false)
	id, waiting := o.written(t, "Published by the agent"), o.written(t, "Still waiting")
	before := o.Public(t, "GET", "/articles/"+id, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if before["published_url"] != nil {
		t.Fatalf("published_url before any report: %v", before["published_url"])
	}
	live := "https://agent-publish-audit24c.example.com/blog/published-by-the-agent"
	o.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+id+"/publish", map[string]any{"url": live}).Expect(t, http.StatusOK)

	got := o.Public(t, "GET", "/articles/"+id, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if got["published_url"] != live || got["updated_at"].(string) <= before["updated_at"].(string) || got["published_at"] != got["updated_at"] {
		t.Fatalf("after the agent's publish: %v (was %v)", got, before)
	}
	var p struct{ Articles []map[string]any }
	o.Public(t, "GET", "/articles?published=false&limit=100", nil).Expect(t, http.StatusOK).Decode(t, &p)
	if len(p.Articles) != 1 || p.Articles[0]["id"] != waiting {
		t.Fatalf("published=false after the agent's publish: %v", p.Articles)
	}
	again := o.Public(t, "PATCH", "/articles/"+id, map[string]any{"published_url": live}).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if again["updated_at"] != got["updated_at"] || again["published_url"] != live {
		t.Fatalf("the site reporting the URL on file: %v, want %v", again, got)
	}
	evs := o.Client.Events(t, "article.published")
	if len(evs) != 1 || evs[0].Data["source"] != "agent" || evs[0].Data["url"] != live {
		t.Fatalf("article.published events: %+v", evs)
	}
}
