package robustness

import (
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/html"

	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// destructive are the ends of dashboard form actions the battery does not
// submit: they end the session, delete the account or revoke the
// credentials the other probes send.
var destructive = []string{"/delete", "/revoke", "/disable", "/remove", "/disconnect", "/signout", "/billing/activate"}

// badFormValues are values a form field must refuse without a 5xx.
var badFormValues = []string{
	"a\x00\x07\x1b[2Jb\u202e", "\xff\xfe", strings.Repeat("x", 100_000), "1e309",
}

// postForms returns the forms of an HTML page that post somewhere: action
// to field names.
func postForms(body string) map[string][]string {
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		return nil
	}
	out := map[string][]string{}
	var walk func(n *html.Node, action string)
	walk = func(n *html.Node, action string) {
		if n.Type == html.ElementNode {
			switch {
			case n.Data == "form" && strings.EqualFold(attrOf(n, "method"), "post"):
				action = attrOf(n, "action")
				if _, ok := out[action]; !ok {
					out[action] = nil
				}
			case action != "" && (n.Data == "input" || n.Data == "textarea" || n.Data == "select"):
				if name := attrOf(n, "name"); name != "" && name != "csrf" {
					out[action] = append(out[action], name)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, action)
		}
	}
	walk(doc, "")
	return out
}

// attrOf returns attribute key of n, or "".
func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// TestDashboardMalformedForms signs the paid account's owner in, opens
// every dashboard page of the route table (with the account's ids), and
// submits every form found there (one per route) with each field in turn
// set to bad values or left out; then posts to every dashboard POST route
// a form of junk. No answer may be a 5xx.
func TestDashboardMalformedForms(t *testing.T) {
	f := setUp(t)
	env := f.env
	env.Claim(t, f.r.Account)
	b := env.NewBrowser(t)
	env.SignIn(t, b, f.r.Email, "/dashboard")
	csrf := b.Get(t, "/dashboard").Expect(t, http.StatusOK).Field(t, "csrf")

	type submit struct {
		name, action string
		form         url.Values
	}
	var subs []submit
	forms := map[string]url.Values{} // action → a page's form values
	for _, r := range routes.Table {
		if r.Group != routes.Pages || !strings.HasPrefix(r.Path, "/dashboard") {
			continue
		}
		path := f.path(r.Method, r.Path, nil)
		if r.Method == http.MethodGet {
			page := b.Get(t, path)
			if page.Status >= 500 {
				t.Errorf("GET %s: %d", path, page.Status)
				continue
			}
			for action := range postForms(page.Body) {
				if _, seen := forms[action]; !seen && strings.HasPrefix(action, "/dashboard") {
					forms[action] = page.Form(t, action)
				}
			}
			for _, bad := range []string{"not-a-uuid", "%00", "%2F", "%FF"} {
				if len(r.Params()) > 0 {
					subs = append(subs, submit{name: "GET path " + bad, action: "GET " + f.path(r.Method, r.Path, map[string]string{r.Params()[0]: bad})})
				}
			}
			subs = append(subs, submit{name: "GET bad query", action: "GET " + path + "?done=%FF&status=%00&cursor=garbage&limit=-1&page=1e309"})
			continue
		}
		if isDestructive(r.Path) {
			continue
		}
		subs = append(subs, submit{name: "junk form", action: path, form: url.Values{"csrf": {csrf}, "zzz": {"\x00"}, "title": {strings.Repeat("t", 5000)}}})
	}
	actions := make([]string, 0, len(forms))
	for a := range forms {
		actions = append(actions, a)
	}
	sort.Strings(actions)
	seenRoute := map[string]bool{}
	for _, action := range actions {
		if isDestructive(action) {
			continue
		}
		// One form per route: many pages hold forms to the same route
		// with other ids.
		if r := routeOf(action); seenRoute[r] {
			continue
		} else {
			seenRoute[r] = true
		}
		base := forms[action]
		for name := range base {
			if name == "csrf" {
				continue
			}
			for _, bad := range badFormValues {
				subs = append(subs, submit{name: name + "=" + clip(bad), action: action, form: with(base, name, bad)})
			}
			missing := with(base, name, "")
			missing.Del(name)
			subs = append(subs, submit{name: name + " missing", action: action, form: missing})
		}
	}
	var wg sync.WaitGroup
	ch := make(chan submit)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range ch {
				var page *testenv.Page
				if get, ok := strings.CutPrefix(s.action, "GET "); ok {
					page = b.Get(t, get)
				} else {
					page = b.Post(t, s.action, s.form)
				}
				if page.Status >= 500 {
					t.Errorf("%s %s: %d\n%.400s", s.action, s.name, page.Status, page.Body)
				}
			}
		}()
	}
	for _, s := range subs {
		ch <- s
	}
	close(ch)
	wg.Wait()
	if len(forms) < 10 {
		t.Fatalf("only %d forms found on the dashboard's pages", len(forms))
	}
	t.Logf("%d forms, %d submissions", len(forms), len(subs))
}

