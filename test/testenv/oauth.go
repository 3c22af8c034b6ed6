package testenv

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// OAuthToken connects an app named appName to the unclaimed account a, as
// its owner would (claim, sign-in by emailed link, Connect on the consent
// page), and returns the app's access token. The redirect URI is a
// loopback address nobody listens on: the code is read from the redirect.
func (e *Env) OAuthToken(t testing.TB, a *Account, appName string) string {
	t.Helper()
	const redirect = "http://127.0.0.1:9/callback"
	reg := e.Client().Do(t, "POST", "/oauth/register", map[string]any{
		"client_name": appName, "redirect_uris": []string{redirect}, "grant_types": []string{"authorization_code", "refresh_token"},
		"response_types": []string{"code"}, "token_endpoint_auth_method": "none",
	}).Expect(t, http.StatusCreated)
	clientID, _ := reg.JSON(t)["client_id"].(string)
	e.Claim(t, a)

	b := e.NewBrowser(t)
	verifier := randomText(t)
	sum := sha256.Sum256([]byte(verifier))
	authorize := "/oauth/authorize?" + url.Values{
		"response_type": {"code"}, "client_id": {clientID}, "redirect_uri": {redirect}, "state": {"st"}, "scope": {"account"},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"}, "resource": {e.URL + "/mcp"},
	}.Encode()
	page, at := b.follow(t, authorize)
	if !page.HasField("authorization_id") { // the sign-in page first
		next := at.Query().Get("next")
		b.OpenLink(t, e.SignInLink(t, b, a.Email, next)).Redirect(t, http.StatusSeeOther, e.URL+next)
		page, _ = b.follow(t, next)
	}
	loc := b.Post(t, "/oauth/consent", url.Values{
		"authorization_id": {page.Field(t, "authorization_id")}, "csrf": {page.Field(t, "csrf")}, "decision": {"connect"},
	}).Location
	code := mustParse(t, loc).Query().Get("code")
	if code == "" {
		t.Fatalf("consent redirected to %q, without a code", loc)
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {clientID}, "code_verifier": {verifier}}
	tok := e.Client().Do(t, "POST", "/oauth/token", form.Encode(), "Content-Type: application/x-www-form-urlencoded").Expect(t, http.StatusOK)
	var out struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(tok.Body, &out); err != nil || out.AccessToken == "" {
		t.Fatalf("token answer %s", tok.Body)
	}
	return out.AccessToken
}

// follow opens target and the redirects after it, and returns the last
// page and its address.
func (b *Browser) follow(t testing.TB, target string) (*Page, *url.URL) {
	t.Helper()
	for hops := 0; hops < 6; hops++ {
		if strings.HasPrefix(target, "/") {
			target = b.Base + target
		}
		p := b.Get(t, target)
		if p.Status < 300 || p.Status > 399 {
			return p, mustParse(t, target)
		}
		target = p.Location
	}
	t.Fatalf("too many redirects from %s", target)
	return nil, nil
}

func randomText(t testing.TB) string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
