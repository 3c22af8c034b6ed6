package audit28e

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"rvcontent/test/testenv"
)

// TestRankPlanLinkOfAnAccentedKeyword: README, owner dashboard: per site
// "... rank coverage", and keyword names are "stored lowercase, with
// accents composed as Unicode NFC does"; on the rank page a keyword
// without an article reads "No article yet: plan one" and links to the
// articles page with the create form filled in: the keyword, and a title
// made of it. Defect: for
// a keyword starting with a letter written in more than one byte ("élan
// vital", "über uns"), that page capitalised the keyword's first byte
// only, so the title field held a replacement character and a stray byte
// ("\ufffd\xa9lan vital"): the page was no longer valid UTF-8 and the
// title sent from it was garbled. The title now starts with the keyword's
// first letter capitalised ("Élan vital").
func TestRankPlanLinkOfAnAccentedKeyword(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	o.API(t, "POST", "/sites/"+o.SiteID+"/keywords", map[string]any{"name": "élan vital", "search_volume": 5000}, http.StatusCreated)
	rank := o.Browser.Get(t, o.SitePage("/rank")).Expect(t, http.StatusOK, "élan vital")
	m := regexp.MustCompile(`href="([^"]*\?plan=[^"]*)"`).FindAllStringSubmatch(rank.Body, -1)
	link := ""
	for _, l := range m {
		if h := html.UnescapeString(l[1]); strings.Contains(h, "plan=%C3%A9lan") {
			link = h
		}
	}
	if link == "" {
		t.Fatalf("the rank page has no link planning an article for élan vital:\n%s", rank.Body)
	}
	page := o.Browser.Get(t, link).Expect(t, http.StatusOK)
	if !utf8.ValidString(page.Body) {
		t.Errorf("the articles page opened from the rank page's plan link is not valid UTF-8")
	}
	if got := page.Field(t, "title"); got != "Élan vital" {
		t.Fatalf("the create form's title is %q, want %q", got, "Élan vital")
	}
	if got := page.Field(t, "keyword"); got != "élan vital" {
		t.Fatalf("the create form's keyword is %q, want %q", got, "élan vital")
	}
}