// routeOf returns the path of the route table that action (a path)
// matches, or action itself.
func routeOf(action string) string {
	got := strings.Split(strings.SplitN(action, "?", 2)[0], "/")
	for _, r := range routes.Table {
		want := strings.Split(r.Path, "/")
		if len(want) != len(got) {
			continue
		}
		match := true
		for i := range want {
			match = match && (want[i] == got[i] || strings.HasPrefix(want[i], "{"))
		}
		if match {
			return r.Path
		}
	}
	return action
}

// isDestructive reports whether a dashboard action is one the battery
// leaves alone.
func isDestructive(action string) bool {
	for _, d := range destructive {
		if strings.HasSuffix(action, d) {
			return true
		}
	}
	return false
}

// with returns a copy of form with name set to v.
func with(form url.Values, name, v string) url.Values {
	out := url.Values{}
	for k, vs := range form {
		out[k] = append([]string(nil), vs...)
	}
	out.Set(name, v)
	return out
}

// TestSignInFormsMalformed submits the signed-out pages' forms (sign-in,
// its link's confirmation, a claim, a connect link) with each field in
// turn set to bad values: no answer may be a 5xx.
func TestSignInFormsMalformed(t *testing.T) {
	f := setUp(t)
	b := f.env.NewBrowser(t)
	forms := map[string]url.Values{}
	for _, page := range []string{"/signin", "/signin/verify?token=abc", "/claim/abc", "/integrations/connect/abc", "/oauth/consent"} {
		p := b.Get(t, page)
		if p.Status >= 500 {
			t.Errorf("GET %s: %d", page, p.Status)
		}
		for action := range postForms(p.Body) {
			if _, seen := forms[action]; !seen {
				forms[action] = p.Form(t, action)
			}
		}
	}
	// Forms a page shows only with a valid link, by their fields.
	for action, fields := range map[string][]string{
		"/signin/verify": {"token", "check", "csrf"}, "/signin": {"email", "next", "csrf"}, "/oauth/consent": {"authorization_id", "csrf", "decision"},
		"/claim/abc": {"csrf"}, "/integrations/connect/abc": {"csrf", "site_url", "username", "password", "api_key"},
	} {
		if _, ok := forms[action]; !ok {
			v := url.Values{}
			for _, name := range fields {
				v.Set(name, "x")
			}
			forms[action] = v
		}
	}
	n := 0
	for action, base := range forms {
		for name := range base {
			for _, bad := range append(badFormValues, "//evil.example.com", "/\\evil.example.com", "https://evil.example.com/", "/dashboard\r\nSet-Cookie: a=b") {
				n++
				if p := b.Post(t, action, with(base, name, bad)); p.Status >= 500 {
					t.Errorf("POST %s %s=%q: %d\n%.400s", action, name, clip(bad), p.Status, p.Body)
				}
			}
		}
	}
	t.Logf("%d forms, %d submissions", len(forms), n)
}
