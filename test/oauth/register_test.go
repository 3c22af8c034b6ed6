package oauth_test

import (
	"net/http"
	"reflect"
	"testing"

	"rvcontent/test/testenv"
)

// TestRegistration checks dynamic client registration (RFC 7591): which
// redirect URIs are accepted, the registered metadata and the error bodies.
func TestRegistration(t *testing.T) {
	env := testenv.Shared(t)
	uris := []string{
		"https://app.example.com/oauth/callback",
		"http://127.0.0.1:53682/callback",
		"http://[::1]:8123/cb",
		"http://localhost:33418/",
		"http://127.0.0.1/callback",
	}
	r := registerRaw(t, env, map[string]any{
		"client_name": "  Desktop   Client ", "redirect_uris": uris,
		"grant_types": []string{"authorization_code", "refresh_token"}, "response_types": []string{"code"},
		"token_endpoint_auth_method": "none", "logo_uri": "https://app.example.com/logo.png",
	}).Expect(t, http.StatusCreated)
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("Cache-Control %q", r.Header.Get("Cache-Control"))
	}
	c := r.JSON(t)
	id, _ := c["client_id"].(string)
	issued, _ := c["client_id_issued_at"].(float64)
	want := map[string]any{
		"client_id": id, "client_id_issued_at": issued, "client_name": "Desktop Client",
		"redirect_uris": toAny(uris), "grant_types": []any{"authorization_code", "refresh_token"},
		"response_types": []any{"code"}, "token_endpoint_auth_method": "none",
	}
	if id == "" || issued == 0 || !reflect.DeepEqual(c, want) {
		t.Fatalf("registered client = %v", c)
	}
	// Defaults: every client gets both grants and the code response type.
	d := registerRaw(t, env, map[string]any{"client_name": "Minimal", "redirect_uris": []string{"https://m.example/cb"}}).Expect(t, http.StatusCreated).JSON(t)
	if !reflect.DeepEqual(d["grant_types"], []any{"authorization_code", "refresh_token"}) || d["token_endpoint_auth_method"] != "none" {
		t.Fatalf("defaults = %v", d)
	}

	bad := []struct {
		name string
		body any
		code string
	}{
		{"no redirect URIs", map[string]any{"client_name": "A"}, "invalid_redirect_uri"},
		{"empty redirect URIs", map[string]any{"client_name": "A", "redirect_uris": []string{}}, "invalid_redirect_uri"},
		{"http on a public host", map[string]any{"client_name": "A", "redirect_uris": []string{"http://app.example.com/cb"}}, "invalid_redirect_uri"},
		{"http on a private address", map[string]any{"client_name": "A", "redirect_uris": []string{"http://10.0.0.1/cb"}}, "invalid_redirect_uri"},
		{"custom scheme", map[string]any{"client_name": "A", "redirect_uris": []string{"myapp://callback"}}, "invalid_redirect_uri"},
		{"fragment", map[string]any{"client_name": "A", "redirect_uris": []string{"https://app.example.com/cb#x"}}, "invalid_redirect_uri"},
		{"relative", map[string]any{"client_name": "A", "redirect_uris": []string{"/cb"}}, "invalid_redirect_uri"},
		// The consent page's Content-Security-Policy names the redirect
		// URI's origin: a ";" would end its directive.
		{"host with a semicolon", map[string]any{"client_name": "A", "redirect_uris": []string{"https://app.example;script-src/cb"}}, "invalid_redirect_uri"},
		{"host with a comma", map[string]any{"client_name": "A", "redirect_uris": []string{"https://app.example,evil/cb"}}, "invalid_redirect_uri"},
		{"no name", map[string]any{"redirect_uris": []string{"https://app.example.com/cb"}}, "invalid_client_metadata"},
		{"client secret auth", map[string]any{"client_name": "A", "redirect_uris": []string{"https://a.example/cb"}, "token_endpoint_auth_method": "client_secret_basic"}, "invalid_client_metadata"},
		{"implicit grant", map[string]any{"client_name": "A", "redirect_uris": []string{"https://a.example/cb"}, "grant_types": []string{"implicit"}}, "invalid_client_metadata"},
		{"token response", map[string]any{"client_name": "A", "redirect_uris": []string{"https://a.example/cb"}, "response_types": []string{"token"}}, "invalid_client_metadata"},
		{"wrong types", map[string]any{"client_name": 7, "redirect_uris": "https://a.example/cb"}, "invalid_client_metadata"},
		{"not JSON", "{", "invalid_client_metadata"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			oauthError(t, registerRaw(t, env, tc.body), http.StatusBadRequest, tc.code)
		})
	}
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
