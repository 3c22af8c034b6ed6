// Package audit24e audits the owner's dashboard against the agent API's
// contract and the README's "Owner dashboard" notes as a black-box tester
// would, and pins the defects the audit found and fixed: edit forms that
// wrote back what an agent changed while the page was open; messages that
// named the API's endpoints (an article's score checks, refusals of a
// form sent from a page gone stale); an article preview that skipped a
// heading level; a dismissed forum thread's reason, which the thread
// page neither showed nor let the owner give; activity pages that did not
// say where a change came from; an agent key's contact address and a
// backlink placement's placed and expiry times, which no page showed.
package audit24e

import (
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// owner is testenv.Owner: a claimed account (here on the paid plan,
// testenv.NewPaidOwner) and its owner's signed-in browser.
type owner = testenv.Owner

// apiWords matches what a person cannot act on in a page's text: an
// agent-API method and path, a path placeholder, or a request field code.
var apiWords = regexp.MustCompile(`\b(?:GET|POST|PATCH|DELETE) [./]|\{(?:site_id|article_id|draft_id)\}|\.\.\./|\b(?:body_markdown|brand_name|website_url)\b`)

// visibleText returns the text of an HTML page without its tags, styles
// and attributes, as a person reads it.
func visibleText(body string) string {
	body = regexp.MustCompile(`(?s)<style.*?</style>|<script.*?</script>`).ReplaceAllString(body, " ")
	body = regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(body, " ")
	return strings.Join(strings.Fields(body), " ")
}

// noAPIWords fails the test when page's visible text names the agent
// API's endpoints or field codes.
func noAPIWords(t *testing.T, what string, p *testenv.Page) {
	t.Helper()
	text := visibleText(p.Body)
	if m := apiWords.FindAllString(text, -1); m != nil {
		t.Errorf("%s tells the owner about the agent API (%q):\n%s", what, m, text)
	}
}
