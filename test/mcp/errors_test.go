package mcp

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/test/testenv"
)

// withStatus returns the agent API's error body plus its status, which is
// what a tool error carries.
func withStatus(status int, body map[string]any) map[string]any {
	out := map[string]any{"status": status}
	for k, v := range body {
		out[k] = v
	}
	return out
}

// A validation error is a tool error carrying the agent API's exact error
// body (with details) and status.
func TestValidationErrorIsAToolError(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cs := session(t, env, acct.Key)

	body := map[string]any{"name": "x", "contact_url": "http://not-https.example.com"}
	got := failed(t, cs, "create_agent_key", body)
	status, want := httpJSON(t, acct.Client, "POST", "/agent-keys", body)
	if status != http.StatusUnprocessableEntity || want["code"] != "validation_failed" || len(want["details"].([]any)) != 2 {
		t.Fatalf("HTTP answer %d %v", status, want)
	}
	same(t, "validation error", got, withStatus(status, want))

	// A path parameter the API never sees is checked by the tool, in the
	// API's shape.
	got = failed(t, cs, "get_site", map[string]any{})
	same(t, "missing path parameter", got, map[string]any{
		"status": 422, "code": "validation_failed", "error": "Some fields are missing or invalid; see details.",
		"details": []any{map[string]any{"field": "site_id", "problem": "is required"}},
	})
}

// Another account's ids answer the same not_found tool error as unknown
// ids.
func TestAnotherAccountsIDsAreNotFound(t *testing.T) {
	env := testenv.Shared(t)
	mine, theirs := env.NewAccount(t, ""), env.NewAccount(t, "")
	cs := session(t, env, mine.Key)
	const unknown = "0190f5b4-0000-7000-8000-000000000000"
	for _, c := range []struct{ tool, param, theirs, path string }{
		{"get_site", "site_id", theirs.SiteID, "/sites/"},
		{"get_job", "job_id", theirs.ScanJob, "/jobs/"},
		{"revoke_agent_key", "id", theirs.KeyID, "/agent-keys/"},
	} {
		got := failed(t, cs, c.tool, map[string]any{c.param: c.theirs})
		random := failed(t, cs, c.tool, map[string]any{c.param: unknown})
		if got["status"] != 404.0 || got["code"] != "not_found" {
			t.Errorf("%s of another account: %v", c.tool, got)
		}
		same(t, c.tool+": another account's id and an unknown id", got, random)
		method := "GET"
		if c.tool == "revoke_agent_key" {
			method = "DELETE"
		}
		status, want := httpJSON(t, mine.Client, method, c.path+c.theirs, nil)
		same(t, c.tool+" and the HTTP API", got, withStatus(status, want))
	}
	// The other account's key still works: nothing was revoked.
	ok(t, session(t, env, theirs.Key), "get_account", nil)
}

// Owner-only actions come back as human_required tool errors with
// action_url; an unknown tool is a protocol error.
func TestHumanRequiredAndUnknownTool(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cs := session(t, env, acct.Key)
	got := failed(t, cs, "delete_account", nil)
	status, want := httpJSON(t, acct.Client, "DELETE", "/account", nil)
	if status != http.StatusForbidden || got["code"] != "human_required" || got["action_url"] == nil {
		t.Fatalf("delete_account: %v", got)
	}
	same(t, "delete_account", got, withStatus(status, want))

	if _, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "no_such_tool"}); err == nil {
		t.Error("an unknown tool was called")
	}
}

