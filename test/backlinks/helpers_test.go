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

// member is a backlink exchange member (testenv.BacklinkMember) with this
// package's own calls.
type member struct{ *testenv.BacklinkMember }

// newMember creates an account for a new fixture website.
func newMember(t *testing.T, prefix string) *member {
	t.Helper()
	e, web := env(t)
	return &member{e.NewBacklinkMember(t, web, unique(prefix))}
}

// paidMember creates an account on the paid plan (trial, then activated).
func paidMember(t *testing.T, prefix string) *member {
	t.Helper()
	m := newMember(t, prefix)
	m.Env.Trial(t, m.Acct, testenv.TestCardOK)
	m.API(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-"+m.Acct.ID).Expect(t, http.StatusOK)
	return m
}

// publishArticle writes, finishes and publishes an article on the
// member's site, at https://<host>/posts/<id>, and returns its id.
func (m *member) publishArticle(t *testing.T, title string, tags []string, body string) string {
	t.Helper()
	a := m.API(t, "POST", "/sites/"+m.Site+"/articles", map[string]any{"title": title, "tags": tags, "body_markdown": body}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	m.API(t, "POST", "/sites/"+m.Site+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	m.API(t, "POST", "/sites/"+m.Site+"/articles/"+id+"/publish", map[string]any{"url": "https://" + m.Host + "/posts/" + id}).Expect(t, http.StatusOK)
	m.Web.Site(m.Host).Publish(m.Acct.Client, m.Site, id)
	return id
}

// article returns one of the member's articles.
func (m *member) article(t *testing.T, id string) map[string]any {
	t.Helper()
	return m.API(t, "GET", "/sites/"+m.Site+"/articles/"+id, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
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
	m.API(t, "GET", "/events?since=2000-01-01T00:00:00Z&limit=100&types="+typ, nil).Expect(t, http.StatusOK).Decode(t, &out)
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

// counts returns the overview's counts as live_inbound, live_hosted, in_progress.
func (m *member) counts(t *testing.T) [3]int {
	t.Helper()
	o := m.Overview(t)
	return [3]int{num(t, o, "counts", "live_inbound"), num(t, o, "counts", "live_hosted"), num(t, o, "counts", "in_progress")}
}
