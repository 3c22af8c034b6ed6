package testenv

import (
	"net/http"
	"testing"
)

// BacklinkMember is an account of the backlink exchange whose site's
// website a MemberWeb serves at Host: the calls the backlink tests make of
// its exchange. Tests embed it in a type of their own for the calls only
// they make.
type BacklinkMember struct {
	Env  *Env
	Web  *MemberWeb
	Acct *Account
	// Host is the website's host name; Site the account's site id.
	Host, Site string
}

// NewBacklinkMember creates an account (no trial or plan) for the website
// at host, which w serves from now on.
func (e *Env) NewBacklinkMember(t testing.TB, w *MemberWeb, host string) *BacklinkMember {
	t.Helper()
	w.Serve(t, host)
	a := e.NewAccount(t, "https://"+host)
	return &BacklinkMember{Env: e, Web: w, Acct: a, Host: host, Site: a.SiteID}
}

// PaidBacklinkMember is NewBacklinkMember on the paid plan, with its
// domain verified.
func (e *Env) PaidBacklinkMember(t testing.TB, w *MemberWeb, host string) *BacklinkMember {
	t.Helper()
	m := e.NewBacklinkMember(t, w, host)
	e.PaidPlan(t, m.Acct)
	m.Verify(t)
	return m
}

// Verify proves the member's host with the well-known file and fails t
// unless the domain is then verified.
func (m *BacklinkMember) Verify(t testing.TB) {
	t.Helper()
	v := m.BL(t, "POST", "/domain", map[string]any{"domain": m.Host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	m.Web.Site(m.Host).SetWellKnown(v["token"].(string))
	if got := m.BL(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any); got["status"] != "verified" {
		t.Fatalf("verification: %v", got)
	}
}

// API calls the agent API as the member's agent key.
func (m *BacklinkMember) API(t testing.TB, method, path string, body any, headers ...string) *Response {
	t.Helper()
	return m.Acct.Client.Agent(t, method, path, body, headers...)
}

// AddTarget adds a backlink target at path on the member's host, with
// three anchors, topic tags and any extra fields; it returns its id.
func (m *BacklinkMember) AddTarget(t testing.TB, path string, tags []string, extra map[string]any) string {
	t.Helper()
	body := map[string]any{"url": "https://" + m.Host + path, "anchors": []string{"burr grinder", "coffee grinders", "grinding beans"}, "topic_tags": tags}
	for k, v := range extra {
		body[k] = v
	}
	return m.BL(t, "POST", "/targets", body).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
}

// BL calls an exchange endpoint of the member's site (path after
// /backlinks).
func (m *BacklinkMember) BL(t testing.TB, method, path string, body any) *Response {
	t.Helper()
	return m.API(t, method, "/sites/"+m.Site+"/backlinks"+path, body)
}

// Overview returns the site's exchange overview.
func (m *BacklinkMember) Overview(t testing.TB) map[string]any {
	t.Helper()
	return m.BL(t, "GET", "", nil).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
}

// Placements lists the site's placements with a query
// ("direction=inbound").
func (m *BacklinkMember) Placements(t testing.TB, query string) []map[string]any {
	t.Helper()
	var out struct {
		Placements []map[string]any `json:"placements"`
	}
	m.BL(t, "GET", "/placements?"+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Placements
}

// Credits returns the overview's credits: balance, escrowed, lifetime
// earned and lifetime spent.
func (m *BacklinkMember) Credits(t testing.TB) [4]int {
	t.Helper()
	c := m.Overview(t)["credits"].(map[string]any)
	var out [4]int
	for i, k := range []string{"balance", "escrowed", "lifetime_earned", "lifetime_spent"} {
		n, ok := c[k].(float64)
		if !ok {
			t.Fatalf("credits.%s is not a number in %v", k, c)
		}
		out[i] = int(n)
	}
	return out
}

// Publish writes, finishes and publishes an article titled title with
// tags on the member's site, at https://<host>/posts/<id>, which the
// MemberWeb serves from then on; it returns the article's id.
func (m *BacklinkMember) Publish(t testing.TB, title string, tags []string) string {
	t.Helper()
	a := m.API(t, "POST", "/sites/"+m.Site+"/articles", map[string]any{"title": title, "tags": tags, "body_markdown": "# " + title + "\n\nA good burr grinder makes better coffee.\n"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	m.API(t, "POST", "/sites/"+m.Site+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	m.API(t, "POST", "/sites/"+m.Site+"/articles/"+id+"/publish", map[string]any{"url": "https://" + m.Host + "/posts/" + id}).Expect(t, http.StatusOK)
	m.Web.Site(m.Host).Publish(m.Acct.Client, m.Site, id)
	return id
}
