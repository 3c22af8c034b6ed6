package mcp_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// Browser-based MCP clients preflight the MCP address, the discovery
// documents (read with an MCP-Protocol-Version header) and the OAuth machine
// endpoints, and must be able to read the 401 that starts discovery.
func TestBrowserClientsCanReachMCPAndOAuth(t *testing.T) {
	env := testenv.Shared(t)
	c := env.Client()
	for _, path := range []string{"/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp",
		"/.well-known/oauth-authorization-server"} {
		r := c.Do(t, "OPTIONS", path, nil, "Origin: https://inspector.example", "Access-Control-Request-Method: GET",
			"Access-Control-Request-Headers: mcp-protocol-version").Expect(t, http.StatusNoContent)
		if r.Header.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(strings.ToLower(r.Header.Get("Access-Control-Allow-Headers")), "mcp-protocol-version") {
			t.Errorf("OPTIONS %s: CORS headers %v", path, r.Header)
		}
	}
	for _, path := range []string{"/mcp", "/oauth/register", "/oauth/token", "/oauth/revoke"} {
		r := c.Do(t, "OPTIONS", path, nil, "Origin: https://inspector.example", "Access-Control-Request-Method: POST").Expect(t, http.StatusNoContent)
		if r.Header.Get("Access-Control-Allow-Origin") != "*" || r.Header.Get("Access-Control-Allow-Methods") == "" {
			t.Errorf("OPTIONS %s: CORS headers %v", path, r.Header)
		}
	}
	r := c.Do(t, "POST", "/mcp", map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).Expect(t, http.StatusUnauthorized)
	if r.Header.Get("Access-Control-Allow-Origin") != "*" || r.Header.Get("Access-Control-Expose-Headers") == "" || r.Header.Get("WWW-Authenticate") == "" {
		t.Fatalf("the 401 a browser must read lacks CORS headers: %v", r.Header)
	}
	// A browser client reads how long a 429 or 503 asks it to wait.
	for _, h := range []string{"WWW-Authenticate", "Retry-After"} {
		if !strings.Contains(r.Header.Get("Access-Control-Expose-Headers"), h) {
			t.Errorf("Access-Control-Expose-Headers %q does not expose %s", r.Header.Get("Access-Control-Expose-Headers"), h)
		}
	}
	tok := c.Do(t, "POST", "/oauth/token", "grant_type=refresh_token&refresh_token=nope&client_id=nope", "Content-Type: application/x-www-form-urlencoded")
	if tok.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("token endpoint answer lacks CORS: %d %v", tok.Status, tok.Header)
	}
}
