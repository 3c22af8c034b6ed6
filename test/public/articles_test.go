package public

import (
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/ids"
)

// cursorSite is a site whose finished articles exercise the cursor rules:
// one article in each of two milliseconds, five sharing a third, one
// alone, and two sharing one exact microsecond; ideas and another site's
// articles must never show.
type cursorSite struct {
	o   *owner
	all []articles.Article // finished, in list order
}

func newCursorSite(t *testing.T) *cursorSite {
	t.Helper()
	env := stack(t)
	o := newOwner(t, env, "https://cursor.example.com")
	at := func(s string) articles.Article {
		return o.finished(t, o.acct.SiteID, "Article "+s, mustTime(t, "2026-01-10T08:00:00."+s+"Z"))
	}
	c := &cursorSite{o: o}
	for _, s := range []string{"001000", "002100", "003100", "003200", "003300", "003400", "003500", "004000"} {
		c.all = append(c.all, at(s))
	}
	twins := []articles.Article{at("005000"), at("005000")}
	sort.Slice(twins, func(i, j int) bool { return twins[i].ID < twins[j].ID })
	c.all = append(c.all, twins...)
	o.idea(t, o.acct.SiteID, "Not written yet")
	other := newOwner(t, env, "https://elsewhere.example.com")
	other.finished(t, other.acct.SiteID, "Elsewhere", mustTime(t, "2026-01-10T08:00:00.003300Z"))
	return c
}

func (c *cursorSite) ids(idx ...int) []string {
	out := make([]string, len(idx))
	for i, n := range idx {
		out[i] = c.all[n].ID
	}
	return out
}

