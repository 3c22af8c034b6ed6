// Package audit23j audits the backlink exchange (spec 4.7, README
// "Backlink exchange") over HTTP on dev stacks of its own, for what
// test/backlinks, test/audit22e and test/audit23b do not cover: the
// matching rules (same account or registrable domain never, blocked
// categories both ways, links per article, the UTC monthly cap, priority,
// hosts below 20 reputation), verifying domains staying in the exchange,
// paging of targets and placements with filters, and another account's
// target ids.
package audit23j

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// web serves member websites by host name over TLS: the well-known proof
// file and each published article's page rendered from its current body.
type web struct {
	srv   *httptest.Server
	mu    sync.Mutex
	proof map[string]string  // host → token
	posts map[string]*member // article id → its member
}

func newWeb(t *testing.T) *web {
	w := &web{proof: map[string]string{}, posts: map[string]*member{}}
	w.srv = httptest.NewTLSServer(http.HandlerFunc(w.handle))
	t.Cleanup(w.srv.Close)
	return w
}

// setProof serves token as host's well-known proof file ("" removes it).
func (w *web) setProof(host, token string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.proof[host] = token
}

func (w *web) handle(rw http.ResponseWriter, r *http.Request) {
	host := strings.ToLower(r.Host)
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	w.mu.Lock()
	token, m := w.proof[host], w.posts[strings.TrimPrefix(r.URL.Path, "/posts/")]
	w.mu.Unlock()
	switch {
	case r.URL.Path == "/.well-known/service-verification" && token != "":
		fmt.Fprintln(rw, token)
	case strings.HasPrefix(r.URL.Path, "/posts/") && m != nil:
		id := strings.TrimPrefix(r.URL.Path, "/posts/")
		resp := m.acct.Client.Do(t0{}, "GET", "/api/agent/v1/sites/"+m.site+"/articles/"+id, nil)
		if resp.Status != http.StatusOK {
			http.NotFound(rw, r)
			return
		}
		fmt.Fprintf(rw, "<!doctype html><html><body><article>%s</article></body></html>", resp.JSON(t0{})["article"].(map[string]any)["body_html"])
	default:
		http.NotFound(rw, r)
	}
}

// t0 is a testing.TB for the fixture's own requests.
type t0 struct{ testing.TB }

func (t0) Helper()                   {}
func (t0) Cleanup(func())            {}
func (t0) Fatalf(f string, a ...any) { panic(fmt.Sprintf(f, a...)) }
func (t0) Fatal(a ...any)            { panic(fmt.Sprint(a...)) }

var seq atomic.Int64

// unique returns a registrable domain no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// member is a paid account whose site's website the fixture serves.
type member struct {
	env  *testenv.Env
	web  *web
	acct *testenv.Account
	host string
	site string
}

// paidMember creates a paid account for host with its domain verified.
func paidMember(t *testing.T, e *testenv.Env, w *web, host string) *member {
	t.Helper()
	e.SetHost(t, host, strings.TrimPrefix(w.srv.URL, "https://"))
	a := e.NewAccount(t, "https://"+host)
	e.PaidPlan(t, a)
	m := &member{env: e, web: w, acct: a, host: host, site: a.SiteID}
	v := m.bl(t, "POST", "/domain", map[string]any{"domain": host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	w.setProof(host, v["token"].(string))
	if got := m.bl(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any); got["status"] != "verified" {
		t.Fatalf("verification: %v", got)
	}
	return m
}

func (m *member) api(t *testing.T, method, path string, body any) *testenv.Response {
	t.Helper()
	return m.acct.Client.Agent(t, method, path, body)
}

// bl calls an exchange endpoint of the member's site (path after /backlinks).
func (m *member) bl(t *testing.T, method, path string, body any) *testenv.Response {
	t.Helper()
	return m.api(t, method, "/sites/"+m.site+"/backlinks"+path, body)
}

// optIn opts the member in with settings (opted_in added).
func (m *member) optIn(t *testing.T, settings map[string]any) {
	t.Helper()
	settings["opted_in"] = true
	m.bl(t, "PATCH", "", settings).Expect(t, http.StatusOK)
}

// target adds a target at path with topic tags and extra fields; returns its id.
func (m *member) target(t *testing.T, path string, tags []string, extra map[string]any) string {
	t.Helper()
	body := map[string]any{"url": "https://" + m.host + path, "anchors": []string{"burr grinder", "coffee grinders", "grinding beans"}, "topic_tags": tags}
	for k, v := range extra {
		body[k] = v
	}
	return m.bl(t, "POST", "/targets", body).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
}

// publish writes, finishes and publishes an article with tags.
func (m *member) publish(t *testing.T, title string, tags []string) string {
	t.Helper()
	a := m.api(t, "POST", "/sites/"+m.site+"/articles", map[string]any{"title": title, "tags": tags, "body_markdown": "# " + title + "\n\nA good burr grinder makes better coffee.\n"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	m.api(t, "POST", "/sites/"+m.site+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	m.api(t, "POST", "/sites/"+m.site+"/articles/"+id+"/publish", map[string]any{"url": "https://" + m.host + "/posts/" + id}).Expect(t, http.StatusOK)
	m.web.mu.Lock()
	m.web.posts[id] = m
	m.web.mu.Unlock()
	return id
}

// placements lists the site's placements with a query.
func (m *member) placements(t *testing.T, query string) []map[string]any {
	t.Helper()
	var out struct {
		Placements []map[string]any `json:"placements"`
	}
	m.bl(t, "GET", "/placements?"+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Placements
}
