package oauth_test

import (
	"net/http"
	"net/url"
	"testing"

	"rvcontent/test/testenv"
)

// TestRevocationEndpoint revokes through POST /oauth/revoke: a refresh
// token (also one already exchanged) or an access token disconnects its
// connection at once; unknown
// tokens answer 200 and change nothing; a token of another client answers
// unauthorized_client and an unregistered client_id invalid_client, both
// changing nothing; a parameter sent twice answers invalid_request.
func TestRevocationEndpoint(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Revoking App")
	revoke := func(form url.Values) {
		t.Helper()
		r := tokenPost(t, env, "/oauth/revoke", form).Expect(t, http.StatusOK)
		if r.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("revocation answer Cache-Control %q", r.Header.Get("Cache-Control"))
		}
	}

	revoke(url.Values{"token": {"rv_refresh_unknown"}, "client_id": {a.ID}})
	revoke(url.Values{"token": {"not-a-token"}})

	byRefresh := o.connect(t, a)
	other := newApp(t, env, "Not The Owner")
	oauthError(t, tokenPost(t, env, "/oauth/revoke", url.Values{"token": {byRefresh.RefreshToken}, "client_id": {other.ID}}), http.StatusBadRequest, "unauthorized_client")
	oauthError(t, tokenPost(t, env, "/oauth/revoke", url.Values{"token": {byRefresh.RefreshToken}, "client_id": {"00000000-0000-4000-8000-000000000000"}}), http.StatusUnauthorized, "invalid_client")
	api(env, byRefresh).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)

	revoke(url.Values{"token": {byRefresh.RefreshToken}, "token_type_hint": {"refresh_token"}, "client_id": {a.ID}})
	api(env, byRefresh).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	if _, err := refresh(a, byRefresh.RefreshToken); grantError(t, err) != "invalid_grant" {
		t.Fatalf("refresh after revocation: %v, want invalid_grant", err)
	}
	revoke(url.Values{"token": {byRefresh.RefreshToken}, "client_id": {a.ID}}) // again: still 200

	// A parameter sent twice is refused (RFC 6749 3.2, RFC 7009 2.1) and
	// revokes nothing, whichever of the two the server would have read.
	twice := o.connect(t, a)
	oauthError(t, tokenPost(t, env, "/oauth/revoke", url.Values{"token": {twice.RefreshToken, "rv_refresh_unknown"}, "client_id": {a.ID}}), http.StatusBadRequest, "invalid_request")
	oauthError(t, tokenPost(t, env, "/oauth/revoke", url.Values{"token": {twice.RefreshToken}, "client_id": {a.ID, a.ID}}), http.StatusBadRequest, "invalid_request")
	api(env, twice).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)

	byAccess := o.connect(t, a)
	revoke(url.Values{"token": {byAccess.AccessToken}, "client_id": {a.ID}})
	api(env, byAccess).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	if _, err := refresh(a, byAccess.RefreshToken); grantError(t, err) != "invalid_grant" {
		t.Fatalf("refresh after access token revocation: %v, want invalid_grant", err)
	}

	// A refresh token already exchanged still names its connection: sending
	// it (an app signing out with what it kept) disconnects the live one.
	rotated := o.connect(t, a)
	next, err := refresh(a, rotated.RefreshToken)
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	api(env, next).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	revoke(url.Values{"token": {rotated.RefreshToken}, "client_id": {a.ID}})
	api(env, next).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)

	// The app is the actor of its own disconnection.
	var activity struct{ Activity []map[string]any }
	o.Client.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK).Decode(t, &activity)
	revoked := 0
	for _, e := range activity.Activity {
		if e["action"] == "agent_key.revoked" {
			if e["actor"].(map[string]any)["type"] != "app" {
				t.Fatalf("revocation activity %v", e)
			}
			revoked++
		}
	}
	if revoked != 3 {
		t.Fatalf("%d agent_key.revoked entries, want 3", revoked)
	}
	oauthError(t, tokenPost(t, env, "/oauth/revoke", url.Values{"client_id": {a.ID}}), http.StatusBadRequest, "invalid_request")
}
