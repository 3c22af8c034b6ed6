package public

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/kernel/ids"
)

// TestPatchValidationOrder checks each rule's sentence, and that the body
// is validated before the article is looked up.
func TestPatchValidationOrder(t *testing.T) {
	env := stack(t)
	o := newOwner(t, env, "https://www.acme-order.com/blog")
	a := o.finished(t, o.acct.SiteID, "Order", mustTime(t, "2026-01-12T00:00:00Z"))
	offSite := "published_url must be on your own site (acme-order.com)."
	cases := []struct {
		name string
		body any
		msg  string
	}{
		{"no body", nil, msgSendURL},
		{"not JSON", "published_url=https://acme-order.com/x", msgSendURL},
		{"JSON array", []string{"https://acme-order.com/x"}, msgSendURL},
		{"JSON null", "null", msgSendURL},
		{"no field", map[string]any{"url": "https://acme-order.com/x"}, msgSendURL},
		{"not a string", map[string]any{"published_url": 42}, msgSendURL},
		{"null", map[string]any{"published_url": nil}, msgSendURL},
		{"empty", map[string]any{"published_url": ""}, msgSendURL},
		{"blank", map[string]any{"published_url": "   "}, msgSendURL},
		{"ftp", map[string]any{"published_url": "ftp://acme-order.com/x"}, msgNotPublic},
		{"no scheme", map[string]any{"published_url": "acme-order.com/x"}, msgNotPublic},
		{"unparseable", map[string]any{"published_url": "https://acme order.com/x"}, msgNotPublic},
		{"localhost", map[string]any{"published_url": "http://localhost/x"}, msgNotPublic},
		{"private IP", map[string]any{"published_url": "https://10.1.2.3/x"}, msgNotPublic},
		{"loopback IP", map[string]any{"published_url": "https://127.0.0.1/x"}, msgNotPublic},
		{"metadata IP", map[string]any{"published_url": "http://169.254.169.254/x"}, msgNotPublic},
		{".local", map[string]any{"published_url": "https://printer.local/x"}, msgNotPublic},
		{".internal", map[string]any{"published_url": "https://acme-order.internal/x"}, msgNotPublic},
		// Longer than any URL field (2,048 characters), up to a body that
		// would not fit in the article's item.
		{"too long", map[string]any{"published_url": "https://acme-order.com/" + strings.Repeat("a", 2048)}, msgNotPublic},
		{"far too long", map[string]any{"published_url": "https://acme-order.com/" + strings.Repeat("a", 600_000)}, msgNotPublic},
		{"other domain", map[string]any{"published_url": "https://example.org/x"}, offSite},
		{"lookalike", map[string]any{"published_url": "https://evilacme-order.com/x"}, offSite},
		{"suffix trick", map[string]any{"published_url": "https://acme-order.com.evil.net/x"}, offSite},
		{"staging", map[string]any{"published_url": "https://acme-order.staging-host.app/x"}, offSite},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := c.body
			if s, ok := body.(string); ok {
				body = []byte(s)
			}
			// The body is checked before the id: a bad body with a random
			// id, an id that is not a UUID, or a real article is all 400.
			for _, id := range []string{a.ID, ids.New(), "not-a-uuid"} {
				wantError(t, o.pub(t, "PATCH", "/articles/"+id, body), http.StatusBadRequest, c.msg, "")
			}
		})
	}
	good := map[string]any{"published_url": "https://acme-order.com/blog/order"}
	wantError(t, o.pub(t, "PATCH", "/articles/"+ids.New(), good), http.StatusNotFound, msgNotFound, "")
	wantError(t, o.pub(t, "PATCH", "/articles/not-a-uuid", good), http.StatusInternalServerError, msgInternal, "")
	idea := o.idea(t, o.acct.SiteID, "Idea")
	wantError(t, o.pub(t, "PATCH", "/articles/"+idea.ID, good), http.StatusNotFound, msgNotFound, "")

	// A site whose website is a hosting platform's staging address has no
	// own domain yet: reports on that address fail until it publishes on
	// one.
	staged := newOwner(t, env, fmt.Sprintf("https://acme-%d.netlify.app/", time.Now().UnixNano()%1000000))
	sa := staged.finished(t, staged.acct.SiteID, "Staged", mustTime(t, "2026-01-12T00:00:00Z"))
	site := staged.api(t, "GET", "/sites/"+staged.acct.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	wantError(t, staged.pub(t, "PATCH", "/articles/"+sa.ID, map[string]any{"published_url": site["website_url"].(string) + "blog/staged"}),
		http.StatusBadRequest, "published_url must be on your own site (set your website in Settings).", "")

	// www. is ignored both ways and subdomains are accepted.
	for _, u := range []string{"https://acme-order.com/a", "http://www.acme-order.com/b", "https://blog.acme-order.com/c", "https://WWW.Acme-Order.com./d"} {
		o.pub(t, "PATCH", "/articles/"+a.ID, map[string]any{"published_url": u}).Expect(t, http.StatusOK)
	}
}

