// Package audit23d holds black-box tests, over HTTP against a dev stack,
// of the OAuth 2.1 authorization server and of the authorization of the
// agent API and the MCP server (spec 5, the README's "OAuth, owner sign-in
// and app connections" and "MCP tools" sections, and the standards MCP
// clients rely on: RFC 6749, 7009, 7591, 7636, 8252, 8414, 8707, 9728 and
// the MCP authorization specification of 2025-06-18), with
// golang.org/x/oauth2 as the app. Each test shows a defect an audit found
// and that its fix holds, or pins a promise on that list no other test
// covered (a disconnect from the dashboard, a token of another service, an
// altered token). Each test starts its own stack with the background
// scheduler off.
package audit23d

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// redirectURI is the apps' loopback redirect URI; nobody listens there,
// the tests read the answer from the consent page's redirect.
const redirectURI = "http://127.0.0.1:9/callback"

// newApp registers an app with redirect URIs (redirectURI when none) and
// returns its oauth2 configuration, whose redirect URL is the first.
func newApp(t *testing.T, env *testenv.Env, name string, uris ...string) *oauth2.Config {
	t.Helper()
	if len(uris) == 0 {
		uris = []string{redirectURI}
	}
	r := env.Client().Do(t, "POST", "/oauth/register", map[string]any{
		"client_name": name, "redirect_uris": uris,
	}).Expect(t, http.StatusCreated)
	id, _ := r.JSON(t)["client_id"].(string)
	return &oauth2.Config{
		ClientID: id, RedirectURL: uris[0], Scopes: []string{"account"},
		Endpoint: oauth2.Endpoint{AuthURL: env.URL + "/oauth/authorize", TokenURL: env.URL + "/oauth/token", AuthStyle: oauth2.AuthStyleInParams},
	}
}

// owner is a claimed account whose owner is signed in in Browser.
type owner struct {
	*testenv.Account
	Browser *testenv.Browser
}

// newOwner creates and claims an account and signs its owner in.
func newOwner(t *testing.T, env *testenv.Env) *owner {
	t.Helper()
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	return &owner{Account: a, Browser: b}
}

// answer opens authorization request target in the owner's browser,
// answers its consent page with decision and returns where the answer
// sends the browser.
func (o *owner) answer(t *testing.T, env *testenv.Env, target, decision string) *url.URL {
	t.Helper()
	p := o.Browser.Get(t, target)
	u := p.Redirect(t, http.StatusFound, env.URL+"/oauth/consent?authorization_id=")
	page := o.Browser.Get(t, u.String()).Expect(t, http.StatusOK)
	return o.Browser.Post(t, "/oauth/consent", url.Values{
		"authorization_id": {page.Field(t, "authorization_id")}, "csrf": {page.Field(t, "csrf")}, "decision": {decision},
	}).Redirect(t, http.StatusSeeOther, "")
}

// code runs the browser side of the flow (authorize, consent, Connect)
// with extra authorization parameters and returns the authorization code
// and its verifier.
func (o *owner) code(t *testing.T, env *testenv.Env, app *oauth2.Config, extra ...oauth2.AuthCodeOption) (code, verifier string) {
	t.Helper()
	verifier = oauth2.GenerateVerifier()
	opts := append([]oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier)}, extra...)
	loc := o.answer(t, env, app.AuthCodeURL("st", opts...), "connect")
	code = loc.Query().Get("code")
	if code == "" || loc.Query().Get("state") != "st" {
		t.Fatalf("consent redirected to %s", loc)
	}
	return code, verifier
}

// connect runs the whole flow and returns the app's tokens.
func (o *owner) connect(t *testing.T, env *testenv.Env, app *oauth2.Config) *oauth2.Token {
	t.Helper()
	code, verifier := o.code(t, env, app)
	tok, err := app.Exchange(ctx(), code, oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	return tok
}

// ctx is the context of the oauth2 calls.
func ctx() context.Context {
	return context.WithValue(context.Background(), oauth2.HTTPClient, &http.Client{Timeout: 30 * time.Second})
}

// refresh asks for new tokens with refresh token rt.
func refresh(app *oauth2.Config, rt string) (*oauth2.Token, error) {
	return app.TokenSource(ctx(), &oauth2.Token{RefreshToken: rt, Expiry: time.Now().Add(-time.Hour)}).Token()
}

// grantError returns the OAuth error code of an oauth2 call's error.
func grantError(t *testing.T, err error) string {
	t.Helper()
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		t.Fatalf("error %v is not a token endpoint error", err)
	}
	return re.ErrorCode
}

// claims decodes the payload of a JWT (the test does not verify it).
func claims(t *testing.T, jwt string) map[string]any {
	t.Helper()
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		t.Fatalf("access token %q is not a JWT", jwt)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// tokenPost posts form to path (the token or revocation endpoint).
func tokenPost(t *testing.T, env *testenv.Env, path string, form url.Values, headers ...string) *testenv.Response {
	t.Helper()
	return env.Client().Do(t, "POST", path, form.Encode(), append([]string{"Content-Type: application/x-www-form-urlencoded"}, headers...)...)
}
