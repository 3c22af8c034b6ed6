package dashboard_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// dashboardRoutes are the route table's dashboard pages and forms.
func dashboardRoutes() []routes.Route {
	var out []routes.Route
	for _, r := range routes.ForGroup(routes.Pages) {
		if strings.HasPrefix(r.Path, "/dashboard") {
			out = append(out, r)
		}
	}
	return out
}

// unknownID is an id no account has.
const unknownID = "0190a0a0-0000-7000-8000-000000000000"

// fill returns r's path with site as {site_id} and id as every other
// parameter.
func fill(r routes.Route, site, id string) string {
	p := strings.ReplaceAll(r.Path, "{site_id}", site)
	for _, name := range r.Params() {
		p = strings.ReplaceAll(p, "{"+name+"}", id)
	}
	return p
}

// TestSignedOutGoesToSignIn: every dashboard page and form sends a browser
// without a session to sign in, coming back to the page.
func TestSignedOutGoesToSignIn(t *testing.T) {
	env := testenv.Shared(t)
	b := env.NewBrowser(t)
	for _, r := range dashboardRoutes() {
		path := fill(r, unknownID, unknownID)
		var p *testenv.Page
		if r.Method == http.MethodGet {
			p = b.Get(t, path)
			p.Redirect(t, http.StatusSeeOther, env.URL+"/signin?next="+url.QueryEscape(path))
		} else {
			p = b.Post(t, path, url.Values{"csrf": {"x"}})
			p.Redirect(t, http.StatusSeeOther, env.URL+"/signin?next=%2Fdashboard")
		}
	}
}

// TestEveryPageIsPlain opens every page that needs no more than the site:
// each answers 200 with the owner's email, the navigation, no script and
// the headers every page carries.
func TestEveryPageIsPlain(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	for _, r := range dashboardRoutes() {
		if r.Method != http.MethodGet || len(r.Params()) > 1 || (len(r.Params()) == 1 && r.Params()[0] != "site_id") {
			continue
		}
		path := fill(r, o.SiteID, "")
		p := o.open(t, path, o.Email, `aria-current=`, "Sign out", `<h1>`) // "page", or "true" for a page under its area
		expectPlain(t, path, p)
	}
}

// TestFormsNeedTheirCSRFToken: every dashboard form without the session's
// CSRF token, or with another, answers 403 and changes nothing.
func TestFormsNeedTheirCSRFToken(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	other := newOwner(t, env, "")
	before := activityCount(t, o)
	for _, r := range dashboardRoutes() {
		if r.Method != http.MethodPost {
			continue
		}
		path := fill(r, o.SiteID, unknownID)
		o.Browser.Post(t, path, url.Values{"name": {"x"}, "confirm": {o.Email}}).Expect(t, http.StatusForbidden, "Form expired")
		theirs := other.open(t, "/dashboard").Field(t, "csrf")
		o.Browser.Post(t, path, url.Values{"csrf": {theirs}, "confirm": {o.Email}}).Expect(t, http.StatusForbidden, "Form expired")
	}
	if after := activityCount(t, o); after != before {
		t.Fatalf("refused forms changed the account: %d activity entries, then %d", before, after)
	}
	o.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}

// activityCount returns how many activity entries the account has.
func activityCount(t *testing.T, o *owner) int {
	t.Helper()
	var out struct {
		Activity []activity `json:"activity"`
	}
	o.Client.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return len(out.Activity)
}

// TestOtherAccountsAreNotFound: every site page and form with another
// account's site answers 404, the same page as for an id nobody has; a
// site's pages with an unknown resource id answer 404 too; nothing of the
// other account changes.
func TestOtherAccountsAreNotFound(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	other := newOwner(t, env, "")
	other.Client.WaitJob(t, other.ScanJob) // its first scan's own activity entry is in before the count
	theirs := activityCount(t, other)
	csrf := o.open(t, "/dashboard").Field(t, "csrf")
	for _, r := range dashboardRoutes() {
		if !strings.Contains(r.Path, "{") {
			continue
		}
		send := func(path string) *testenv.Page {
			if r.Method == http.MethodGet {
				return o.Browser.Get(t, path)
			}
			return o.Browser.Post(t, path, url.Values{"csrf": {csrf}})
		}
		if strings.Contains(r.Path, "{site_id}") {
			a := send(fill(r, other.SiteID, unknownID)).Expect(t, http.StatusNotFound)
			b := send(fill(r, unknownID, unknownID)).Expect(t, http.StatusNotFound)
			if a.Body != b.Body {
				t.Fatalf("%s: another account's site answers differently from an unknown one:\n%s\n---\n%s", r.Key(), a.Body, b.Body)
			}
		}
		if r.Method == http.MethodGet && len(r.Params()) > 1 || !strings.Contains(r.Path, "{site_id}") {
			send(fill(r, o.SiteID, unknownID)).Expect(t, http.StatusNotFound)
		}
	}
	if n := activityCount(t, other); n != theirs {
		t.Fatalf("the other account has %d activity entries, had %d", n, theirs)
	}
}