// TestPatchRecordsLiveURL sets published_url, moves updated_at, takes the
// article off the published=false list and records article.published;
// repeating the report changes nothing and answers the same.
func TestPatchRecordsLiveURL(t *testing.T) {
	env := stack(t)
	o := newOwner(t, env, "https://live.example.com")
	// Written and finished through the agent API.
	first, second := o.written(t, o.acct.SiteID, "Live one"), o.written(t, o.acct.SiteID, "Live two")
	a := struct{ ID, UpdatedAt string }{first["id"].(string), first["updated_at"].(string)}
	b := struct{ ID string }{second["id"].(string)}
	if p := o.list(t, q("published", "false", "limit", "10")); !sameJSON(idsOf(p.Articles), []string{a.ID, b.ID}) {
		t.Fatalf("unpublished before: %v", idsOf(p.Articles))
	}

	live := "https://live.example.com/blog/live-one"
	resp := o.pub(t, "PATCH", "/articles/"+a.ID, map[string]any{"published_url": live}).Expect(t, http.StatusOK)
	wantCORS(t, resp)
	got := resp.JSON(t)["article"].(map[string]any)
	if got["published_url"] != live || got["updated_at"] == a.UpdatedAt || got["published_at"] != got["updated_at"] ||
		got["updated_at"].(string) <= a.UpdatedAt || got["id"] != a.ID {
		t.Fatalf("reported article %v (was updated %s)", got, a.UpdatedAt)
	}
	if p := o.list(t, q("published", "false", "limit", "10")); !sameJSON(idsOf(p.Articles), []string{b.ID}) {
		t.Fatalf("unpublished after: %v", idsOf(p.Articles))
	}
	// The article moved to the end of the full list.
	if p := o.list(t, q("limit", "10")); !sameJSON(idsOf(p.Articles), []string{b.ID, a.ID}) || *p.NextSince != got["updated_at"] {
		t.Fatalf("list after the report: %v next %v", idsOf(p.Articles), *p.NextSince)
	}
	evs := o.acct.Client.Events(t, "article.published")
	if len(evs) != 1 || *evs[0].SiteID != o.acct.SiteID || !sameJSON(evs[0].Data, map[string]any{
		"article_id": a.ID, "result": "recorded", "source": "site_key", "url": live,
	}) {
		t.Fatalf("article.published events: %+v", evs)
	}

	// Safe to repeat: the same URL yields the same answer and no new event.
	again := o.pub(t, "PATCH", "/articles/"+a.ID, map[string]any{"published_url": live}).Expect(t, http.StatusOK)
	if string(again.Body) != string(resp.Body) {
		t.Fatalf("repeat answered %s, first %s", again.Body, resp.Body)
	}
	if n := len(o.acct.Client.Events(t, "article.published")); n != 1 {
		t.Fatalf("%d article.published events after a repeat, want 1", n)
	}
	// A new URL is a new report.
	moved := "https://live.example.com/blog/live-one-moved"
	third := o.pub(t, "PATCH", "/articles/"+a.ID, map[string]any{"published_url": moved}).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if third["published_url"] != moved || third["updated_at"].(string) <= got["updated_at"].(string) {
		t.Fatalf("second report: %v", third)
	}
	if evs := o.acct.Client.Events(t, "article.published"); len(evs) != 2 || evs[1].Data["url"] != moved {
		t.Fatalf("events after a new URL: %+v", evs)
	}
	if g := o.pub(t, "GET", "/articles/"+a.ID, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any); !sameJSON(g, third) {
		t.Fatalf("GET after reports %v, want %v", g, third)
	}
	// The agent API sees the live URL too.
	ag := o.api(t, "GET", "/sites/"+o.acct.SiteID+"/articles/"+a.ID, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if ag["published_url"] != moved {
		t.Fatalf("agent API article: %v", ag)
	}
}

// TestReportsArrivingTogether: twenty reports of different live URLs for
// one article, sent at once (a plugin syncing in parallel), are written one
// after another: every one is answered 200 (the public API has no 409),
// each change records its article.published, and the article ends with
// one of the URLs.
func TestReportsArrivingTogether(t *testing.T) {
	env := stack(t)
	o := newOwner(t, env, "https://together.example.com")
	a := o.written(t, o.acct.SiteID, "Together")
	id := a["id"].(string)
	const n = 20
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			statuses[i] = o.pub(t, "PATCH", "/articles/"+id, map[string]any{"published_url": fmt.Sprintf("https://together.example.com/p/%d", i)}).Status
		})
	}
	wg.Wait()
	for i, s := range statuses {
		if s != http.StatusOK {
			t.Fatalf("report %d answered %d (all: %v)", i, s, statuses)
		}
	}
	if evs := o.acct.Client.Events(t, "article.published"); len(evs) != n {
		t.Fatalf("%d article.published events, want %d", len(evs), n)
	}
}
