package oauth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestTokenEndpointErrors checks the token endpoint's RFC 6749 errors.
func TestTokenEndpointErrors(t *testing.T) {
	env := testenv.Shared(t)
	a := newApp(t, env, "Token Errors App")
	cases := []struct {
		name   string
		form   url.Values
		status int
		code   string
	}{
		{"no grant type", url.Values{"client_id": {a.ID}}, http.StatusBadRequest, "invalid_request"},
		{"password grant", url.Values{"grant_type": {"password"}, "client_id": {a.ID}}, http.StatusBadRequest, "unsupported_grant_type"},
		{"client credentials", url.Values{"grant_type": {"client_credentials"}, "client_id": {a.ID}}, http.StatusBadRequest, "unsupported_grant_type"},
		{"no client", url.Values{"grant_type": {"authorization_code"}, "code": {"x"}, "code_verifier": {"y"}}, http.StatusUnauthorized, "invalid_client"},
		{"unknown client", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"x"}, "client_id": {"00000000-0000-4000-8000-000000000000"}}, http.StatusUnauthorized, "invalid_client"},
		{"no code", url.Values{"grant_type": {"authorization_code"}, "client_id": {a.ID}, "code_verifier": {"y"}}, http.StatusBadRequest, "invalid_request"},
		{"unknown code", url.Values{"grant_type": {"authorization_code"}, "client_id": {a.ID}, "code": {"nope"}, "code_verifier": {oauthVerifier}}, http.StatusBadRequest, "invalid_grant"},
		{"no refresh token", url.Values{"grant_type": {"refresh_token"}, "client_id": {a.ID}}, http.StatusBadRequest, "invalid_request"},
		{"unknown refresh token", url.Values{"grant_type": {"refresh_token"}, "client_id": {a.ID}, "refresh_token": {"rv_refresh_nope"}}, http.StatusBadRequest, "invalid_grant"},
		{"repeated parameter", url.Values{"grant_type": {"refresh_token", "refresh_token"}, "client_id": {a.ID}}, http.StatusBadRequest, "invalid_request"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			oauthError(t, tokenPost(t, env, "/oauth/token", tc.form), tc.status, tc.code)
		})
	}
	t.Run("body over 1 MB", func(t *testing.T) {
		big := url.Values{"grant_type": {"refresh_token"}, "client_id": {a.ID}, "refresh_token": {strings.Repeat("x", 2<<20)}}
		for _, path := range []string{"/oauth/token", "/oauth/revoke"} {
			oauthError(t, tokenPost(t, env, path, big), http.StatusBadRequest, "invalid_request")
		}
	})
	t.Run("JSON body", func(t *testing.T) {
		r := env.Client().Do(t, "POST", "/oauth/token", map[string]any{"grant_type": "refresh_token", "client_id": a.ID})
		oauthError(t, r, http.StatusBadRequest, "invalid_request")
	})
}

// oauthVerifier is a well-formed PKCE verifier.
const oauthVerifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
