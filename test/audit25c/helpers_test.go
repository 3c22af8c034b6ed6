package audit25c

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// owner is a claimed account on the paid plan and its owner's signed-in
// browser.
type owner struct {
	*testenv.Account
	b *testenv.Browser
}

// newOwner claims a new account for https://acme.com, puts it on the paid
// plan and signs its owner in.
func newOwner(t *testing.T, env *testenv.Env) *owner {
	t.Helper()
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	a.Client.WaitJob(t, a.ScanJob)
	env.PaidPlan(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	return &owner{Account: a, b: b}
}

// api calls the agent API as the account's agent key and returns the
// answer's JSON, failing unless it has status.
func (o *owner) api(t *testing.T, method, path string, body any, status int) map[string]any {
	t.Helper()
	return o.Client.Agent(t, method, path, body).Expect(t, status).JSON(t)
}

// page is the dashboard path of the owner's primary site plus rest.
func (o *owner) page(rest string) string { return "/dashboard/sites/" + o.SiteID + rest }

// article creates an article on the owner's site with body as the POST
// body and returns its id.
func (o *owner) article(t *testing.T, body map[string]any) string {
	t.Helper()
	return o.api(t, "POST", "/sites/"+o.SiteID+"/articles", body, http.StatusCreated)["article"].(map[string]any)["id"].(string)
}

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
