package audit28f

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestUnroutedAnswersAreNotStored: README, "Conventions", Caching: "Every
// agent-API and MCP answer (refusals included) carries Cache-Control:
// no-store: they belong to one account"; and Errors: "An unknown path, or
// a known path with another method (HEAD included ...), answers 404
// not_found in JSON". Defect: the 404 of a request no route matched (an
// unknown path under /api/agent/v1, a known path with another method, a
// HEAD, a trailing slash, /mcp/) went out without Cache-Control, with or
// without a credential, so a shared cache could keep an account's refusal
// (it names the path the agent asked for) where every other refusal of the
// agent API and MCP says no-store. They now carry it too; the public API's
// unknown paths keep its own convention (no caching header).
func TestUnroutedAnswersAreNotStored(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	for _, c := range []*testenv.Client{env.Client(), a.Client} {
		for _, req := range []struct{ method, path string }{
			{"GET", "/api/agent/v1/no-such-endpoint"},
			{"PUT", "/api/agent/v1/account"},
			{"HEAD", "/api/agent/v1/account"},
			{"GET", "/api/agent/v1/account/"},
			{"GET", "/api/agent/v1"},
			{"DELETE", "/api/agent/v1/agent-keys"},
			{"POST", "/mcp/"},
			{"PUT", "/mcp"},
		} {
			r := c.Do(t, req.method, req.path, nil)
			if r.Status != http.StatusNotFound {
				t.Errorf("%s %s (credential %v): status %d, want 404: %s", req.method, req.path, c.Token != "", r.Status, r.Body)
			}
			if got := r.Header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("%s %s (credential %v): Cache-Control %q, want no-store", req.method, req.path, c.Token != "", got)
			}
		}
	}
	// The public articles API sends no caching header, its unknown paths
	// included (README, "Site keys and the public articles API").
	if got := env.Client().Do(t, "GET", "/api/public/v1/no-such-endpoint", nil).Expect(t, http.StatusNotFound).Header.Get("Cache-Control"); got != "" {
		t.Errorf("public API unknown path: Cache-Control %q, want none", got)
	}
}
