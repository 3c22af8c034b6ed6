package audit26a

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
func pager(t *testing.T, page *testenv.Page, label, word string) string {
	t.Helper()
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

// follow opens the link called word of the nav named label in the owner's
// browser, failing when the page has no such link.
func follow(t *testing.T, o *testenv.Owner, page *testenv.Page, label, word string) *testenv.Page {
	t.Helper()
	href := pager(t, page, label, word)
	if href == "" {
		t.Fatalf("the page has no %q link in a nav named %q:\n%s", word, label, page.Body)
	}
	if !strings.HasPrefix(href, "/dashboard/") {
		t.Fatalf("%q links to %q, not a dashboard page", word, href)
	}
	return o.Browser.Get(t, href).Expect(t, http.StatusOK)
}
