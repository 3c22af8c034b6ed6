package audit27i

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// pager returns the href of the link called word in the page's nav named
// label (html-unescaped), "" when the nav or the link is not there.
func pager(page *testenv.Page, label, word string) string {
	nav := regexp.MustCompile(`(?s)<nav aria-label="` + regexp.QuoteMeta(label) + `">(.*?)</nav>`).FindStringSubmatch(page.Body)
	if nav == nil {
		return ""
	}
	link := regexp.MustCompile(`<a href="([^"]+)">` + regexp.QuoteMeta(word) + `</a>`).FindStringSubmatch(nav[1])
	if link == nil {
		return ""
	}
	return html.UnescapeString(link[1])
}

// walk opens path in the owner's browser and follows the "Next page" link
// of the nav named label until there is none, returning every page seen
// (at most limit pages, failing past them).
func walk(t *testing.T, o *testenv.Owner, path, label string, limit int) []*testenv.Page {
	t.Helper()
	var out []*testenv.Page
	for path != "" {
		if len(out) == limit {
			t.Fatalf("%q still has a Next page link after %d pages", label, limit)
		}
		if !strings.HasPrefix(path, "/dashboard/") {
			t.Fatalf("Next page links to %q, not a dashboard page", path)
		}
		page := o.Browser.Get(t, path).Expect(t, http.StatusOK)
		out = append(out, page)
		path = pager(page, label, "Next page")
	}
	return out
}
