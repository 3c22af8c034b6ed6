package oauth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestAuthorizeErrors checks bad authorization requests: a bad client or
// redirect URI gets a page and never a redirect; other errors go back to
// the app with error and state.
func TestAuthorizeErrors(t *testing.T) {
	env := testenv.Shared(t)
	a := newApp(t, env, "Errors App")
	b := env.NewBrowser(t)
	f := newFlow()
	good := mustURL(t, a.authURL(env, f))
	with := func(change func(q url.Values)) string {
		u := *good
		q := u.Query()
		change(q)
		u.RawQuery = q.Encode()
		return u.String()
	}

	pages := map[string]string{
		"unknown client":      with(func(q url.Values) { q.Set("client_id", "00000000-0000-4000-8000-000000000000") }),
		"no client":           with(func(q url.Values) { q.Del("client_id") }),
		"unregistered URI":    with(func(q url.Values) { q.Set("redirect_uri", "https://evil.example/cb") }),
		"other path":          with(func(q url.Values) { q.Set("redirect_uri", a.Callback.URI()+"/x") }),
		"two redirect URIs":   with(func(q url.Values) { q.Add("redirect_uri", a.Callback.URI()) }),
		"client of other app": with(func(q url.Values) { q.Set("client_id", httpsApp(t, env)) }),
	}
	for name, target := range pages {
		t.Run(name, func(t *testing.T) {
			p := b.Get(t, target).Expect(t, http.StatusBadRequest, "This app cannot connect")
			if p.Location != "" || !strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") {
				t.Fatalf("answer redirects to %q (Content-Type %q)", p.Location, p.Header.Get("Content-Type"))
			}
		})
	}

	redirects := []struct {
		name, code string
		change     func(q url.Values)
	}{
		{"no code challenge", "invalid_request", func(q url.Values) { q.Del("code_challenge") }},
		{"no challenge method", "invalid_request", func(q url.Values) { q.Del("code_challenge_method") }},
		{"plain method", "invalid_request", func(q url.Values) { q.Set("code_challenge_method", "plain") }},
		{"short challenge", "invalid_request", func(q url.Values) { q.Set("code_challenge", "abc") }},
		{"token response", "unsupported_response_type", func(q url.Values) { q.Set("response_type", "token") }},
		{"no response type", "invalid_request", func(q url.Values) { q.Del("response_type") }},
		{"other resource", "invalid_target", func(q url.Values) { q.Set("resource", "https://elsewhere.example/mcp") }},
	}
	for _, tc := range redirects {
		t.Run(tc.name, func(t *testing.T) {
			u := b.Get(t, with(tc.change)).Redirect(t, http.StatusFound, a.Callback.URI()+"?")
			q := u.Query()
			if q.Get("error") != tc.code || q.Get("state") != f.State || q.Get("error_description") == "" || q.Get("iss") != env.URL {
				t.Fatalf("error redirect %v, want error %q with state", q, tc.code)
			}
		})
	}
}

// TestAuthorizeAccepts checks requests the server accepts beyond the plain
// one: a loopback redirect URI on another port (RFC 8252), the agent API
// root as the resource, unknown scopes left out and the email scope.
func TestAuthorizeAccepts(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	cb := newCallback(t)
	// Registered without a port; the app listens on the port it got.
	registered := "http://127.0.0.1/callback"
	var c struct {
		ClientID string `json:"client_id"`
	}
	registerRaw(t, env, map[string]any{"client_name": "CLI Tool", "redirect_uris": []string{registered}}).Expect(t, http.StatusCreated).Decode(t, &c)
	a := &app{ID: c.ClientID, Name: "CLI Tool", Callback: cb, Config: &oauth2.Config{
		ClientID: c.ClientID, RedirectURL: cb.URI(), Scopes: []string{"email", "mcp:tools"},
		Endpoint: oauth2.Endpoint{AuthURL: env.URL + "/oauth/authorize", TokenURL: env.URL + "/oauth/token", AuthStyle: oauth2.AuthStyleInParams},
	}}
	f := newFlow()
	target := a.Config.AuthCodeURL(f.State, oauth2.S256ChallengeOption(f.Verifier), oauth2.SetAuthURLParam("resource", env.URL+"/api/agent/v1"))
	p := o.Browser.Get(t, target).Redirect(t, http.StatusFound, env.URL+"/signin?")
	next := p.Query().Get("next")
	link := env.SignInLink(t, o.Browser, o.Email, next)
	o.Browser.OpenLink(t, link).Redirect(t, http.StatusSeeOther, env.URL+next)
	consent := o.Browser.Get(t, env.URL+next).Expect(t, http.StatusOK, "CLI Tool", o.Email, "full access to everything in this account, on all its sites")
	if csp := consent.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' "+cb.srv.URL+";") {
		t.Fatalf("consent page CSP %q does not let the form's answer go back to the app", csp)
	}
	o.Browser.Get(t, o.answer(t, consent, "connect").Redirect(t, http.StatusSeeOther, cb.URI()+"?").String())
	tok, err := a.Config.Exchange(ctx(), cb.Last(t).Get("code"), oauth2.VerifierOption(f.Verifier))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	cl := testenv.JWTClaims(t, tok.AccessToken)
	if aud := cl["aud"].([]any); len(aud) != 1 || aud[0] != env.URL+"/api/agent/v1" || cl["email"] != o.Email || tok.Extra("scope") != "account email" {
		t.Fatalf("claims %v, scope %v", cl, tok.Extra("scope"))
	}
	api(env, tok).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}

