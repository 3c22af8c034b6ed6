package audit25c

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// owner is testenv.Owner: a claimed account (here on the paid plan,
// testenv.NewPaidOwner) and its owner's signed-in browser.
type owner = testenv.Owner

// visibleText returns the text of an HTML page without its tags, styles
// and attributes, as a person reads it.
func visibleText(body string) string {
	body = regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>`).ReplaceAllString(body, " ")
	body = regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(body, " ")
	return html.UnescapeString(strings.Join(strings.Fields(body), " "))
}

// apiWords matches what a person cannot act on in a page's text: an
// agent-API method and path, a request header or a request field code.
var apiWords = regexp.MustCompile(`\b(?:GET|POST|PATCH|DELETE) [./]|\.\.\./|Idempotency-Key|\b(?:body_markdown|brand_name|website_url)\b|\bthe PATCH\b|\(PATCH `)

// refusedPage fails unless p is an HTML page with status whose text holds
// every want and names nothing of the agent API.
func refusedPage(t *testing.T, what string, p *testenv.Page, status int, want ...string) string {
	t.Helper()
	if p.Status != status || !strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("%s: status %d (%s), want an HTML page with %d:\n%s", what, p.Status, p.Header.Get("Content-Type"), status, p.Body)
	}
	text := visibleText(p.Body)
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: the page does not say %q:\n%s", what, w, text)
		}
	}
	if m := apiWords.FindAllString(text, -1); m != nil {
		t.Errorf("%s tells the owner about the agent API (%q):\n%s", what, m, text)
	}
	return text
}
