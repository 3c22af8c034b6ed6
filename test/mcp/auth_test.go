package mcp

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/test/testenv"
)

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

const toolCall = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_account","arguments":{}}}`

// mcpPost sends a raw JSON-RPC message to /mcp.
func mcpPost(t testing.TB, c *testenv.Client, body string) *testenv.Response {
	t.Helper()
	return c.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream")
}

// Without an accepted credential every MCP request answers the agent API's
// 401, with WWW-Authenticate pointing at the protected-resource metadata,
// whose resource is the MCP address.
func TestUnauthorized(t *testing.T) {
	env := testenv.Shared(t)
	wantHeader := `Bearer resource_metadata="` + env.URL + `/.well-known/oauth-protected-resource"`
	agentAPI := env.Client().Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	for _, c := range []struct {
		name   string
		client *testenv.Client
		method string
	}{
		{"no credential", env.Client(), "POST"},
		{"no credential, GET", env.Client(), "GET"},
		{"no credential, DELETE", env.Client(), "DELETE"},
		{"unknown key", env.Client().As("rv_agent_" + "0123456789abcdef0123456789abcdef0123456789abcdef"), "POST"},
		{"malformed token", env.Client().As("not-a-credential"), "POST"},
	} {
		var r *testenv.Response
		if c.method == "POST" {
			r = mcpPost(t, c.client, initialize)
		} else {
			r = c.client.Do(t, c.method, "/mcp", nil)
		}
		r.Expect(t, http.StatusUnauthorized)
		if got := r.Header.Get("WWW-Authenticate"); got != wantHeader {
			t.Errorf("%s: WWW-Authenticate %q, want %q", c.name, got, wantHeader)
		}
		if string(r.Body) != string(agentAPI.Body) {
			t.Errorf("%s: body %s, want the agent API's %s", c.name, r.Body, agentAPI.Body)
		}
	}
	meta := env.Client().Do(t, "GET", "/.well-known/oauth-protected-resource", nil).Expect(t, http.StatusOK).JSON(t)
	if meta["resource"] != env.URL+"/mcp" {
		t.Errorf("protected-resource metadata names %v, want the MCP address", meta["resource"])
	}
	if _, err := connect(t, env, ""); err == nil {
		t.Error("an MCP client connected without a credential")
	}
}

// A revoked key stops working at once: a key that revokes itself through
// the MCP server gets 401 on its next request.
func TestRevokedKey(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	created := acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Short-lived"}).Expect(t, http.StatusCreated).JSON(t)["agent_key"].(map[string]any)
	secret, id := created["key"].(string), created["id"].(string)
	cs := session(t, env, secret)

	same(t, "revoke_agent_key", ok(t, cs, "revoke_agent_key", map[string]any{"id": id}), map[string]any{"revoked": true, "id": id})
	if _, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "get_account"}); err == nil {
		t.Error("the revoked key's session still calls tools")
	}
	r := mcpPost(t, env.Client().As(secret), toolCall).Expect(t, http.StatusUnauthorized)
	if r.Header.Get("WWW-Authenticate") == "" {
		t.Error("401 without WWW-Authenticate")
	}
	if _, err := connect(t, env, secret); err == nil {
		t.Error("an MCP client connected with a revoked key")
	}
	ok(t, session(t, env, acct.Key), "get_account", nil)
}

// The transport is stateless: GET and DELETE answer 405 once the
// credential is accepted, a POST needs no session, and a client that
// accepts only JSON is served too.
func TestStatelessTransport(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	for _, method := range []string{"GET", "DELETE"} {
		r := acct.Client.Do(t, method, "/mcp", nil, "Accept: text/event-stream").Expect(t, http.StatusMethodNotAllowed)
		if r.Header.Get("Allow") != "POST" {
			t.Errorf("%s: Allow %q", method, r.Header.Get("Allow"))
		}
	}
	r := acct.Client.Do(t, "POST", "/mcp", toolCall, "Accept: application/json").Expect(t, http.StatusOK)
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q", ct)
	}
	res := r.JSON(t)["result"].(map[string]any)
	account := res["structuredContent"].(map[string]any)["account"].(map[string]any)
	if account["id"] != acct.ID || res["isError"] == true {
		t.Errorf("tools/call without a session: %v", res)
	}
}

// Every MCP request counts once against the account's request budget: a
// tool call's agent-API request is not counted again.
func TestToolCallCountsOnce(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	for attempt := 0; attempt < 3; attempt++ {
		first := mcpPost(t, acct.Client, toolCall).Expect(t, http.StatusOK)
		second := mcpPost(t, acct.Client, toolCall).Expect(t, http.StatusOK)
		if first.Header.Get("X-RateLimit-Reset") != second.Header.Get("X-RateLimit-Reset") {
			continue // a new window began between the two: measure again
		}
		r1, _ := strconv.Atoi(first.Header.Get("X-RateLimit-Remaining"))
		r2, _ := strconv.Atoi(second.Header.Get("X-RateLimit-Remaining"))
		if r1-r2 != 1 || first.Header.Get("X-RateLimit-Limit") == "" {
			t.Fatalf("remaining %d then %d (limit %s): want one request counted per MCP request", r1, r2, first.Header.Get("X-RateLimit-Limit"))
		}
		return
	}
	t.Fatal("the rate-limit window changed on every attempt")
}

// A revoked key changes nothing, however its message is spelled: a write
// whose member names differ only in case from a read's ("Name", "Method",
// "Params", which the MCP SDK ignores) is no read, so it does not run
// under the key as it was accepted before, beside the check that now
// refuses it.
func TestRevokedKeyWritesNothing(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	disguised := []string{
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_agent_key","Name":"get_account","arguments":{"name":"Disguised by Name"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","Method":"ping","params":{"name":"create_agent_key","arguments":{"name":"Disguised by Method"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"create_agent_key","arguments":{"name":"Disguised by Params"}},"Params":{"name":"get_account"}}`,
	}
	for _, body := range disguised {
		created := acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Soon revoked"}).Expect(t, http.StatusCreated).JSON(t)["agent_key"].(map[string]any)
		c := env.Client().As(created["key"].(string))
		mcpPost(t, c, toolCall).Expect(t, http.StatusOK) // the MCP function has accepted the key
		acct.Client.Agent(t, "DELETE", "/agent-keys/"+created["id"].(string), nil).Expect(t, http.StatusOK)
		mcpPost(t, c, body).Expect(t, http.StatusUnauthorized)
	}
	var keys struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	acct.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	if len(keys.AgentKeys) != 1 {
		t.Fatalf("revoked keys created keys: %v", keys.AgentKeys)
	}
}
