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
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

var seq atomic.Int64

// unique returns a registrable domain no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// member is a paid account whose site's website the fixture serves.
type member struct {
	env  *testenv.Env
	web  *testenv.MemberWeb
	acct *testenv.Account
	host string
	site string
}

// paidMember creates a paid account for host with its domain verified.
func paidMember(t *testing.T, e *testenv.Env, w *testenv.MemberWeb, host string) *member {
	t.Helper()
	w.Serve(t, host)
	a := e.NewAccount(t, "https://"+host)
	e.PaidPlan(t, a)
	m := &member{env: e, web: w, acct: a, host: host, site: a.SiteID}
	v := m.bl(t, "POST", "/domain", map[string]any{"domain": host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	w.Site(host).SetWellKnown(v["token"].(string))
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
	m.web.Site(m.host).Publish(m.acct.Client, m.site, id)
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