// A POST the transport refuses answers a JSON-RPC error, as JSON and with
// the message's id when it has one, rather than plain text: a body that is
// not JSON is a parse error, a message that is not JSON-RPC 2.0 or has no
// JSON Content-Type an invalid request, an unknown method not found.
func TestRefusedMessagesAreJSONRPCErrors(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cases := []struct {
		body, contentType string
		status            int
		code              float64
		id                any
	}{
		{"not json", "application/json", http.StatusBadRequest, -32700, nil},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call"`, "application/json", http.StatusBadRequest, -32700, nil},
		{`{"id":7,"method":"ping"}`, "application/json", http.StatusBadRequest, -32600, float64(7)},
		{`{"jsonrpc":"2.0","id":"a","method":"no/such/method"}`, "application/json", http.StatusBadRequest, -32601, "a"},
		// The id is the member named exactly "id", as the transport reads it.
		{`{"jsonrpc":"2.0","id":"a","ID":"other","method":"no/such/method"}`, "application/json", http.StatusBadRequest, -32601, "a"},
		{`{"jsonrpc":"2.0","id":3,"method":"ping"}`, "text/plain", http.StatusUnsupportedMediaType, -32600, float64(3)},
		// One message per POST: a batch is refused whatever the protocol
		// version, so every message is counted against the budget.
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]`, "application/json", http.StatusBadRequest, -32600, nil},
		{`{"jsonrpc":"2.0","id":4}`, "application/json", http.StatusBadRequest, -32600, float64(4)},
		{`{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":5}}`, "application/json", http.StatusOK, -32602, float64(5)},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":5}}`, "application/json", http.StatusOK, -32602, float64(6)},
		{`"str"`, "application/json", http.StatusBadRequest, -32600, nil},
		// An id that would come back changed (not an integer, or past what
		// a float64 holds exactly) is refused with a null id.
		{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, "application/json", http.StatusBadRequest, -32600, nil},
		{`{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}`, "application/json", http.StatusBadRequest, -32600, nil},
		{`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, "application/json", http.StatusBadRequest, -32600, nil},
	}
	for _, c := range cases {
		r := acct.Client.Do(t, "POST", "/mcp", c.body, "Accept: application/json, text/event-stream", "Content-Type: "+c.contentType)
		r.Expect(t, c.status)
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Fatalf("%q: Content-Type %q", c.body, ct)
		}
		got := r.JSON(t)
		e, _ := got["error"].(map[string]any)
		if got["jsonrpc"] != "2.0" || got["id"] != c.id || e["code"] != c.code || e["message"] == "" || strings.Contains(fmt.Sprint(e["message"]), "Go ") || strings.Contains(fmt.Sprint(e["message"]), "unmarshal") {
			t.Errorf("%q: %v", c.body, got)
		}
	}
	big := acct.Client.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":9007199254740991,"method":"ping"}`, "Accept: application/json, text/event-stream", "Content-Type: application/json")
	if big.Expect(t, http.StatusOK); !strings.Contains(string(big.Body), `"id":9007199254740991`) {
		t.Errorf("the largest exact id came back as %s", big.Body)
	}
	mcpPost(t, acct.Client, toolCall).Expect(t, http.StatusOK)
}

// The README's "MCP tools": under protocol version 2026-07-28 "each
// request's params._meta carries io.modelcontextprotocol/protocolVersion
// (without it 400 with -32602), the Mcp-Method header, and Mcp-Name for
// tools/call, must match the body (else 400 with -32020), a method the
// server does not offer answers 404 with -32601, and subscriptions/listen
// is acknowledged with no subscription granted and completes at once".
func TestProtocolVersion20260728Statuses(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	const meta = `"_meta":{"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/protocolVersion":"2026-07-28"}`
	cases := []struct {
		name, body string
		headers    []string
		status     int
		code       float64
	}{
		{"no _meta", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`, []string{"Mcp-Method: tools/list"}, http.StatusBadRequest, -32602},
		{"no Mcp-Method", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{` + meta + `}}`, nil, http.StatusBadRequest, -32020},
		{"Mcp-Method of another method", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{` + meta + `}}`, []string{"Mcp-Method: tools/call"}, http.StatusBadRequest, -32020},
		{"tools/call without Mcp-Name", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_account",` + meta + `}}`, []string{"Mcp-Method: tools/call"}, http.StatusBadRequest, -32020},
		{"unknown method", `{"jsonrpc":"2.0","id":1,"method":"no/such","params":{` + meta + `}}`, []string{"Mcp-Method: no/such"}, http.StatusNotFound, -32601},
		{"method not offered", `{"jsonrpc":"2.0","id":1,"method":"resources/subscribe","params":{"uri":"x",` + meta + `}}`, []string{"Mcp-Method: resources/subscribe"}, http.StatusNotFound, -32601},
	}
	for _, c := range cases {
		h := append([]string{"Accept: application/json, text/event-stream", "Mcp-Protocol-Version: 2026-07-28"}, c.headers...)
		r := acct.Client.Do(t, "POST", "/mcp", c.body, h...)
		if r.Status != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, r.Status, c.status, r.Body)
			continue
		}
		e, _ := r.JSON(t)["error"].(map[string]any)
		if e["code"] != c.code {
			t.Errorf("%s: %s, want code %v", c.name, r.Body, c.code)
		}
	}
	call := acct.Client.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_account","arguments":{},`+meta+`}}`,
		"Accept: application/json, text/event-stream", "Mcp-Protocol-Version: 2026-07-28", "Mcp-Method: tools/call", "Mcp-Name: get_account")
	if call.Expect(t, http.StatusOK); !strings.Contains(string(call.Body), acct.ID) {
		t.Errorf("tools/call with its headers: %s", call.Body)
	}
	listen := acct.Client.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":3,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},`+meta+`}}`,
		"Accept: application/json, text/event-stream", "Mcp-Protocol-Version: 2026-07-28", "Mcp-Method: subscriptions/listen")
	body := string(listen.Body)
	if listen.Expect(t, http.StatusOK); !strings.Contains(body, `"notifications/subscriptions/acknowledged"`) ||
		!strings.Contains(body, `"notifications":{}`) || !strings.Contains(body, `"resultType":"complete"`) {
		t.Errorf("subscriptions/listen: %s", body)
	}
}
