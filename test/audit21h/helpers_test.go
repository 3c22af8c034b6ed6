// Package audit21h holds black-box tests, over HTTP against a dev stack,
// of the OAuth authorization server (spec 5 and the README's OAuth
// section), with golang.org/x/oauth2 as the app: each one shows a defect an
// audit found and that its fix holds. Each test starts its own stack with
// the background scheduler off, so time moves only when the test says.
package audit21h

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

// newApp registers an app and returns its oauth2 configuration.
func newApp(t *testing.T, env *testenv.Env, name string) *oauth2.Config {
	t.Helper()
	r := env.Client().Do(t, "POST", "/oauth/register", map[string]any{
		"client_name": name, "redirect_uris": []string{redirectURI},
	}).Expect(t, http.StatusCreated)
	id, _ := r.JSON(t)["client_id"].(string)
	return &oauth2.Config{
		ClientID: id, RedirectURL: redirectURI, Scopes: []string{"account"},
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

// code runs the browser side of the flow (authorize, consent, Connect)
// and returns the authorization code and its verifier.
func (o *owner) code(t *testing.T, env *testenv.Env, app *oauth2.Config) (code, verifier string) {
	t.Helper()
	verifier = oauth2.GenerateVerifier()
	p := o.Browser.Get(t, app.AuthCodeURL("st", oauth2.S256ChallengeOption(verifier)))
	u := p.Redirect(t, http.StatusFound, env.URL+"/oauth/consent?authorization_id=")
	page := o.Browser.Get(t, u.String()).Expect(t, http.StatusOK)
	loc := o.Browser.Post(t, "/oauth/consent", url.Values{
		"authorization_id": {page.Field(t, "authorization_id")}, "csrf": {page.Field(t, "csrf")}, "decision": {"connect"},
	}).Redirect(t, http.StatusSeeOther, redirectURI+"?")
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

// connectionID returns the connection_id claim of an access token.
func connectionID(t *testing.T, jwt string) string {
	t.Helper()
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		t.Fatalf("access token %q is not a JWT", jwt)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		ConnectionID string `json:"connection_id"`
	}
	if err := json.Unmarshal(raw, &c); err != nil || c.ConnectionID == "" {
		t.Fatalf("claims %s", raw)
	}
	return c.ConnectionID
}
