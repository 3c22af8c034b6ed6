package audit28d

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// finished writes an article of the owner's primary site through the
// agent API with body as its Markdown, finishes it, and returns its id.
func finished(t *testing.T, o *testenv.KeyOwner, title, body string) string {
	t.Helper()
	a := o.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": title, "body_markdown": body}).
		Expect(t, http.StatusCreated).Article(t)
	id := a["id"].(string)
	o.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	return id
}

// report records url as the article's live URL through the public API.
func report(t *testing.T, o *testenv.KeyOwner, id, url string) map[string]any {
	t.Helper()
	return o.Public(t, "PATCH", "/articles/"+id, map[string]any{"published_url": url}).Expect(t, http.StatusOK).Article(t)
}

// page is a page of articles.
type page struct {
	Articles  []map[string]any `json:"articles"`
	Count     int              `json:"count"`
	NextSince *string          `json:"next_since"`
}

// list calls GET /articles with the raw query and decodes the page.
func list(t *testing.T, o *testenv.KeyOwner, query string) page {
	t.Helper()
	var p page
	o.Public(t, "GET", "/articles?"+query, nil).Expect(t, http.StatusOK).Decode(t, &p)
	return p
}

// ids returns the ids of a page's articles.
func ids(p page) []string {
	out := make([]string, len(p.Articles))
	for i, a := range p.Articles {
		out[i] = a["id"].(string)
	}
	return out
}
