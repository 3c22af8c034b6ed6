// Package dashboard_test drives the owner's dashboard end to end over HTTP
// against a dev stack, as a browser would: sign-in and arrival, every page
// and form, validation messages next to their fields, CSRF, double
// submits, other accounts' ids, and the events and activity the
// dashboard's actions record (source or trigger dashboard, actor owner).
package dashboard_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// owner is a claimed account and its owner's signed-in browser.
type owner struct {
	*testenv.Account
	Browser *testenv.Browser
	env     *testenv.Env
}

// newOwner claims a new account for site (https://acme.com when empty) and
// signs its owner in through the emailed link.
func newOwner(t *testing.T, env *testenv.Env, site string) *owner {
	t.Helper()
	a := env.NewAccount(t, site)
	env.Claim(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	return &owner{Account: a, Browser: b, env: env}
}

// site is the path of the owner's primary site's page under the
// dashboard.
func (o *owner) site(rest string) string { return "/dashboard/sites/" + o.SiteID + rest }

// open opens path and expects it to answer 200 with every text.
func (o *owner) open(t *testing.T, path string, contains ...string) *testenv.Page {
	t.Helper()
	return o.Browser.Get(t, path).Expect(t, http.StatusOK, contains...)
}

// submit opens page, fills its form to action (chosen by match pairs) with
// changes, and sends it; it returns the answer.
func (o *owner) submit(t *testing.T, page, action string, changes url.Values, match ...string) *testenv.Page {
	t.Helper()
	form := o.open(t, page).Form(t, action, match...)
	for k, vs := range changes {
		form[k] = vs
	}
	return o.Browser.Post(t, action, form)
}

// activity is an activity entry as the API lists it.
type activity struct {
	Action   string            `json:"action"`
	SiteID   string            `json:"site_id"`
	Summary  string            `json:"summary"`
	Actor    map[string]string `json:"actor"`
	Resource map[string]string `json:"resource"`
}

// entries returns the account's activity entries with action, newest
// first.
func (o *owner) entries(t *testing.T, action string) []activity {
	t.Helper()
	var out struct {
		Activity []activity `json:"activity"`
	}
	o.Client.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	var found []activity
	for _, e := range out.Activity {
		if e.Action == action {
			found = append(found, e)
		}
	}
	return found
}

// byOwner fails unless there are n entries with action, each by the
// owner.
func (o *owner) byOwner(t *testing.T, action string, n int) []activity {
	t.Helper()
	es := o.entries(t, action)
	if len(es) != n {
		t.Fatalf("%d %s activity entries, want %d: %v", len(es), action, n, es)
	}
	for _, e := range es {
		if e.Actor["type"] != "owner" || e.Actor["id"] != o.ID {
			t.Fatalf("%s by %v, want the owner", action, e.Actor)
		}
	}
	return es
}

// expectPlain fails when a page has a script or lacks the headers every
// page carries.
func expectPlain(t *testing.T, path string, p *testenv.Page) {
	t.Helper()
	if strings.Contains(p.Body, "<script") {
		t.Fatalf("%s has a script", path)
	}
	h := p.Header
	csp := h.Get("Content-Security-Policy")
	if h.Get("Cache-Control") != "no-store" || h.Get("X-Frame-Options") != "DENY" ||
		!strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Fatalf("%s headers %v", path, h)
	}
}
