// Package public tests the public articles API (public-articles-api.md)
// and the site keys behind it over HTTP against dev stacks: key lifecycle,
// every endpoint and error row with exact bodies and headers, the cursor
// rules, live-URL reports and their validation order, the plan gate and
// the per-address and per-account limits.
package public

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

const (
	cardOK       = "4242424242424242"
	cardBadCheck = "4000000000000101"
	day          = 24 * 3600
)

// The exact sentences the public API answers with.
const (
	msgUnauthorized = "Missing or invalid site key. Pass the key as a Bearer header: Authorization: Bearer <SITE_KEY>."
	msgRateLimited  = "Too many requests. Slow down and retry shortly, in the next clock minute."
	msgNotFound     = "Article not found"
	msgInternal     = "Internal error"
	msgSendURL      = `Send the article's live URL in published_url, as a JSON body such as {"published_url": "https://example.com/blog/my-article"}.`
	msgNotPublic    = "published_url is not a public http(s) URL."
)

var (
	mainOnce sync.Once
	mainEnv  *testenv.Env
)

// stack returns the package's shared stack, whose public limits are high
// enough that the tests sharing it never meet them (limits have their own
// stack).
func stack(t *testing.T) *testenv.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	mainOnce.Do(func() {
		mainEnv = testenv.Start(&keepAlive{}, testenv.Options{Configure: func(c *config.Config) {
			c.PublicRequestsPerIP, c.PublicRequestsPerAccount = 100000, 100000
		}})
	})
	return mainEnv
}

// keepAlive is a testing.TB whose cleanups never run: the stack lives as
// long as the test binary.
type keepAlive struct{ testing.TB }

func (k *keepAlive) Helper()        {}
func (k *keepAlive) Cleanup(func()) {}
func (k *keepAlive) Fatalf(format string, a ...any) {
	panic("public: stack did not start: " + fmt.Sprintf(format, a...))
}
func (k *keepAlive) Fatal(a ...any) { panic("public: stack did not start: " + fmt.Sprint(a...)) }

// owner is an account with a trial and a site key on its primary site.
type owner struct {
	env  *testenv.Env
	acct *testenv.Account
	key  string
}

// newOwner creates an account on site, starts its trial and creates a key.
func newOwner(t *testing.T, env *testenv.Env, site string) *owner {
	t.Helper()
	o := &owner{env: env, acct: env.NewAccount(t, site)}
	o.trial(t, cardOK)
	o.key = o.newKey(t, o.acct.SiteID, nil)["key"].(string)
	return o
}

func (o *owner) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return o.acct.Client.Agent(t, method, path, body, headers...)
}

// trial completes the simulated checkout with card.
func (o *owner) trial(t *testing.T, card string) {
	t.Helper()
	o.env.Trial(t, o.acct, card)
}

// written creates an article through the agent API and finishes it.
func (o *owner) written(t *testing.T, site, title string) map[string]any {
	t.Helper()
	a := o.api(t, "POST", "/sites/"+site+"/articles", map[string]any{
		"title": title, "description": "About " + title, "tags": []string{"guide"},
		"body_markdown": "# " + title + "\n\nSome **bold** words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	return o.api(t, "POST", "/sites/"+site+"/articles/"+a["id"].(string)+"/finish", nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
}

// local turns a link of the stack into a path.
func (o *owner) local(t *testing.T, link string) string {
	t.Helper()
	if !strings.HasPrefix(link, o.env.URL+"/") {
		t.Fatalf("link %q is not on the stack %s", link, o.env.URL)
	}
	return strings.TrimPrefix(link, o.env.URL)
}

// newKey creates a site key on site and returns the site_key object.
func (o *owner) newKey(t *testing.T, site string, body any) map[string]any {
	t.Helper()
	return o.api(t, "POST", "/sites/"+site+"/keys", body).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)
}

// pub calls the public API (path relative to /api/public/v1) with key as a
// Bearer credential ("" sends none).
func pub(t *testing.T, env *testenv.Env, key, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	c := env.Client()
	if key != "" {
		c = c.As(key)
	}
	return c.Do(t, method, "/api/public/v1"+path, body, headers...)
}

func (o *owner) pub(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return pub(t, o.env, o.key, method, path, body, headers...)
}

// wantError fails unless resp has status and exactly the body
// {"error": msg} (plus code when not empty), with the CORS headers.
func wantError(t *testing.T, resp *testenv.Response, status int, msg, code string) {
	t.Helper()
	resp.Expect(t, status)
	want := map[string]any{"error": msg}
	if code != "" {
		want["code"] = code
	}
	got := resp.JSON(t)
	if !sameJSON(got, want) {
		t.Fatalf("body %s, want %v", resp.Body, want)
	}
	wantCORS(t, resp)
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type %q", ct)
	}
}

