// Package writing tests writing, finishing, scoring and publishing
// articles and the autopilot over HTTP against a dev stack: accounts on a
// trial (the simulated processor's checkout) whose site is a fixture
// website served on loopback and scanned through the /_dev/hosts override.
package writing

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

const cardOK = "4242424242424242"

// brewly is the fixture business: what its home page says about it.
const (
	brand       = "Brewly"
	description = "Brewly is a coffee subscription for home baristas. Fresh beans from small roasters, delivered every two weeks."
)

var brewlyHome = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Brewly | Coffee subscriptions for home baristas</title>
<meta name="description" content="` + description + `">
<meta property="og:site_name" content="Brewly">
</head>
<body>
<h1>Better coffee at home</h1>
<p>Choose a roast, pause any time, and get fresh beans at your door.</p>
<a href="/about">About</a>
</body>
</html>`

var hostSeq atomic.Int64

// fixtureSite serves the fixture website on loopback under a fresh public
// looking host name and returns the name.
func fixtureSite(t testing.TB, env *testenv.Env) string {
	t.Helper()
	host := fmt.Sprintf("brewly-%d-%d.example.com", time.Now().UnixNano()%100000, hostSeq.Add(1))
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, brewlyHome)
		case "/about":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<html><head><title>About | Brewly</title></head><body><h1>About</h1><p>We roast nothing ourselves.</p></body></html>`)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	env.SetHost(t, host, srv.Listener.Addr().String())
	return host
}

// rig is an account whose primary site is a scanned fixture site.
type rig struct {
	env  *testenv.Env
	acct *testenv.Account
	host string
	site string
}

// newRig creates an account for a fresh fixture site and waits for its
// scan; with trial, it also starts a trial.
func newRig(t *testing.T, env *testenv.Env, trial bool) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	host := fixtureSite(t, env)
	acct := env.NewAccount(t, "https://"+host+"/")
	r := &rig{env: env, acct: acct, host: host, site: acct.SiteID}
	if j := r.acct.Client.WaitJob(t, acct.ScanJob); j["status"] != "completed" {
		t.Fatalf("scan of the fixture site: %v", j)
	}
	if trial {
		r.env.Trial(t, r.acct, testenv.TestCardOK)
	}
	return r
}

func (r *rig) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return r.acct.Client.Agent(t, method, path, body, headers...)
}

// job returns job id as it is now.
func (r *rig) job(t *testing.T, id string) map[string]any {
	t.Helper()
	return r.api(t, "GET", "/jobs/"+id, nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
}

// waitAttempt polls job id until it has made attempts attempts and waits
// queued for its retry (bounded, so a stuck job fails the test).
func (r *rig) waitAttempt(t *testing.T, id string, attempts int) {
	t.Helper()
	for i := 0; i < 300; i++ {
		j := r.job(t, id)
		if j["attempts"] == float64(attempts) && j["status"] == "queued" {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("job %s never waited for a retry after attempt %d: %v", id, attempts, r.job(t, id))
}

// article is an article as the agent API shows it.
type article struct {
	ID           string   `json:"id"`
	Status       string   `json:"status"`
	Title        string   `json:"title"`
	Slug         string   `json:"slug"`
	Description  string   `json:"description"`
	Keyword      *string  `json:"keyword"`
	Tags         []string `json:"tags"`
	BodyMarkdown string   `json:"body_markdown"`
	BodyHTML     string   `json:"body_html"`
	WordCount    int      `json:"word_count"`
	SEOScore     *float64 `json:"seo_score"`
	ScheduledFor *string  `json:"scheduled_for"`
	PublishedURL *string  `json:"published_url"`
	PublishedAt  *string  `json:"published_at"`
	FinishedAt   *string  `json:"finished_at"`
	UpdatedAt    string   `json:"updated_at"`
}

// create adds an article with body's fields (status scheduled unless
// body says otherwise).
func (r *rig) create(t *testing.T, body map[string]any) article {
	t.Helper()
	b := map[string]any{"status": "scheduled"}
	for k, v := range body {
		b[k] = v
	}
	var out struct{ Article article }
	r.api(t, "POST", "/sites/"+r.site+"/articles", b).Expect(t, http.StatusCreated).Decode(t, &out)
	return out.Article
}

// get returns the article.
func (r *rig) get(t *testing.T, id string) article {
	t.Helper()
	var out struct{ Article article }
	r.api(t, "GET", r.articlePath(id), nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Article
}

func (r *rig) articlePath(id string) string { return "/sites/" + r.site + "/articles/" + id }

// generate asks for the article to be written and returns the job.
func (r *rig) generate(t *testing.T, id string, headers ...string) map[string]any {
	t.Helper()
	resp := r.api(t, "POST", r.articlePath(id)+"/generate", nil, headers...).Expect(t, http.StatusAccepted)
	return resp.JSON(t)["job"].(map[string]any)
}

// articleCredits returns the site's article balance and allowance.
func (r *rig) articleCredits(t *testing.T) (balance, allowance float64) {
	t.Helper()
	c := r.api(t, "GET", "/sites/"+r.site+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
	a := c["articles"].(map[string]any)
	return a["balance"].(float64), a["allowance"].(float64)
}

// events returns the site's events of typ, oldest first.
func (r *rig) events(t *testing.T, typ string) []map[string]any {
	t.Helper()
	var out struct{ Events []map[string]any }
	r.api(t, "GET", "/events?since=2000-01-01T00:00:00Z&limit=100&types="+typ+"&site_id="+r.site, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Events
}

// eventData returns the data of the site's only event of typ.
func (r *rig) eventData(t *testing.T, typ string) map[string]any {
	t.Helper()
	list := r.events(t, typ)
	if len(list) != 1 {
		t.Fatalf("%d %s events, want 1: %v", len(list), typ, list)
	}
	return list[0]["data"].(map[string]any)
}

// wantProblem fails unless resp is a 422 naming field in its details.
func wantProblem(t *testing.T, resp *testenv.Response, field string) string {
	t.Helper()
	body := resp.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details, _ := body["details"].([]any)
	for _, d := range details {
		if m := d.(map[string]any); m["field"] == field {
			return m["problem"].(string)
		}
	}
	t.Fatalf("no problem with %s in %s", field, resp.Body)
	return ""
}

// handWritten is a short finished-quality article body about keyword.
func handWritten(keyword string) string {
	return "# A guide to " + keyword + "\n\n" +
		"A " + keyword + " is the easiest way to drink better coffee at home. This guide explains how to pick one.\n\n" +
		"## Why it matters\n\n" +
		"Fresh beans taste better than old ones, and in order to brew well you need a steady supply of them. A subscription sends them to you on a schedule so that you never run out and you never have to remember to reorder them yourself again.\n\n" +
		"## How to choose\n\n" +
		"- Pick a roast you like.\n- Choose how often beans arrive.\n\n" +
		"## Frequently asked questions\n\n" +
		"### Can I pause?\n\nMost subscriptions let you pause.\n\n" +
		"### Is it worth it?\n\nIf you drink coffee daily, usually yes.\n"
}
