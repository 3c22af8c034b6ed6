package e2e

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestUnauthorizedIsOneAnswer sends every kind of refused credential and
// checks each 401 is the same body with the same WWW-Authenticate.
func TestUnauthorizedIsOneAnswer(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	revoked := newKey(t, acct.Client, "soon revoked")
	acct.Client.Agent(t, "DELETE", "/agent-keys/"+str(t, revoked["id"]), nil).Expect(t, http.StatusOK)
	hex48 := acct.Key[len("rv_agent_"):]
	unknown := "rv_agent_" + strings.Repeat("0", 48)
	cases := []struct {
		name    string
		path    string
		headers []string
	}{
		{"missing", "/account", nil},
		{"empty bearer", "/account", []string{"Authorization: Bearer "}},
		{"basic scheme", "/account", []string{"Authorization: Basic " + acct.Key}},
		{"no scheme", "/account", []string{"Authorization: " + acct.Key}},
		{"malformed", "/account", []string{"Authorization: Bearer not-a-key"}},
		{"uppercase hex", "/account", []string{"Authorization: Bearer rv_agent_" + strings.ToUpper(hex48)}},
		{"trailing junk", "/account", []string{"Authorization: Bearer " + acct.Key + " x"}},
		{"unknown key", "/account", []string{"Authorization: Bearer " + unknown}},
		{"revoked key", "/account", []string{"Authorization: Bearer " + str(t, revoked["key"])}},
		{"site key", "/account", []string{"Authorization: Bearer rv_live_" + hex48}},
		{"key in query", "/account?api_key=" + acct.Key, nil},
		{"key in query as key", "/account?key=" + acct.Key + "&access_token=" + acct.Key, nil},
		{"X-Api-Key header", "/account", []string{"X-Api-Key: " + acct.Key}},
		{"other endpoint", "/agent-keys", []string{"Authorization: Bearer " + unknown}},
		{"events", "/events", nil},
		{"jobs", "/jobs/" + acct.ScanJob, nil},
		{"sites", "/sites/" + acct.SiteID, nil},
	}
	wantAuth := `Bearer resource_metadata="` + env.URL + `/.well-known/oauth-protected-resource"`
	var first []byte
	seen := map[string]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := env.Client().Agent(t, "GET", c.path, nil, c.headers...)
			expectError(t, r, http.StatusUnauthorized, "unauthorized")
			if got := r.Header.Get("WWW-Authenticate"); got != wantAuth {
				t.Fatalf("WWW-Authenticate = %q, want %q", got, wantAuth)
			}
			id := r.Header.Get("X-Request-Id")
			if id == "" || seen[id] {
				t.Fatalf("X-Request-Id %q missing or repeated", id)
			}
			seen[id] = true
			if first == nil {
				first = r.Body
			} else if !bytes.Equal(r.Body, first) {
				t.Fatalf("401 body %s differs from %s", r.Body, first)
			}
		})
	}
	for _, m := range []struct{ method, path string }{{"POST", "/agent-keys"}, {"DELETE", "/agent-keys/" + acct.KeyID}, {"POST", "/account/resend-claim"}} {
		r := env.Client().Agent(t, m.method, m.path, map[string]any{"name": "x"}, "X-Api-Key: "+acct.Key)
		if r.Status != http.StatusUnauthorized || !bytes.Equal(r.Body, first) {
			t.Fatalf("%s %s without Bearer = %d %s", m.method, m.path, r.Status, r.Body)
		}
	}
	// Nothing above acted on the account.
	if list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys"); len(list) != 1 {
		t.Fatalf("%d keys, want the first key only", len(list))
	}
}

// TestBearerSchemeIsCaseInsensitive accepts "bearer" as RFC 6750 allows.
func TestBearerSchemeIsCaseInsensitive(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	env.Client().Agent(t, "GET", "/account", nil, "Authorization: bearer "+acct.Key).Expect(t, http.StatusOK)
}

// TestProtectedResourceMetadata serves the RFC 9728 document every 401
// points to.
func TestProtectedResourceMetadata(t *testing.T) {
	env := testenv.Shared(t)
	r := env.Client().Do(t, "GET", "/.well-known/oauth-protected-resource", nil).Expect(t, http.StatusOK)
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("Content-Type %q", ct)
	}
	m := r.JSON(t)
	checks := []struct{ name, got, want string }{
		{"resource", fmt.Sprint(m["resource"]), env.URL + "/mcp"},
		{"authorization_servers", fmt.Sprint(m["authorization_servers"]), "[" + env.URL + "]"},
		{"bearer_methods_supported", fmt.Sprint(m["bearer_methods_supported"]), "[header]"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %s, want %s", c.name, c.got, c.want)
		}
	}
}
