// Package lifecycle_test follows an account's whole life on a dev stack,
// black-box over HTTP: creation, claim, credentials, activity and the
// owner's deletion, after which every credential and link the account
// handed out must stop working.
package lifecycle_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// deleteAccount deletes a as its owner does from the dashboard's settings
// page (a must be claimed) and returns the owner's browser, now signed
// out.
func deleteAccount(t *testing.T, env *testenv.Env, a *testenv.Account) *testenv.Browser {
	t.Helper()
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	form := b.Get(t, "/dashboard/settings").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/delete")
	form.Set("confirm", a.Email)
	b.Post(t, "/dashboard/settings/delete", form).Expect(t, http.StatusOK, "Account deleted")
	return b
}

// grant is an OAuth authorization in progress: an app's registration and
// a code the owner approved, not exchanged yet.
type grant struct {
	clientID, code, verifier string
}

const redirect = "http://127.0.0.1:9/callback"

// approve registers an app and has the owner of the claimed account a,
// signed in in b, approve it; it returns the unexchanged code.
func approve(t *testing.T, env *testenv.Env, b *testenv.Browser, name string) grant {
	t.Helper()
	reg := env.Client().Do(t, "POST", "/oauth/register", map[string]any{
		"client_name": name, "redirect_uris": []string{redirect}, "grant_types": []string{"authorization_code", "refresh_token"},
		"response_types": []string{"code"}, "token_endpoint_auth_method": "none",
	}).Expect(t, http.StatusCreated)
	clientID, _ := reg.JSON(t)["client_id"].(string)
	verifier := strings.Repeat("v", 40) + name
	verifier = base64.RawURLEncoding.EncodeToString([]byte(verifier))
	sum := sha256.Sum256([]byte(verifier))
	authorize := "/oauth/authorize?" + url.Values{
		"response_type": {"code"}, "client_id": {clientID}, "redirect_uri": {redirect}, "state": {"st"}, "scope": {"account"},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"}, "resource": {env.URL + "/mcp"},
	}.Encode()
	page := b.Get(t, authorize)
	for i := 0; i < 5 && page.Status >= 300 && page.Status < 400; i++ {
		page = b.Get(t, page.Location)
	}
	page.Expect(t, http.StatusOK)
	loc := b.Post(t, "/oauth/consent", url.Values{
		"authorization_id": {page.Field(t, "authorization_id")}, "csrf": {page.Field(t, "csrf")}, "decision": {"connect"},
	}).Location
	u, err := url.Parse(loc)
	if err != nil || u.Query().Get("code") == "" {
		t.Fatalf("consent redirected to %q", loc)
	}
	return grant{clientID: clientID, code: u.Query().Get("code"), verifier: verifier}
}

// tokens is the token endpoint's answer.
type tokens struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	Error        string `json:"error"`
}

// token posts form to the token endpoint and returns its status and answer.
func token(t *testing.T, env *testenv.Env, form url.Values) (int, tokens) {
	t.Helper()
	r := env.Client().Do(t, "POST", "/oauth/token", form.Encode(), "Content-Type: application/x-www-form-urlencoded")
	var out tokens
	if err := json.Unmarshal(r.Body, &out); err != nil {
		t.Fatalf("token answer %d %s", r.Status, r.Body)
	}
	return r.Status, out
}

// exchange redeems g's code.
func (g grant) exchange(t *testing.T, env *testenv.Env) (int, tokens) {
	t.Helper()
	return token(t, env, url.Values{"grant_type": {"authorization_code"}, "code": {g.code}, "redirect_uri": {redirect}, "client_id": {g.clientID}, "code_verifier": {g.verifier}})
}

// refresh uses refresh token rt of g's client.
func (g grant) refresh(t *testing.T, env *testenv.Env, rt string) (int, tokens) {
	t.Helper()
	return token(t, env, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "client_id": {g.clientID}})
}
