// Package audit24c tests, over HTTP against dev stacks, what an audit of
// the public articles API (public-articles-api.md, the README's "Site keys
// and the public articles API") found untested or wrong: the CORS headers
// and request id of the answer that replaces a page too large to send, and
// live-URL reports on a site's verified backlink-exchange domain. Each test
// pins a spec or README sentence; those about a defect fail on the code
// before its fix.
package audit24c

import (
	"context"
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// The public API's CORS headers, which every answer carries, errors
// included (spec 4 "CORS", README "Conventions").
var corsHeaders = map[string]string{
	"Access-Control-Allow-Origin":   "*",
	"Access-Control-Allow-Methods":  "GET, PATCH, OPTIONS",
	"Access-Control-Allow-Headers":  "Authorization, X-Api-Key, Content-Type",
	"Access-Control-Expose-Headers": "X-Request-Id",
	"Access-Control-Max-Age":        "86400",
}

// owner is an account with a site key on its primary site.
type owner struct {
	env  *testenv.Env
	acct *testenv.Account
	key  string
}

// newOwner creates an account for website on env, starts its trial (or,
// with paid, puts it on the paid plan) and creates a site key.
func newOwner(t *testing.T, env *testenv.Env, website string, paid bool) *owner {
	t.Helper()
	o := &owner{env: env, acct: env.NewAccount(t, website)}
	if paid {
		env.PaidPlan(t, o.acct)
	} else {
		env.Trial(t, o.acct, testenv.TestCardOK)
	}
	o.key = o.api(t, "POST", "/sites/"+o.acct.SiteID+"/keys", nil).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)["key"].(string)
	return o
}

// api calls the agent API as the account's agent.
func (o *owner) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return o.acct.Client.Agent(t, method, path, body, headers...)
}

// pub calls the public articles API (path relative to /api/public/v1)
// with the owner's site key.
func (o *owner) pub(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return o.env.Client().As(o.key).Do(t, method, "/api/public/v1"+path, body, headers...)
}

// written creates an article through the agent API and finishes it,
// returning its id.
func (o *owner) written(t *testing.T, title string) string {
	t.Helper()
	a := o.api(t, "POST", "/sites/"+o.acct.SiteID+"/articles", map[string]any{
		"title": title, "body_markdown": "# " + title + "\n\nSome words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	o.api(t, "POST", "/sites/"+o.acct.SiteID+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	return id
}

// finishedWithBody writes a finished article of the owner's site with
// body as its Markdown, updated at updated, straight into the stack's
// table (as test/public does for bodies the agent API would take long to
// write one by one).
func (o *owner) finishedWithBody(t *testing.T, title, body string, updated time.Time) {
	t.Helper()
	a := articles.New(o.acct.SiteID, articles.Draft{Title: title}, articles.SourceAPI, updated.Add(-time.Hour))
	editing.SetBody(&a, body)
	a.Status = articles.StatusFinished
	a.UpdatedAt = clock.Format(updated)
	a.FinishedAt = &a.UpdatedAt
	tx := &dynamo.Tx{}
	articles.PutNew(tx, o.acct.ID, a)
	if err := o.env.Stack.Graph.Table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
}

// wantCORS fails unless h carries every CORS header of the public API and
// an X-Request-Id.
func wantCORS(t *testing.T, what string, h http.Header) {
	t.Helper()
	for name, want := range corsHeaders {
		if got := h.Get(name); got != want {
			t.Errorf("%s: %s = %q, want %q", what, name, got, want)
		}
	}
	if h.Get("X-Request-Id") == "" {
		t.Errorf("%s: no X-Request-Id", what)
	}
}

// startOfMinute moves the service clock to one second past the start of
// the next minute, so the requests that follow fall in one window of the
// limits (a fixed clock minute in UTC).
func startOfMinute(t *testing.T, env *testenv.Env) {
	t.Helper()
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	next := now.Truncate(time.Minute).Add(time.Minute + time.Second)
	env.Advance(t, next.Sub(now).Seconds())
}
