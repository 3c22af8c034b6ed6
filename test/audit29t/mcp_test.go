package audit29t

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// rpcMessage posts one JSON-RPC message to /mcp with acct's key, expects
// status and the JSON-RPC error code, and returns the error's message.
func rpcMessage(t *testing.T, acct *testenv.Account, body string, status int, code float64) string {
	t.Helper()
	r := acct.Client.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream", "Content-Type: application/json")
	r.Expect(t, status)
	e, _ := r.JSON(t)["error"].(map[string]any)
	if e["code"] != code {
		t.Fatalf("%s: answered %s, want error code %v", body, r.Body, code)
	}
	msg, _ := e["message"].(string)
	return msg
}

// sentence reports what keeps msg from being a sentence a person reads:
// it must start with a capital, end with a full stop and name none of
// the SDK's insides.
func sentence(t *testing.T, msg string, insides ...string) {
	t.Helper()
	if msg == "" || msg[0] < 'A' || msg[0] > 'Z' || !strings.HasSuffix(msg, ".") {
		t.Errorf("message %q is not a sentence (a capital, a full stop)", msg)
	}
	for _, s := range insides {
		if strings.Contains(msg, s) {
			t.Errorf("message %q names %q, an inside of the MCP SDK", msg, s)
		}
	}
}

// TestMCPUnknownToolSaysWhereTheToolsAre: the guide promises every bad
// input "a sentence a person understands"; README: "Every agent endpoint
// but `POST /accounts` (which needs no credential, while every MCP request
// needs one) is also an MCP tool". Defect: tools/call of a tool the server
// has not answered the SDK's fragment `unknown tool "create_account"` (and
// `unknown tool ""` when name was left out): no capital, no full stop, and
// no word of tools/list or of how an account is created instead. It now
// answers a sentence (code -32602 unchanged) that names tools/list and POST
// /accounts; a missing name says name is required; an unknown prompt names
// prompts/list.
func TestMCPUnknownToolSaysWhereTheToolsAre(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	msg := rpcMessage(t, acct, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_account","arguments":{}}}`, http.StatusOK, -32602)
	sentence(t, msg, "unknown tool")
	if !strings.Contains(msg, `"create_account"`) || !strings.Contains(msg, "tools/list") || !strings.Contains(msg, "POST /accounts") {
		t.Errorf("unknown tool: %q, want the name, tools/list and POST /accounts", msg)
	}
	msg = rpcMessage(t, acct, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}`, http.StatusOK, -32602)
	sentence(t, msg, "unknown tool")
	if !strings.Contains(msg, "name is required") || !strings.Contains(msg, "tools/list") {
		t.Errorf("tool without a name: %q, want name is required and tools/list", msg)
	}
	msg = rpcMessage(t, acct, `{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"write_everything"}}`, http.StatusOK, -32602)
	sentence(t, msg, "unknown prompt")
	if !strings.Contains(msg, `"write_everything"`) || !strings.Contains(msg, "prompts/list") {
		t.Errorf("unknown prompt: %q, want the name and prompts/list", msg)
	}
}

// TestMCPMethodNotFoundIsASentence: the agent API spec's MCP transport
// rules answer "a method the server does not know 400 with -32601" and "a
// method of MCP it does not offer, such as `resources/subscribe`,
// `completion/complete` or `logging/setLevel` ... -32601 with status 200";
// a message that is not JSON-RPC 2.0 400 with -32600. Defect: the messages
// were the SDK's texts: `Invalid request: JSON RPC not handled: "foo/bar"
// unsupported.` (an unknown method called an invalid request, in the SDK's
// words), `method not found: "resources/subscribe"` (no capital, no full
// stop) and, for a message without "jsonrpc": "2.0", `Invalid request:
// malformed payload: invalid message version tag ""; expected "2.0".`. They
// now say "Method not found: this server does not offer <method>." and
// "Invalid request: jsonrpc must be "2.0"." (codes and statuses unchanged).
func TestMCPMethodNotFoundIsASentence(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	insides := []string{"JSON RPC", "not handled", "unsupported", "method not found"}
	msg := rpcMessage(t, acct, `{"jsonrpc":"2.0","id":1,"method":"foo/bar","params":{}}`, http.StatusBadRequest, -32601)
	sentence(t, msg, insides...)
	if !strings.HasPrefix(msg, "Method not found") || !strings.Contains(msg, "foo/bar") {
		t.Errorf("unknown method: %q, want Method not found naming foo/bar", msg)
	}
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"x://y"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"x"},"argument":{"name":"a","value":"b"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"info"}}`,
	} {
		msg := rpcMessage(t, acct, m, http.StatusOK, -32601)
		sentence(t, msg, insides...)
		if !strings.HasPrefix(msg, "Method not found") {
			t.Errorf("%s: %q, want Method not found", m, msg)
		}
	}
	msg = rpcMessage(t, acct, `{"id":5,"method":"ping"}`, http.StatusBadRequest, -32600)
	sentence(t, msg, "malformed payload", "version tag")
	if !strings.Contains(msg, `jsonrpc must be "2.0"`) {
		t.Errorf("message without jsonrpc: %q, want jsonrpc must be \"2.0\"", msg)
	}
}
