package oauth_test

import (
	"net/http"
	"reflect"
	"testing"

	"rvcontent/test/testenv"
)

// TestDiscovery follows discovery as an app does: the 401's header names
// the protected-resource metadata, whose first authorization server's
// metadata names every endpoint.
func TestDiscovery(t *testing.T) {
	env := testenv.Shared(t)
	r := env.Client().Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	want := `Bearer resource_metadata="` + env.URL + `/.well-known/oauth-protected-resource"`
	if got := r.Header.Get("WWW-Authenticate"); got != want {
		t.Fatalf("WWW-Authenticate %q, want %q", got, want)
	}

	var prm struct {
		Resource               string   `json:"resource"`
		AuthorizationServers   []string `json:"authorization_servers"`
		BearerMethodsSupported []string `json:"bearer_methods_supported"`
	}
	env.Client().Do(t, "GET", "/.well-known/oauth-protected-resource", nil).Expect(t, http.StatusOK).Decode(t, &prm)
	if prm.Resource != env.URL+"/mcp" || !reflect.DeepEqual(prm.AuthorizationServers, []string{env.URL}) ||
		!reflect.DeepEqual(prm.BearerMethodsSupported, []string{"header"}) {
		t.Fatalf("protected-resource metadata = %+v", prm)
	}
	// The path form for the MCP address serves the same document.
	same := env.Client().Do(t, "GET", "/.well-known/oauth-protected-resource/mcp", nil).Expect(t, http.StatusOK).JSON(t)
	if same["resource"] != env.URL+"/mcp" {
		t.Fatalf("path-form metadata = %v", same)
	}

	m := env.Client().Do(t, "GET", "/.well-known/oauth-authorization-server", nil).Expect(t, http.StatusOK).JSON(t)
	issuer := prm.AuthorizationServers[0]
	strs := map[string]string{
		"issuer":                 issuer,
		"authorization_endpoint": issuer + "/oauth/authorize",
		"token_endpoint":         issuer + "/oauth/token",
		"registration_endpoint":  issuer + "/oauth/register",
		"revocation_endpoint":    issuer + "/oauth/revoke",
	}
	for k, v := range strs {
		if m[k] != v {
			t.Errorf("%s = %v, want %q", k, m[k], v)
		}
	}
	lists := map[string][]any{
		"code_challenge_methods_supported":      {"S256"},
		"response_types_supported":              {"code"},
		"grant_types_supported":                 {"authorization_code", "refresh_token"},
		"token_endpoint_auth_methods_supported": {"none"},
		"scopes_supported":                      {"account", "email"},
	}
	for k, v := range lists {
		if !reflect.DeepEqual(m[k], v) {
			t.Errorf("%s = %v, want %v", k, m[k], v)
		}
	}
}
