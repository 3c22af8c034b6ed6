// Package audit21g holds black-box tests, over HTTP against a dev stack,
// of events, webhooks and the MCP server (spec 6, 4.10 and the README's
// MCP section): each one shows a defect an audit found and that its fix
// holds. Each test starts its own stack with the background scheduler
// off, so time moves and scheduled work runs only when the test says.
package audit21g

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestMCPIdThatIsNoStringOrIntegerIsAnsweredWithANullID: the README's MCP
// transport rules say a refused POST answers a JSON-RPC error "with the
// message's id (null when it has none or when it would not come back
// exactly: an id is a string or an integer ...)", as JSON-RPC 2.0 wants
// for an invalid request. A boolean, object or array id was echoed back
// as sent (`"id":true`), with the SDK's "malformed payload: parse error:
// invalid ID type bool." as the message.
func TestMCPIdThatIsNoStringOrIntegerIsAnsweredWithANullID(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	for _, id := range []string{`true`, `false`, `{"a":1}`, `[1]`, `[]`} {
		body := `{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`
		r := acct.Client.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream", "Content-Type: application/json")
		r.Expect(t, http.StatusBadRequest)
		got := r.JSON(t)
		e, _ := got["error"].(map[string]any)
		msg := fmt.Sprint(e["message"])
		if got["jsonrpc"] != "2.0" || got["id"] != nil || e["code"] != float64(-32600) || msg == "" ||
			strings.Contains(msg, "malformed payload") || strings.Contains(msg, "bool") {
			t.Errorf("id %s: %s", id, r.Body)
		}
	}
	// Strings and exact integers still come back as sent.
	for _, id := range []string{`"a"`, `-5`, `0`} {
		r := acct.Client.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":`+id+`,"method":"ping"}`,
			"Accept: application/json, text/event-stream", "Content-Type: application/json")
		r.Expect(t, http.StatusOK)
		if !strings.Contains(string(r.Body), `"id":`+id) {
			t.Errorf("id %s came back as %s", id, r.Body)
		}
	}
}

// TestMCPMethodThatIsNoStringIsAnInvalidRequest: the README's transport
// rules answer "a message that is not JSON-RPC 2.0 400 with -32600" and
// keep -32601 for "a method the server does not know". A message whose
// method is null was answered -32601 "JSON RPC not handled: \"\"
// unsupported", as if it named an unknown method; JSON-RPC 2.0 requires
// the method to be a string, so it is an invalid request like a numeric
// method.
func TestMCPMethodThatIsNoStringIsAnInvalidRequest(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	for _, method := range []string{`null`, `5`, `{}`, `["ping"]`} {
		body := `{"jsonrpc":"2.0","id":7,"method":` + method + `}`
		r := acct.Client.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream", "Content-Type: application/json")
		r.Expect(t, http.StatusBadRequest)
		got := r.JSON(t)
		e, _ := got["error"].(map[string]any)
		if got["id"] != float64(7) || e["code"] != float64(-32600) || fmt.Sprint(e["message"]) == "" {
			t.Errorf("method %s: %s", method, r.Body)
		}
	}
	// An unknown method named by a string stays -32601.
	r := acct.Client.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":8,"method":"no/such"}`,
		"Accept: application/json, text/event-stream", "Content-Type: application/json")
	r.Expect(t, http.StatusBadRequest)
	if e, _ := r.JSON(t)["error"].(map[string]any); e["code"] != float64(-32601) {
		t.Errorf("unknown method: %s", r.Body)
	}
}

// TestMCPBodyWithTextAfterTheMessageIsAParseError: the README's transport
// rules answer "a body that is not JSON 400 with code -32700", and one
// message per POST. A body holding a message followed by other text, or by
// a second message, is not JSON, yet it was answered 200 as if only its
// first message had been sent (the transport's decoder stops after the
// first value), so a client's malformed or concatenated request looked
// accepted.
func TestMCPBodyWithTextAfterTheMessageIsAParseError(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"} x`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" +
			`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_agent_key","arguments":{"name":"Second key"}}}`,
	} {
		r := acct.Client.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream", "Content-Type: application/json")
		r.Expect(t, http.StatusBadRequest)
		got := r.JSON(t)
		e, _ := got["error"].(map[string]any)
		if got["jsonrpc"] != "2.0" || got["id"] != nil || e["code"] != float64(-32700) || fmt.Sprint(e["message"]) == "" {
			t.Errorf("%q: %s", body, r.Body)
		}
	}
	// Nothing after the first message ran.
	var keys struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	acct.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	if len(keys.AgentKeys) != 1 {
		t.Errorf("%d agent keys, want 1", len(keys.AgentKeys))
	}
	// Surrounding white space is still one JSON value, and another
	// Content-Type is still the transport's 415.
	r := acct.Client.Do(t, "POST", "/mcp", " \n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n ",
		"Accept: application/json, text/event-stream", "Content-Type: application/json")
	r.Expect(t, http.StatusOK)
	r = acct.Client.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":4,"method":"ping"} x`,
		"Accept: application/json, text/event-stream", "Content-Type: text/plain")
	r.Expect(t, http.StatusUnsupportedMediaType)
}