// TestOddInputIsNeverA5xx: ids that are not ids, odd query values and
// form fields of the wrong kind are 4xx pages, never 5xx.
func TestOddInputIsNeverA5xx(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	csrf := o.open(t, "/dashboard").Field(t, "csrf")
	odd := url.Values{
		"csrf": {csrf}, "title": {strings.Repeat("x", 5000)}, "weekly_cadence": {"many"}, "search_volume": {"-1e99"},
		"days": {"someday"}, "url": {"javascript:alert(1)"}, "events": {"no.such.event"}, "status": {"exploded"},
		"proration_date": {"yesterday"}, "priority": {"1.5"}, "anchors": {strings.Repeat("a\n", 50)}, "permalink": {"%zz"},
	}
	for _, r := range dashboardRoutes() {
		for _, id := range []string{"not-an-id", "..%2F..%2Fx", strings.Repeat("9", 300)} {
			path := fill(r, o.SiteID, id)
			if strings.Count(r.Path, "{") == 1 && strings.Contains(r.Path, "{site_id}") {
				path = fill(r, id, id)
			}
			var p *testenv.Page
			if r.Method == http.MethodGet {
				p = o.Browser.Get(t, path+"?status=exploded&cursor=%25%25&done=<script>")
			} else {
				p = o.Browser.Post(t, path, odd)
			}
			if p.Status >= 500 {
				t.Fatalf("%s %s answered %d:\n%s", r.Method, path, p.Status, p.Body)
			}
		}
	}
	for _, r := range dashboardRoutes() {
		if r.Method == http.MethodPost && strings.Count(r.Path, "{") <= 1 && r.Path != "/dashboard/settings/delete" {
			if p := o.Browser.Post(t, fill(r, o.SiteID, ""), odd); p.Status >= 500 {
				t.Fatalf("%s with odd fields answered %d:\n%s", r.Key(), p.Status, p.Body)
			}
		}
	}
}

// TestUnknownPagesAnswerPeople: a page's address with a trailing slash
// leads to the page, and an address that names no page answers a browser
// with a 404 page; API clients keep the JSON 404.
func TestUnknownPagesAnswerPeople(t *testing.T) {
	env := testenv.Shared(t)
	b := env.NewBrowser(t)
	for from, to := range map[string]string{
		"/dashboard/":                         "/dashboard",
		"/dashboard/billing/?x=1":             "/dashboard/billing?x=1",
		"/dashboard/sites/" + unknownID + "/": "/dashboard/sites/" + unknownID,
		"/signin/":                            "/signin",
	} {
		if p := b.Get(t, from).Expect(t, http.StatusPermanentRedirect); p.Location != to {
			t.Errorf("GET %s redirects to %q, want %q", from, p.Location, to)
		}
	}
	for _, path := range []string{"/dashboard/nope", "/nope", "/dashboard/sites/" + unknownID + "/nope"} {
		p := b.Get(t, path).Expect(t, http.StatusNotFound, "<h1>Page not found</h1>", `href="/dashboard"`)
		if ct := p.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" || p.Header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s: Content-Type %q, headers %v", path, ct, p.Header)
		}
	}
	for _, path := range []string{"/api/agent/v1/nope", "/api/public/v1/nope/"} {
		if ct := b.Get(t, path).Expect(t, http.StatusNotFound).Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("a browser's GET %s: Content-Type %q, want the API's JSON", path, ct)
		}
	}
	if code := env.Client().Do(t, "GET", "/dashboard/nope", nil).Expect(t, http.StatusNotFound).ErrorCode(t); code != "not_found" {
		t.Errorf("an API client's GET /dashboard/nope: code %s", code)
	}
}
