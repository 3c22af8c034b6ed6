package audit25i

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

const (
	hour = 3600
	day  = 24 * hour
)

var seq atomic.Int64

// unique returns a registrable domain no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// member is an account whose site's website the fixture serves.
type member struct {
	env  *testenv.Env
	web  *testenv.MemberWeb
	acct *testenv.Account
	host string
	site string
}

// newMember creates an account (no plan) for a new fixture website.
func newMember(t *testing.T, e *testenv.Env, w *testenv.MemberWeb, prefix string) *member {
	t.Helper()
	host := unique(prefix)
	w.Serve(t, host)
	a := e.NewAccount(t, "https://"+host)
	return &member{env: e, web: w, acct: a, host: host, site: a.SiteID}
}

// paidMember creates an account on the paid plan with its domain verified.
func paidMember(t *testing.T, e *testenv.Env, w *testenv.MemberWeb, prefix string) *member {
	t.Helper()
	m := newMember(t, e, w, prefix)
	e.PaidPlan(t, m.acct)
	m.verify(t)
	return m
}

// verify proves the member's host with the well-known file.
func (m *member) verify(t *testing.T) {
	t.Helper()
	v := m.bl(t, "POST", "/domain", map[string]any{"domain": m.host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	m.web.Site(m.host).SetWellKnown(v["token"].(string))
	if got := m.bl(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any); got["status"] != "verified" {
		t.Fatalf("verification: %v", got)
	}
}

func (m *member) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return m.acct.Client.Agent(t, method, path, body, headers...)
}

// bl calls an exchange endpoint of the member's site (path after /backlinks).
func (m *member) bl(t *testing.T, method, path string, body any) *testenv.Response {
	t.Helper()
	return m.api(t, method, "/sites/"+m.site+"/backlinks"+path, body)
}

// overview returns the site's exchange overview.
func (m *member) overview(t *testing.T) map[string]any {
	t.Helper()
	return m.bl(t, "GET", "", nil).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
}

// target adds a target at path with topic tags; returns its id.
func (m *member) target(t *testing.T, path string, tags []string) string {
	t.Helper()
	body := map[string]any{"url": "https://" + m.host + path, "anchors": []string{"burr grinder", "coffee grinders", "grinding beans"}, "topic_tags": tags}
	return m.bl(t, "POST", "/targets", body).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
}

// publish writes, finishes and publishes an article with tags at
// https://<host>/posts/<id>, served by the fixture; returns its id.
func (m *member) publish(t *testing.T, title string, tags []string) string {
	t.Helper()
	a := m.api(t, "POST", "/sites/"+m.site+"/articles", map[string]any{"title": title, "tags": tags, "body_markdown": "# " + title + "\n\nA good burr grinder makes better coffee.\n"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	m.api(t, "POST", "/sites/"+m.site+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	m.api(t, "POST", "/sites/"+m.site+"/articles/"+id+"/publish", map[string]any{"url": "https://" + m.host + "/posts/" + id}).Expect(t, http.StatusOK)
	m.web.Site(m.host).Publish(m.acct.Client, m.site, id)
	return id
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

// one returns the only item of a list.
func one(t *testing.T, list []map[string]any) map[string]any {
	t.Helper()
	if len(list) != 1 {
		t.Fatalf("%d placements, want 1: %v", len(list), list)
	}
	return list[0]
}

// num reads a JSON number field of m (by path) as an int.
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

// pair is a requesting member with one target and an opted-in host member
// with one published article on the same topic.
type pair struct {
	env        *testenv.Env
	from, host *member
	topic      string
	targetID   string
	article    string
}

// newPair sets up a requester and a host on a new stack.
func newPair(t *testing.T) *pair {
	t.Helper()
	e := testenv.StartQuiet(t)
	w := e.NewMemberWeb(t)
	p := &pair{env: e, from: paidMember(t, e, w, "from"), host: paidMember(t, e, w, "host")}
	p.topic = strings.TrimSuffix(unique("topic"), ".example")
	p.host.bl(t, "PATCH", "", map[string]any{"opted_in": true, "topic_tags": []string{p.topic}}).Expect(t, http.StatusOK)
	p.targetID = p.from.target(t, "/grinders", []string{p.topic})
	p.article = p.host.publish(t, "Grinder guide", []string{p.topic})
	return p
}

// live runs the exchange until the pair's link is live and returns the
// host's placement.
func (p *pair) live(t *testing.T) map[string]any {
	t.Helper()
	p.env.RunScheduled(t) // reserved
	p.env.RunScheduled(t) // placed
	p.env.Advance(t, hour+60)
	p.env.RunScheduled(t) // checked: live
	return one(t, p.host.placements(t, "direction=hosted&status=live"))
}
