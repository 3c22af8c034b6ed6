// Package oauth_test drives the OAuth 2.1 flow of spec 5 end to end over
// HTTP against a dev stack, with golang.org/x/oauth2 as the app: dynamic
// registration, discovery, the owner's sign-in by emailed link, consent,
// the token endpoint, refresh rotation, revocation and the access token on
// the agent API.
package oauth_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// callback is the app's loopback redirect URI: it records every query it
// receives.
type callback struct {
	srv  *httptest.Server
	mu   sync.Mutex
	last url.Values
}

func newCallback(t testing.TB) *callback {
	c := &callback{}
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.last = r.URL.Query()
		c.mu.Unlock()
		_, _ = io.WriteString(w, "You can close this window.")
	}))
	t.Cleanup(c.srv.Close)
	return c
}

// URI is the redirect URI the app registers.
func (c *callback) URI() string { return c.srv.URL + "/callback" }

// Last returns the query of the latest redirect the app received.
func (c *callback) Last(t testing.TB) url.Values {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last == nil {
		t.Fatal("the app received no redirect")
	}
	return c.last
}

// app is a registered OAuth client and its oauth2 configuration.
type app struct {
	ID       string
	Name     string
	Callback *callback
	Config   *oauth2.Config
}

// registerRaw posts body to the registration endpoint.
func registerRaw(t testing.TB, env *testenv.Env, body any) *testenv.Response {
	t.Helper()
	return env.Client().Do(t, "POST", "/oauth/register", body)
}

// newApp registers an app whose redirect URI is a loopback callback server.
func newApp(t testing.TB, env *testenv.Env, name string) *app {
	t.Helper()
	cb := newCallback(t)
	r := registerRaw(t, env, map[string]any{
		"client_name": name, "redirect_uris": []string{cb.URI()},
		"grant_types": []string{"authorization_code", "refresh_token"}, "response_types": []string{"code"},
		"token_endpoint_auth_method": "none",
	}).Expect(t, http.StatusCreated)
	var c struct {
		ClientID string `json:"client_id"`
	}
	r.Decode(t, &c)
	return &app{ID: c.ClientID, Name: name, Callback: cb, Config: &oauth2.Config{
		ClientID: c.ClientID, RedirectURL: cb.URI(), Scopes: []string{"account"},
		Endpoint: oauth2.Endpoint{
			AuthURL: env.URL + "/oauth/authorize", TokenURL: env.URL + "/oauth/token", AuthStyle: oauth2.AuthStyleInParams,
		},
	}}
}

// ctx is the context of the oauth2 calls: they use a plain HTTP client.
func ctx() context.Context {
	return context.WithValue(context.Background(), oauth2.HTTPClient, &http.Client{Timeout: 30 * time.Second})
}

// owner is a claimed account and its owner's browser.
type owner struct {
	*testenv.Account
	Browser *testenv.Browser
	env     *testenv.Env
}

// newOwner creates and claims an account.
func newOwner(t testing.TB, env *testenv.Env) *owner {
	t.Helper()
	acct := env.NewAccount(t, "")
	env.Claim(t, acct)
	return &owner{Account: acct, Browser: env.NewBrowser(t), env: env}
}

// flow is one authorization attempt of an app.
type flow struct {
	State, Verifier string
}

func newFlow() flow {
	return flow{State: "st-" + oauth2.GenerateVerifier()[:16], Verifier: oauth2.GenerateVerifier()}
}

// authURL returns the authorization request of f.
func (a *app) authURL(env *testenv.Env, f flow) string {
	return a.Config.AuthCodeURL(f.State, oauth2.S256ChallengeOption(f.Verifier), oauth2.SetAuthURLParam("resource", env.URL+"/mcp"))
}

// consentPage sends the owner's browser through the authorization request,
// signing in by emailed link when needed, and returns the consent page.
func (o *owner) consentPage(t testing.TB, a *app, f flow) *testenv.Page {
	t.Helper()
	b := o.Browser
	p := b.Get(t, a.authURL(o.env, f)).Expect(t, http.StatusFound)
	if strings.HasPrefix(p.Location, o.env.URL+"/signin?") {
		next := mustURL(t, p.Location).Query().Get("next")
		p = b.OpenLink(t, o.env.SignInLink(t, b, o.Email, next))
		p.Redirect(t, http.StatusSeeOther, o.env.URL+next)
	}
	u := p.Redirect(t, p.Status, o.env.URL+"/oauth/consent?authorization_id=")
	return b.Get(t, u.String()).Expect(t, http.StatusOK, a.Name, o.Email)
}

// answer submits the consent page with decision and returns the answer.
func (o *owner) answer(t testing.TB, consent *testenv.Page, decision string) *testenv.Page {
	t.Helper()
	return o.Browser.Post(t, "/oauth/consent", url.Values{
		"authorization_id": {consent.Field(t, "authorization_id")}, "csrf": {consent.Field(t, "csrf")}, "decision": {decision},
	})
}

// code runs the browser side of f up to the app's redirect and returns the
// authorization code, after checking the state round trip.
func (o *owner) code(t testing.TB, a *app, f flow) string {
	t.Helper()
	p := o.answer(t, o.consentPage(t, a, f), "connect")
	u := p.Redirect(t, http.StatusSeeOther, a.Callback.URI()+"?")
	o.Browser.Get(t, u.String()).Expect(t, http.StatusOK)
	q := a.Callback.Last(t)
	if q.Get("state") != f.State || q.Get("iss") != o.env.URL || q.Get("error") != "" || q.Get("code") == "" {
		t.Fatalf("redirect to the app = %v, want code, state %q and iss", q, f.State)
	}
	return q.Get("code")
}

// connect runs the whole flow and returns the app's tokens.
func (o *owner) connect(t testing.TB, a *app) *oauth2.Token {
	t.Helper()
	f := newFlow()
	tok, err := a.Config.Exchange(ctx(), o.code(t, a, f), oauth2.VerifierOption(f.Verifier))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	return tok
}

// api returns a client of the agent API with an access token.
func api(env *testenv.Env, tok *oauth2.Token) *testenv.Client {
	return env.Client().As(tok.AccessToken)
}

// grantError returns the OAuth error code of an oauth2 call's error.
func grantError(t testing.TB, err error) string {
	t.Helper()
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		t.Fatalf("error %v is not a token endpoint error", err)
	}
	return re.ErrorCode
}

// refresh asks for new tokens with refresh token rt.
func refresh(a *app, rt string) (*oauth2.Token, error) {
	return a.Config.TokenSource(ctx(), &oauth2.Token{RefreshToken: rt, Expiry: time.Now().Add(-time.Hour)}).Token()
}

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// tokenPost posts form to the token endpoint and returns the answer.
func tokenPost(t testing.TB, env *testenv.Env, path string, form url.Values) *testenv.Response {
	t.Helper()
	return env.Client().Do(t, "POST", path, form.Encode(), "Content-Type: application/x-www-form-urlencoded")
}

// oauthError checks an OAuth error answer (RFC 6749 5.2).
func oauthError(t testing.TB, r *testenv.Response, status int, code string) {
	t.Helper()
	r.Expect(t, status)
	var e struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	r.Decode(t, &e)
	if e.Error != code || e.Description == "" {
		t.Fatalf("error body %s, want %q with a description", r.Body, code)
	}
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("Cache-Control %q, want no-store", r.Header.Get("Cache-Control"))
	}
}
