package audit22i

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"

	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// formAction matches a form that posts, capturing its action.
var formAction = regexp.MustCompile(`(?is)<form[^>]*method="post"[^>]*action="([^"]+)"|<form[^>]*action="([^"]+)"[^>]*method="post"`)

// dashboardForms signs r's owner in, opens every dashboard page of the
// route table and returns the browser and, by action, the values a
// browser would send for one form to it.
func dashboardForms(t *testing.T, env *testenv.Env, r *testenv.Readable) (*testenv.Browser, map[string]url.Values) {
	t.Helper()
	env.Claim(t, r.Account)
	b := env.NewBrowser(t)
	env.SignIn(t, b, r.Email, "/dashboard")
	forms := map[string]url.Values{}
	for _, rt := range routes.Table {
		if rt.Group != routes.Pages || rt.Method != http.MethodGet || !strings.HasPrefix(rt.Path, "/dashboard") {
			continue
		}
		page := b.Get(t, r.Path(rt))
		if page.Status != http.StatusOK {
			continue
		}
		for _, m := range formAction.FindAllStringSubmatch(page.Body, -1) {
			action := strings.ReplaceAll(m[1]+m[2], "&amp;", "&")
			if _, seen := forms[action]; !seen && strings.HasPrefix(action, "/dashboard") {
				forms[action] = page.Form(t, action)
			}
		}
	}
	if len(forms) < 10 {
		t.Fatalf("only %d dashboard forms found", len(forms))
	}
	return b, forms
}

// state is what the account looks like through the agent API: the events
// feed and the main resources, to tell whether a refused form wrote.
func state(t *testing.T, r *testenv.Readable) string {
	t.Helper()
	var sb strings.Builder
	for _, p := range []string{"/account", "/agent-keys", "/sites", "/webhooks", "/sites/" + r.SiteID + "/keys",
		"/sites/" + r.SiteID + "/articles", "/sites/" + r.SiteID + "/keywords", "/sites/" + r.SiteID + "/integrations",
		"/billing", "/activity?limit=100"} {
		resp := r.Client.Agent(t, "GET", p, nil).Expect(t, http.StatusOK)
		sb.WriteString(p + " " + volatile.ReplaceAllString(string(resp.Body), "") + "\n")
	}
	// Every event, page by page (the feed starts at the oldest).
	cursor := ""
	for range 50 {
		var page struct {
			Events     []json.RawMessage `json:"events"`
			NextCursor string            `json:"next_cursor"`
		}
		r.Client.Agent(t, "GET", "/events?limit=100"+cursor, nil).Expect(t, http.StatusOK).Decode(t, &page)
		for _, e := range page.Events {
			sb.Write(e)
			sb.WriteByte('\n')
		}
		if len(page.Events) == 0 {
			return sb.String()
		}
		cursor = "&cursor=" + url.QueryEscape(page.NextCursor)
	}
	t.Fatal("the events feed did not end")
	return ""
}

// volatile matches the fields of an answer that move without a change.
var volatile = regexp.MustCompile(`"(last_used_at|next_cursor|generated_at|now)":("[^"]*"|null)`)

// TestDashboardFormsWithoutTheRightCSRFTokenChangeNothing submits every
// form of the owner's dashboard, destructive ones included, without its
// CSRF token, with an empty one, with another's, with a wrong token
// before the right one and with a malformed
// session cookie: README "Owner dashboard" → "Forms": "each carries the
// session's CSRF token (missing or wrong: 403, nothing changes)". Every
// answer is 403 (or, for the broken cookie, the sign-in redirect), never
// a 5xx, and the account reads the same through the agent API afterwards.
func TestDashboardFormsWithoutTheRightCSRFTokenChangeNothing(t *testing.T) {
	env := testenv.StartQuiet(t)
	r := env.NewReadable(t, "")
	b, forms := dashboardForms(t, env, r)
	before := state(t, r)
	actions := make([]string, 0, len(forms))
	for a := range forms {
		actions = append(actions, a)
	}
	sort.Strings(actions)
	for _, action := range actions {
		form := forms[action]
		good := form.Get("csrf")
		if good == "" {
			continue
		}
		other := "x" // a first character the token does not have
		if good[0] == 'x' {
			other = "y"
		}
		for name, csrf := range map[string][]string{
			"missing": nil, "empty": {""}, "wrong": {other + good[1:]}, "truncated": {good[:len(good)/2]},
			"wrong then right": {"wrong", good}, "invalid UTF-8": {"\xff\xfe"},
		} {
			f := url.Values{}
			for k, v := range form {
				f[k] = v
			}
			delete(f, "csrf")
			if csrf != nil {
				f["csrf"] = csrf
			}
			page := b.Post(t, action, f)
			if page.Status != http.StatusForbidden {
				t.Errorf("POST %s with the CSRF token %s: %d, want 403\n%.300s", action, name, page.Status, page.Body)
			}
		}
	}
	if after := state(t, r); after != before {
		t.Errorf("forms refused for their CSRF token changed the account:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// TestDashboardOwnIDsSpelledOtherwiseAreThePagesOwn404 opens, signed in,
// every dashboard page of the route table with each of the account's own
// path ids in upper case, followed by an encoded space or slash, or as an
// encoded "..", and submits every dashboard form (its right CSRF token
// included) to its action with the account's ids in upper case. README
// "Path ids": ids are UUIDs "in canonical lowercase form (... an
// uppercase ... one is refused)"; "on the owner's dashboard ... the owner
// gets the page's own 404". Every answer is 404 and the account reads the
// same through the agent API afterwards.
func TestDashboardOwnIDsSpelledOtherwiseAreThePagesOwn404(t *testing.T) {
	env := testenv.StartQuiet(t)
	r := env.NewReadable(t, "")
	b, forms := dashboardForms(t, env, r)
	before := state(t, r)
	params := r.Params()
	checked := 0
	for _, rt := range routes.Table {
		if rt.Group != routes.Pages || rt.Method != http.MethodGet || !strings.HasPrefix(rt.Path, "/dashboard") {
			continue
		}
		for _, name := range rt.Params() {
			o := map[string]string{}
			for k, v := range params {
				o[k] = v
			}
			for _, bad := range []string{strings.ToUpper(params[name]), params[name] + "%20", params[name] + "%2F", "%2E%2E"} {
				o[name] = bad
				p := fill(rt, o)
				checked++
				if page := b.Get(t, p); page.Status != http.StatusNotFound {
					t.Errorf("GET %s: %d, want 404", p, page.Status)
				}
			}
		}
	}
	for action, form := range forms {
		for _, v := range params {
			if len(v) != 36 || !strings.Contains(action, v) {
				continue
			}
			up := strings.ReplaceAll(action, v, strings.ToUpper(v))
			checked++
			if page := b.Post(t, up, form); page.Status != http.StatusNotFound {
				t.Errorf("POST %s: %d, want 404", up, page.Status)
			}
		}
	}
	if checked < 60 {
		t.Fatalf("only %d requests checked", checked)
	}
	if after := state(t, r); after != before {
		t.Errorf("requests to ids spelled otherwise changed the account:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}