func q(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

// TestCursorRules walks the list the way the spec's cursor rules describe.
func TestCursorRules(t *testing.T) {
	c := newCursorSite(t)
	o := c.o
	check := func(name string, p page, wantIDs []string, wantNext any) {
		t.Helper()
		if got := idsOf(p.Articles); !sameJSON(got, wantIDs) || p.Count != len(wantIDs) {
			t.Fatalf("%s: ids %v (count %d), want %v", name, got, p.Count, wantIDs)
		}
		if !sameJSON(p.NextSince, wantNext) {
			t.Fatalf("%s: next_since %v, want %v", name, p.NextSince, wantNext)
		}
	}
	// Rules 1, 2: oldest first; next_since is the last article's updated_at.
	p := o.list(t, q("limit", "2"))
	check("first page", p, c.ids(0, 1), c.all[1].UpdatedAt)
	// Rule 3: since is read to the millisecond, so the last article comes back.
	p = o.list(t, q("limit", "2", "since", *p.NextSince))
	check("second page", p, c.ids(1, 2), c.all[2].UpdatedAt)
	p = o.list(t, q("limit", "2", "since", *p.NextSince))
	check("third page", p, c.ids(2, 3), c.all[3].UpdatedAt)
	// Rule 6: more than limit articles share one millisecond: a full page
	// whose next_since is the since sent.
	stuck := *p.NextSince
	p = o.list(t, q("limit", "2", "since", stuck))
	check("stuck page", p, c.ids(2, 3), stuck)
	// A larger limit gets past it; rule 4: a short page is the last.
	p = o.list(t, q("limit", "10", "since", stuck))
	check("last page", p, c.ids(2, 3, 4, 5, 6, 7, 8, 9), c.all[9].UpdatedAt)
	// Past the end: an empty page echoes the since sent, exactly.
	end := "2026-01-10T08:00:00.005999999Z"
	p = o.list(t, q("limit", "10", "since", end))
	check("empty page", p, []string{}, end)
	// Extra digits are dropped: .003999 reads as .003.
	p = o.list(t, q("limit", "3", "since", "2026-01-10T08:00:00.003999Z"))
	check("truncated since", p, c.ids(2, 3, 4), c.all[4].UpdatedAt)
	// Other forms of the same moment, including a "+" sent unencoded.
	p = o.list(t, q("limit", "1", "since", "2026-01-10T09:00:00.002+01:00"))
	check("offset since", p, c.ids(1), c.all[1].UpdatedAt)
	resp := o.pub(t, "GET", "/articles?limit=1&since=2026-01-10T09:00:00.002+01:00", nil).Expect(t, http.StatusOK)
	var raw page
	resp.Decode(t, &raw)
	check("unencoded plus", raw, c.ids(1), c.all[1].UpdatedAt)
}

// TestListDefaults checks the page size rules and an empty site.
func TestListDefaults(t *testing.T) {
	c := newCursorSite(t)
	o := c.o
	if p := o.list(t, nil); !sameJSON(idsOf(p.Articles), c.ids(0)) || p.Count != 1 || *p.NextSince != c.all[0].UpdatedAt {
		t.Fatalf("without limit: %+v", p)
	}
	if p := o.list(t, q("limit", "100")); p.Count != 10 || !sameJSON(p.NextSince, c.all[9].UpdatedAt) {
		t.Fatalf("limit 100: %d articles", p.Count)
	}
	if p := o.list(t, q("limit", "500")); p.Count != 10 {
		t.Fatalf("limit 500: %d articles, want all 10 (at most 100 a page)", p.Count)
	}
	if p := o.list(t, q("limit", "0")); p.Count != 1 {
		t.Fatalf("limit 0: %d articles, want 1", p.Count)
	}
	wantError(t, o.pub(t, "GET", "/articles?since=yesterday", nil), http.StatusBadRequest,
		"since must be an ISO 8601 timestamp such as 2026-01-31T09:00:00.123456Z; pass next_since back exactly as received.", "")

	empty := newOwner(t, o.env, "https://empty.example.com")
	if p := empty.list(t, nil); p.Count != 0 || len(p.Articles) != 0 || p.NextSince != nil {
		t.Fatalf("empty site: %+v", p)
	}
	if p := empty.list(t, q("since", "2026-01-01T00:00:00Z")); p.Count != 0 || *p.NextSince != "2026-01-01T00:00:00Z" {
		t.Fatalf("empty site with since: %+v", p)
	}
}

// TestGetArticle returns exactly the spec's fields, and 404 or 500 for ids
// that are not a finished article of the key's site.
func TestGetArticle(t *testing.T) {
	c := newCursorSite(t)
	o := c.o
	a := c.all[0]
	got := o.pub(t, "GET", "/articles/"+a.ID, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	want := map[string]any{
		"id": a.ID, "slug": a.Slug, "title": a.Title, "description": a.Description,
		"body_markdown": a.BodyMarkdown, "body_html": a.BodyHTML, "tags": []string{"guide"}, "seo_score": 72.5,
		"published_url": nil, "published_at": a.UpdatedAt, "updated_at": a.UpdatedAt,
	}
	if !sameJSON(got, want) {
		t.Fatalf("article %v, want %v", got, want)
	}
	if !strings.Contains(a.BodyHTML, "<strong>bold</strong>") || !strings.HasSuffix(a.Slug, "-"+a.ID[:8]) {
		t.Fatalf("fixture article %+v", a)
	}
	listed := o.list(t, q("limit", "1"))
	if !sameJSON(listed.Articles[0], want) {
		t.Fatalf("listed article %v, want %v", listed.Articles[0], want)
	}

	idea := o.idea(t, o.acct.SiteID, "Still an idea")
	other := newOwner(t, o.env, "https://third.example.com")
	theirs := other.finished(t, other.acct.SiteID, "Theirs", mustTime(t, "2026-01-11T00:00:00Z"))
	for _, id := range []string{ids.New(), idea.ID, theirs.ID} {
		wantError(t, o.pub(t, "GET", "/articles/"+id, nil), http.StatusNotFound, msgNotFound, "")
	}
	wantError(t, o.pub(t, "GET", "/articles/not-a-uuid", nil), http.StatusInternalServerError, msgInternal, "")
	if p := o.list(t, q("limit", "100")); p.Count != len(c.all) {
		t.Fatalf("list shows %d articles, want the site's %d finished ones", p.Count, len(c.all))
	}
}