// TestCancel answers Cancel: the app gets access_denied with its state,
// nothing is connected, and the request cannot be answered again.
func TestCancel(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Cancelled App")
	f := newFlow()
	consent := o.consentPage(t, a, f)
	u := o.answer(t, consent, "cancel").Redirect(t, http.StatusSeeOther, a.Callback.URI()+"?")
	if q := u.Query(); q.Get("error") != "access_denied" || q.Get("state") != f.State || q.Get("code") != "" {
		t.Fatalf("cancel redirect %v", q)
	}
	var keys struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	o.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	if len(keys.AgentKeys) != 1 {
		t.Fatalf("after cancel the account has %d credentials, want its one key", len(keys.AgentKeys))
	}
	o.answer(t, consent, "connect").Expect(t, http.StatusGone, "expired or already answered")
}

// TestConsentErrorStates opens the consent page without a request, with an
// unknown one, an answered one and an expired one; and checks that a
// consent form needs the session's CSRF token.
func TestConsentErrorStates(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "States App")
	b := o.Browser
	b.Get(t, "/oauth/consent").Expect(t, http.StatusBadRequest, "Nothing to approve")
	b.Get(t, "/oauth/consent?authorization_id=").Expect(t, http.StatusBadRequest, "Nothing to approve")
	b.Get(t, "/oauth/consent?authorization_id=00000000-0000-4000-8000-000000000000").Expect(t, http.StatusGone, "expired or already answered")
	b.Get(t, "/oauth/consent?authorization_id=not-an-id").Expect(t, http.StatusGone, "expired or already answered")

	consent := o.consentPage(t, a, newFlow())
	id := consent.Field(t, "authorization_id")
	// A form without the session's CSRF token changes nothing.
	b.Post(t, "/oauth/consent", url.Values{"authorization_id": {id}, "csrf": {"forged"}, "decision": {"connect"}}).Expect(t, http.StatusForbidden)
	// Another browser cannot see the request.
	env.NewBrowser(t).Get(t, "/oauth/consent?authorization_id="+id).Expect(t, http.StatusForbidden, "started in another browser")
	o.code(t, a, newFlow()) // signed in now: a fresh request goes straight to consent
	// Only an explicit Connect approves: no answer, or an unknown one,
	// connects nothing and leaves the request open.
	for _, decision := range []string{"", "maybe"} {
		o.answer(t, consent, decision).Expect(t, http.StatusBadRequest, "Choose Connect or Cancel")
	}
	o.answer(t, consent, "connect").Redirect(t, http.StatusSeeOther, a.Callback.URI()+"?")
	// Opened again, the answered request links on to where the app is
	// listed.
	b.Get(t, "/oauth/consent?authorization_id="+id).Expect(t, http.StatusGone, "expired or already answered", `href="`+env.URL+`/dashboard/settings/agents"`)

	stale := o.consentPage(t, a, newFlow())
	env.Advance(t, 601)
	b.Get(t, "/oauth/consent?authorization_id="+stale.Field(t, "authorization_id")).Expect(t, http.StatusGone, "expired or already answered")
	o.answer(t, stale, "connect").Expect(t, http.StatusGone)
}