// wantCORS fails unless resp carries the public API's CORS headers and no
// rate-limit headers.
func wantCORS(t *testing.T, resp *testenv.Response) {
	t.Helper()
	h := resp.Header
	if h.Get("Access-Control-Allow-Origin") != "*" ||
		h.Get("Access-Control-Allow-Methods") != "GET, PATCH, OPTIONS" ||
		h.Get("Access-Control-Allow-Headers") != "Authorization, X-Api-Key, Content-Type" {
		t.Fatalf("CORS headers missing or wrong: %v", h)
	}
	for _, name := range []string{"Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"} {
		if v := h.Get(name); v != "" {
			t.Fatalf("%s: %s on a public answer", name, v)
		}
	}
	if h.Get("X-Request-Id") == "" {
		t.Fatal("no X-Request-Id")
	}
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// finished writes a finished article of the owner's site updated at
// updated, straight into the table (the articles feature's finish step
// stands behind the same item).
func (o *owner) finished(t *testing.T, site, title string, updated time.Time) articles.Article {
	t.Helper()
	a := articles.New(site, articles.Draft{
		Title: title, Description: "About " + title, Tags: []string{"guide"},
	}, articles.SourceAPI, updated.Add(-time.Hour))
	editing.SetBody(&a, "# "+title+"\n\nSome **bold** words.\n")
	a.Status = articles.StatusFinished
	a.UpdatedAt = clock.Format(updated)
	a.FinishedAt = &a.UpdatedAt
	score := 72.5
	a.SEOScore = &score
	o.put(t, a)
	return a
}

// idea writes an article that is not finished.
func (o *owner) idea(t *testing.T, site, title string) articles.Article {
	t.Helper()
	a := articles.New(site, articles.Draft{Title: title}, articles.SourceAPI, time.Now())
	o.put(t, a)
	return a
}

func (o *owner) put(t *testing.T, a articles.Article) {
	t.Helper()
	tx := &dynamo.Tx{}
	articles.PutNew(tx, o.acct.ID, a)
	if err := o.env.Stack.Graph.Table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
}

// page is a page of articles.
type page struct {
	Articles  []map[string]any `json:"articles"`
	Count     int              `json:"count"`
	NextSince *string          `json:"next_since"`
}

// list calls GET /articles with the query and decodes the page.
func (o *owner) list(t *testing.T, q url.Values) page {
	t.Helper()
	path := "/articles"
	if len(q) > 0 {
		path += "?" + q.Encode()
	}
	resp := o.pub(t, "GET", path, nil).Expect(t, http.StatusOK)
	wantCORS(t, resp)
	var p page
	resp.Decode(t, &p)
	return p
}

// idsOf returns the ids of a page's articles.
func idsOf(list []map[string]any) []string {
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a["id"].(string)
	}
	return out
}

// keys returns GET /sites/{site}/keys.
func (o *owner) keys(t *testing.T, site string) []map[string]any {
	t.Helper()
	var out struct {
		SiteKeys []map[string]any `json:"site_keys"`
	}
	o.api(t, "GET", "/sites/"+site+"/keys", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.SiteKeys
}

// sortedKeys returns the field names of an object.
func sortedKeys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// randomKey returns a well-formed site key nobody holds.
func randomKey() string {
	return "rv_live_" + strings.ReplaceAll(ids.New(), "-", "")[:32] + "0123456789abcdef"
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
