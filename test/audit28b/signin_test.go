package audit28b

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// press sends the sign-in link page's form as a browser does that holds
// only the page's cookie (signin_form): a second press of Sign in sent
// before the first press's answer arrived carries no session cookie, the
// first answer being dropped with the navigation it belonged to.
func press(t *testing.T, env *testenv.Env, form url.Values, binding *http.Cookie) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, env.URL+"/signin/verify", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "text/html")
	req.AddCookie(binding)
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// sessionOf returns the session cookie an answer sets, or nil.
func sessionOf(resp *http.Response) *http.Cookie {
	for _, c := range resp.Cookies() {
		if c.Name == "session" && c.Value != "" {
			return c
		}
	}
	return nil
}

// TestSignInPressedTwice: README, "Owner sign-in": the link page's Sign
// in button "uses the link up, starts the session and lands on the link's
// `next` page", and "a link used up ... a browser already signed in goes
// on to `next` ... instead: an old link opened again, or its Sign in
// pressed twice, has nothing left to do" (pages.SignIn.badLink). Defect:
// a double click on Sign in sends the form twice, the second before the
// first answer (which carries the session cookie) reached the browser,
// which drops that answer with its navigation; the second press found the
// link used up and, the browser holding no session, answered 404 "Sign-in
// link not valid": the owner, signed in on the service's side, was not in
// the browser and had to ask for a new link. A second press from the
// browser that used the link, within seconds, now signs it in too and
// lands on next; later, or from another browser, the link stays used.
func TestSignInPressedTwice(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	const next = "/dashboard/settings"
	page := b.Get(t, env.SignInLink(t, b, a.Email, next)).Expect(t, http.StatusOK, "Finish signing in")
	var binding *http.Cookie
	for _, c := range (&http.Response{Header: page.Header}).Cookies() {
		if c.Name == "signin_form" {
			binding = &http.Cookie{Name: c.Name, Value: c.Value}
		}
	}
	if binding == nil {
		t.Fatalf("the link page set no signin_form cookie: %v", page.Header.Values("Set-Cookie"))
	}
	form := url.Values{"token": {page.Field(t, "token")}, "check": {page.Field(t, "check")}, "next": {page.Field(t, "next")}}

	for i, resp := range []*http.Response{press(t, env, form, binding), press(t, env, form, binding)} {
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != env.URL+next {
			t.Errorf("press %d answered %d to %q, want 303 to %s", i+1, resp.StatusCode, resp.Header.Get("Location"), env.URL+next)
			continue
		}
		sess := sessionOf(resp)
		if sess == nil {
			t.Errorf("press %d set no session", i+1)
			continue
		}
		// The session the browser keeps (the last answer's) works.
		req, _ := http.NewRequest(http.MethodGet, env.URL+next, nil)
		req.AddCookie(&http.Cookie{Name: sess.Name, Value: sess.Value})
		c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		got, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got.Body.Close()
		if got.StatusCode != http.StatusOK {
			t.Errorf("press %d's session opens %s with %d, want 200", i+1, next, got.StatusCode)
		}
	}

	// A minute later the used link signs nobody in, not even this browser.
	env.Advance(t, 60)
	if resp := press(t, env, form, binding); resp.StatusCode != http.StatusNotFound || sessionOf(resp) != nil {
		t.Errorf("a press a minute later answered %d (session %v), want 404 without a session", resp.StatusCode, sessionOf(resp))
	}
}

// TestTheLinkPageBindsTheBrowserForTheLinksWholeLife: README, "Owner
// sign-in": the owner gets "a link valid 15 minutes", and its page's Sign
// in posts "with a token bound to a `SameSite` cookie of the browser that
// opened the page". Defect: the cookie lasts 15 minutes from the first
// link page a browser opened, and a later link page reused it without
// renewing it: an owner who opened one link, asked for another ten
// minutes later and pressed its Sign in six minutes after that (the new
// link valid for nine more minutes) found the cookie gone and got 403
// "Form expired". Each link page now renews the cookie for the whole
// life of its link.
func TestTheLinkPageBindsTheBrowserForTheLinksWholeLife(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	binding := func(p *testenv.Page) *http.Cookie {
		for _, c := range (&http.Response{Header: p.Header}).Cookies() {
			if c.Name == "signin_form" {
				return c
			}
		}
		return nil
	}
	first := binding(b.Get(t, env.SignInLink(t, b, a.Email, "")).Expect(t, http.StatusOK, "Finish signing in"))
	if first == nil || first.MaxAge != 900 {
		t.Fatalf("the first link page set the binding cookie %v, want it for 15 minutes", first)
	}
	second := binding(b.Get(t, env.SignInLink(t, b, a.Email, "")).Expect(t, http.StatusOK, "Finish signing in"))
	if second == nil || second.Value != first.Value || second.MaxAge != 900 {
		t.Errorf("the second link page set the binding cookie %v, want %s renewed for 15 minutes (the new link's life)", second, first.Value)
	}
}