// TestConsentIsBoundToTheBrowserThatOpenedIt: an authorization request
// opened in one owner's browser cannot be seen or approved from another
// owner's signed-in session (its link sent to them connects nothing); the
// browser that opened it still answers it.
func TestConsentIsBoundToTheBrowserThatOpenedIt(t *testing.T) {
	env := testenv.Shared(t)
	requester, other := newOwner(t, env), newOwner(t, env)
	a := newApp(t, env, "Bound App")
	consent := requester.consentPage(t, a, newFlow())
	id := consent.Field(t, "authorization_id")

	env.SignIn(t, other.Browser, other.Email, "/dashboard")
	page := "/oauth/consent?authorization_id=" + id
	other.Browser.Get(t, page).Expect(t, http.StatusForbidden, "started in another browser")
	csrf := other.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK).Field(t, "csrf")
	for _, decision := range []string{"connect", "cancel"} {
		other.Browser.Post(t, "/oauth/consent", url.Values{"authorization_id": {id}, "csrf": {csrf}, "decision": {decision}}).
			Expect(t, http.StatusForbidden, "started in another browser")
	}
	if keys := other.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).JSON(t)["agent_keys"].([]any); len(keys) != 1 {
		t.Fatalf("the other owner's account has %d keys and connections, want its one key", len(keys))
	}

	requester.answer(t, consent, "connect").Redirect(t, http.StatusSeeOther, a.Callback.URI()+"?")
}

// httpsApp registers an app whose one redirect URI is on another host.
func httpsApp(t testing.TB, env *testenv.Env) string {
	t.Helper()
	var c struct {
		ClientID string `json:"client_id"`
	}
	registerRaw(t, env, map[string]any{"client_name": "Web App", "redirect_uris": []string{"https://web.example/cb"}}).Expect(t, http.StatusCreated).Decode(t, &c)
	return c.ClientID
}

// The consent page's Content-Security-Policy lets the form's answer go
// back to the app whatever its redirect URI's host: a host that a CSP
// source cannot name (an IPv6 literal such as [::1], which RFC 8252 lets
// native apps use, or a name with "_") is allowed by its scheme instead,
// since a browser ignores the invalid source and would block the redirect
// that carries the code.
func TestConsentLetsTheAnswerReachAnyRedirectHost(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	for redirect, source := range map[string]string{
		"http://[::1]:8123/cb":               "http:",
		"https://my_app.example.com/cb":      "https:",
		"https://app.example.com:8443/cb?x=": "https://app.example.com:8443",
	} {
		var c struct {
			ClientID string `json:"client_id"`
		}
		registerRaw(t, env, map[string]any{"client_name": "Host App", "redirect_uris": []string{redirect}}).Expect(t, http.StatusCreated).Decode(t, &c)
		a := &app{ID: c.ClientID, Name: "Host App", Config: &oauth2.Config{
			ClientID: c.ClientID, RedirectURL: redirect,
			Endpoint: oauth2.Endpoint{AuthURL: env.URL + "/oauth/authorize", TokenURL: env.URL + "/oauth/token"},
		}}
		csp := o.consentPage(t, a, newFlow()).Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "form-action 'self' "+source+";") {
			t.Errorf("redirect URI %s: consent page CSP %q, want form-action 'self' %s", redirect, csp, source)
		}
	}
}

// TestConnectSentTwice: a Connect sent again for a request its owner just
// approved (a double click: the browser shows the second answer) goes
// back to the app with the same code, so the connection still completes;
// once the code is exchanged, or from another browser, it is an answered
// request like any other.
func TestConnectSentTwice(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Double Click App")
	f := newFlow()
	consent := o.consentPage(t, a, f)
	first := o.answer(t, consent, "connect").Redirect(t, http.StatusSeeOther, a.Callback.URI()+"?").Query()
	again := o.answer(t, consent, "connect").Redirect(t, http.StatusSeeOther, a.Callback.URI()+"?").Query()
	if first.Get("code") == "" || again.Get("code") != first.Get("code") || again.Get("state") != f.State {
		t.Fatalf("second Connect: %v, first %v", again, first)
	}
	var keys struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	o.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	if len(keys.AgentKeys) != 2 {
		t.Fatalf("after Connect twice the account has %d credentials, want its key and one app", len(keys.AgentKeys))
	}
	other := newOwner(t, env)
	other.answer(t, consent, "connect").Expect(t, http.StatusGone, "expired or already answered")
	if _, err := a.Config.Exchange(ctx(), again.Get("code"), oauth2.VerifierOption(f.Verifier)); err != nil {
		t.Fatalf("exchange of the code: %v", err)
	}
	o.answer(t, consent, "connect").Expect(t, http.StatusGone, "expired or already answered")
}
