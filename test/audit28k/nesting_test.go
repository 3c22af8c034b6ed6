package audit28k

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestDeeplyNestedParams: README, MCP tools, transport errors: "a body
// that is not JSON 400 with code -32700, a message that is not JSON-RPC
// 2.0 400 with -32600 ... parameters that do not have the method's types
// answer -32602". Defect: a well-formed JSON-RPC 2.0 message whose
// params nest arrays or objects more than 1000 levels deep (the MCP SDK's
// limit; the agent API itself reads 5,000 levels) answered 400 -32600
// "Invalid request: the body is not a JSON-RPC 2.0 message object.",
// which sends the client looking for a fault in its envelope, not in its
// arguments. It now answers 400 with -32602 and the message's id, saying
// the parameters nest deeper than the server reads.
func TestDeeplyNestedParams(t *testing.T) {
	env, a := testenv.StartQuietAccount(t)
	c := env.Client().As(a.Key)
	for name, body := range map[string]string{
		"tools/call arguments": `{"jsonrpc":"2.0","id":"deep-1","method":"tools/call","params":{"name":"get_site","arguments":{"site_id":"` + a.SiteID + `","x":` + nested(5000) + `}}}`,
		"ping params":          `{"jsonrpc":"2.0","id":"deep-1","method":"ping","params":{"_meta":{"x":` + nested(1200) + `}}}`,
	} {
		r := c.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream")
		var m struct {
			ID    json.RawMessage `json:"id"`
			Error struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		r.Decode(t, &m)
		if r.Status != http.StatusBadRequest || m.Error.Code != -32602 || string(m.ID) != `"deep-1"` {
			t.Errorf("%s: %d %s, want 400 with code -32602 and id \"deep-1\"", name, r.Status, r.Body)
		}
		if !strings.Contains(m.Error.Message, "1000") || strings.Contains(m.Error.Message, "not a JSON-RPC 2.0 message") {
			t.Errorf("%s: message %q, want one saying the parameters nest deeper than 1000 levels", name, m.Error.Message)
		}
	}
}

// nested returns n arrays inside one another.
func nested(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
