package testenv

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
)

// LoopbackRedirect is a loopback redirect URI for test apps; nobody
// listens there, tests read the answer from the consent page's redirect.
const LoopbackRedirect = "http://127.0.0.1:9/callback"

// NewOAuthApp registers an app named name with redirect URIs uris
// (LoopbackRedirect when none) and returns its golang.org/x/oauth2
// configuration, whose redirect URL is the first.
func (e *Env) NewOAuthApp(t testing.TB, name string, uris ...string) *oauth2.Config {
	t.Helper()
	if len(uris) == 0 {
		uris = []string{LoopbackRedirect}
	}
	r := e.Client().Do(t, "POST", "/oauth/register", map[string]any{
		"client_name": name, "redirect_uris": uris,
	}).Expect(t, http.StatusCreated)
	id, _ := r.JSON(t)["client_id"].(string)
	return &oauth2.Config{
		ClientID: id, RedirectURL: uris[0], Scopes: []string{"account"},
		Endpoint: oauth2.Endpoint{AuthURL: e.URL + "/oauth/authorize", TokenURL: e.URL + "/oauth/token", AuthStyle: oauth2.AuthStyleInParams},
	}
}

// Owner is a claimed account whose owner is signed in in Browser, ready
// to answer apps' authorization requests.
type Owner struct {
	*Account
	Browser *Browser
	env     *Env
}

// NewOwner creates and claims an account and signs its owner in.
func (e *Env) NewOwner(t testing.TB) *Owner {
	t.Helper()
	a := e.NewAccount(t, "")
	e.Claim(t, a)
	b := e.NewBrowser(t)
	e.SignIn(t, b, a.Email, "/dashboard")
	return &Owner{Account: a, Browser: b, env: e}
}

// Answer opens authorization request target in the owner's browser,
// answers its consent page with decision ("connect" or "cancel") and
// returns where the answer sends the browser.
func (o *Owner) Answer(t testing.TB, target, decision string) *url.URL {
	t.Helper()
	p := o.Browser.Get(t, target)
	u := p.Redirect(t, http.StatusFound, o.env.URL+"/oauth/consent?authorization_id=")
	page := o.Browser.Get(t, u.String()).Expect(t, http.StatusOK)
	return o.Browser.Post(t, "/oauth/consent", url.Values{
		"authorization_id": {page.Field(t, "authorization_id")}, "csrf": {page.Field(t, "csrf")}, "decision": {decision},
	}).Redirect(t, http.StatusSeeOther, "")
}

// Code runs the browser side of app's flow (authorize with PKCE S256 and
// state "st", consent, Connect) with extra authorization parameters, and
// returns the authorization code and its verifier.
func (o *Owner) Code(t testing.TB, app *oauth2.Config, extra ...oauth2.AuthCodeOption) (code, verifier string) {
	t.Helper()
	verifier = oauth2.GenerateVerifier()
	opts := append([]oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier)}, extra...)
	loc := o.Answer(t, app.AuthCodeURL("st", opts...), "connect")
	code = loc.Query().Get("code")
	if code == "" || loc.Query().Get("state") != "st" {
		t.Fatalf("consent redirected to %s", loc)
	}
	return code, verifier
}

// Connect runs app's whole flow and returns its tokens.
func (o *Owner) Connect(t testing.TB, app *oauth2.Config) *oauth2.Token {
	t.Helper()
	code, verifier := o.Code(t, app)
	tok, err := app.Exchange(OAuthContext(), code, oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	return tok
}

// OAuthContext is the context of golang.org/x/oauth2 calls: its HTTP
// client gives up after 30 seconds.
func OAuthContext() context.Context {
	return context.WithValue(context.Background(), oauth2.HTTPClient, &http.Client{Timeout: 30 * time.Second})
}

// Refresh asks for new tokens of app with refresh token rt.
func Refresh(app *oauth2.Config, rt string) (*oauth2.Token, error) {
	return app.TokenSource(OAuthContext(), &oauth2.Token{RefreshToken: rt, Expiry: time.Now().Add(-time.Hour)}).Token()
}

// GrantError returns the OAuth error code of a golang.org/x/oauth2
// call's error.
func GrantError(t testing.TB, err error) string {
	t.Helper()
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		t.Fatalf("error %v is not a token endpoint error", err)
	}
	return re.ErrorCode
}

// JWTClaims decodes the payload of a JWT (without verifying it).
func JWTClaims(t testing.TB, jwt string) map[string]any {
	t.Helper()
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		t.Fatalf("token %q is not a JWT", jwt)
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
