// Package backlinks_test drives the backlink exchange (spec 4.7) over HTTP
// against one dev stack with the background scheduler off: tests move the
// service clock and run the scheduled work themselves. Member websites are
// served by a loopback fixture (host overrides), DNS proofs by the
// harness's TXT answers.
package backlinks_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// aiBudget is the stack's AI rate limit per account and hour.
const aiBudget = 6

const (
	hour = 3600
	day  = 24 * hour
)

var (
	stackOnce sync.Once
	stack     *testenv.Env
	sites     *testenv.MemberWeb
)

// keepAlive is a testing.TB whose cleanups never run: the package's stack
// and fixture live as long as the test binary.
type keepAlive struct{ testing.TB }

func (keepAlive) Helper()                   {}
func (keepAlive) Cleanup(func())            {}
func (keepAlive) Fatalf(f string, a ...any) { panic(fmt.Sprintf(f, a...)) }
func (keepAlive) Fatal(a ...any)            { panic(fmt.Sprint(a...)) }

// env returns the package's dev stack and website fixture.
func env(t *testing.T) (*testenv.Env, *testenv.MemberWeb) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	stackOnce.Do(func() {
		stack = testenv.Start(keepAlive{t}, testenv.Options{
			SchedulerEvery: -1,
			Configure:      func(c *config.Config) { c.AIRequestsPerHour = aiBudget },
		})
		sites = stack.NewMemberWeb(keepAlive{t})
	})
	if stack == nil {
		t.Fatal("the dev stack did not start")
	}
	return stack, sites
}

var seq atomic.Int64

// unique returns a host name no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// member is an account with one site whose website the fixture serves.
type member struct {
	env  *testenv.Env
	web  *testenv.MemberWeb
	acct *testenv.Account
	host string
	site string
}

// newMember creates an account for a new fixture website.
func newMember(t *testing.T, prefix string) *member {
	t.Helper()
	e, web := env(t)
	host := unique(prefix)
	web.Serve(t, host)
	a := e.NewAccount(t, "https://"+host)
	return &member{env: e, web: web, acct: a, host: host, site: a.SiteID}
}

// paidMember creates an account on the paid plan (trial, then activated).
func paidMember(t *testing.T, prefix string) *member {
	t.Helper()
	m := newMember(t, prefix)
	m.env.Trial(t, m.acct, testenv.TestCardOK)
	m.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-"+m.acct.ID).Expect(t, http.StatusOK)
	return m
}

func (m *member) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return m.acct.Client.Agent(t, method, path, body, headers...)
}

// bl calls an exchange endpoint of the member's site (path after
// /backlinks).
func (m *member) bl(t *testing.T, method, path string, body any) *testenv.Response {
	t.Helper()
	return m.api(t, method, "/sites/"+m.site+"/backlinks"+path, body)
}

// overview returns the site's exchange overview.
func (m *member) overview(t *testing.T) map[string]any {
	t.Helper()
	return m.bl(t, "GET", "", nil).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
}

// verify proves the member's own host with the well-known file.
func (m *member) verify(t *testing.T) {
	t.Helper()
	v := m.bl(t, "POST", "/domain", map[string]any{"domain": m.host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	m.web.Site(m.host).SetWellKnown(v["token"].(string))
	got := m.bl(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	if got["status"] != "verified" {
		t.Fatalf("verification after the well-known file: %v", got)
	}
}

// publishArticle writes, finishes and publishes an article on the
// member's site, at https://<host>/posts/<id>, and returns its id.
func (m *member) publishArticle(t *testing.T, title string, tags []string, body string) string {
	t.Helper()
	a := m.api(t, "POST", "/sites/"+m.site+"/articles", map[string]any{"title": title, "tags": tags, "body_markdown": body}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	m.api(t, "POST", "/sites/"+m.site+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	m.api(t, "POST", "/sites/"+m.site+"/articles/"+id+"/publish", map[string]any{"url": "https://" + m.host + "/posts/" + id}).Expect(t, http.StatusOK)
	m.web.Site(m.host).Publish(m.acct.Client, m.site, id)
	return id
}

// article returns one of the member's articles.
func (m *member) article(t *testing.T, id string) map[string]any {
	t.Helper()
	return m.api(t, "GET", "/sites/"+m.site+"/articles/"+id, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
}

// placements lists the site's placements with a query ("direction=inbound").
func (m *member) placements(t *testing.T, query string) []map[string]any {
	t.Helper()
	var out struct {
		Placements []map[string]any `json:"placements"`
	}
	m.bl(t, "GET", "/placements?"+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Placements
}

// one returns the only placement of a list.
func one(t *testing.T, list []map[string]any) map[string]any {
	t.Helper()
	if len(list) != 1 {
		t.Fatalf("%d placements, want 1: %v", len(list), list)
	}
	return list[0]
}

// events returns the account's events of typ, oldest first.
func (m *member) events(t *testing.T, typ string) []map[string]any {
	t.Helper()
	var out struct {
		Events []map[string]any `json:"events"`
	}
	m.api(t, "GET", "/events?since=2000-01-01T00:00:00Z&limit=100&types="+typ, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Events
}

// run runs the scheduled work once.
func run(t *testing.T, e *testenv.Env) { t.Helper(); e.RunScheduled(t) }

// advance moves the clock by seconds and runs the scheduled work.
func advance(t *testing.T, e *testenv.Env, seconds float64) {
	t.Helper()
	e.Advance(t, seconds)
	e.RunScheduled(t)
}

// wantFields fails unless a validation_failed answer names exactly fields.
func wantFields(t *testing.T, resp *testenv.Response, fields ...string) {
	t.Helper()
	body := resp.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	var got []string
	for _, d := range body["details"].([]any) {
		got = append(got, d.(map[string]any)["field"].(string))
	}
	if strings.Join(got, ",") != strings.Join(fields, ",") {
		t.Fatalf("details fields %v, want %v: %v", got, fields, body["details"])
	}
}

// num reads a JSON number field of m as an int.
func num(t *testing.T, m map[string]any, path ...string) int {
	t.Helper()
	var v any = m
	for _, p := range path {
		v = v.(map[string]any)[p]
	}
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("%v is not a number in %v", path, m)
	}
	return int(f)
}

// credits returns the overview's credits as balance, escrowed, earned, spent.
func (m *member) credits(t *testing.T) [4]int {
	t.Helper()
	o := m.overview(t)
	return [4]int{num(t, o, "credits", "balance"), num(t, o, "credits", "escrowed"),
		num(t, o, "credits", "lifetime_earned"), num(t, o, "credits", "lifetime_spent")}
}

// counts returns the overview's counts as live_inbound, live_hosted, in_progress.
func (m *member) counts(t *testing.T) [3]int {
	t.Helper()
	o := m.overview(t)
	return [3]int{num(t, o, "counts", "live_inbound"), num(t, o, "counts", "live_hosted"), num(t, o, "counts", "in_progress")}
}
