package audit26e

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestAnswersCarryingSecretsAreNotStored: spec 5, agent key rule 1: "Shown
// once at creation"; spec 4.10: POST /webhooks "Returns { webhook } with
// secret, shown once"; README, Conventions: "a response that carries a
// secret (a new agent key) is unreadable from the table alone". RFC 9111
// lets a cache (a proxy, the client's HTTP library, a browser that calls
// the API) keep an answer that says nothing about caching. Defect: no
// agent-API answer carried Cache-Control, so the answers that show a
// secret once (POST /accounts with the agent key and the claim link, POST
// /agent-keys, POST /sites/{site_id}/keys, POST /webhooks) could be kept
// by any cache on the way, and the MCP server answered its tool calls
// (create_agent_key among them) with "no-cache, no-transform", which lets
// a cache store them. Every agent-API and MCP answer now carries
// Cache-Control: no-store, as the OAuth token endpoint's (RFC 6749 5.1)
// and the dashboard's pages already did; the OpenAPI documents keep their
// public caching.
func TestAnswersCarryingSecretsAreNotStored(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, testenv.TestCardOK)
	noStore := func(what string, r *testenv.Response) {
		t.Helper()
		if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s answered %d with Cache-Control %q, want no-store", what, r.Status, cc)
		}
	}
	noStore("POST /accounts", env.Client().Agent(t, "POST", "/accounts", map[string]any{
		"email": testenv.UniqueEmail("nostore"), "site_url": "https://acme.com", "agent": map[string]any{"name": "Cache test"},
	}).Expect(t, http.StatusCreated))
	noStore("POST /agent-keys", a.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Second agent"}).Expect(t, http.StatusCreated))
	noStore("POST /sites/{site_id}/keys", a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keys", map[string]any{"name": "CMS"}).Expect(t, http.StatusCreated))
	noStore("POST /webhooks", a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/in", "events": []string{"*"}}).Expect(t, http.StatusCreated))
	noStore("GET /account", a.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK))
	noStore("a refused credential", env.Client().As("rv_agent_"+strings.Repeat("0", 48)).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized))
	r := a.Client.CallTool(t, "create_agent_key", map[string]string{"name": "MCP agent"}).Expect(t, http.StatusOK)
	if !strings.Contains(string(r.Body), "rv_agent_") {
		t.Fatalf("create_agent_key answered no key: %s", r.Body)
	}
	noStore("MCP tools/call create_agent_key", r)

	doc := env.Client().Do(t, "GET", "/api/agent/v1/openapi.json", nil).Expect(t, http.StatusOK)
	if cc := doc.Header.Get("Cache-Control"); cc != "public, max-age=3600" {
		t.Errorf("the agent API's OpenAPI document: Cache-Control %q, want public, max-age=3600", cc)
	}
}
