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
type owner struct{ *testenv.KeyOwner }

// newOwner creates an account for website on env, starts its trial (or,
// with paid, puts it on the paid plan) and creates a site key
// (testenv.Env.NewKeyOwner).
func newOwner(t *testing.T, env *testenv.Env, website string, paid bool) *owner {
	t.Helper()
	return &owner{env.NewKeyOwner(t, website, paid)}
}

// written creates an article through the agent API and finishes it,
// returning its id.
func (o *owner) written(t *testing.T, title string) string {
	t.Helper()
	a := o.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{
		"title": title, "body_markdown": "# " + title + "\n\nSome words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	o.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	return id
}

// finishedWithBody writes a finished article of the owner's site with
// body as its Markdown, updated at updated, straight into the stack's
// table (as test/public does for bodies the agent API would take long to
// write one by one).
func (o *owner) finishedWithBody(t *testing.T, title, body string, updated time.Time) {
	t.Helper()
	a := articles.New(o.SiteID, articles.Draft{Title: title}, articles.SourceAPI, updated.Add(-time.Hour))
	editing.SetBody(&a, body)
	a.Status = articles.StatusFinished
	a.UpdatedAt = clock.Format(updated)
	a.FinishedAt = &a.UpdatedAt
	tx := &dynamo.Tx{}
	articles.PutNew(tx, o.ID, a)
	if err := o.Env.Stack.Graph.Table.Commit(context.Background(), tx, nil); err != nil {
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
