package audit28k

import (
	"encoding/json"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestMessageMemberNamedTwice: README, MCP tools, transport errors: "a
// message that is not JSON-RPC 2.0 400 with -32600"; README, API notes,
// errors: a body that "names a field twice in one object (...: a reader
// may take either value, so the service takes neither) ... answers 400".
// Defect: a message naming a member twice ({"method": "prompts/list",
// "method": "tools/list"}, or a tools/call whose params name the tool
// twice, {"name": "get_account", "name": "delete_account"}) was run as
// its last value, so a gateway or log that reads the first (one that
// lets only read-only tools through, say) saw another call than the one
// that ran. Such a message now answers 400 with -32600 and runs nothing.
func TestMessageMemberNamedTwice(t *testing.T) {
	env, a := testenv.StartQuietAccount(t)
	c := env.Client().As(a.Key)
	for name, body := range map[string]string{
		"method":      `{"jsonrpc":"2.0","id":7,"method":"prompts/list","method":"tools/list"}`,
		"params.name": `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_agent_key","name":"get_account","arguments":{"name":"second key"}}}`,
		"jsonrpc":     `{"jsonrpc":"2.0","jsonrpc":"2.0","id":7,"method":"ping"}`,
	} {
		r := c.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream")
		var m struct {
			ID    json.RawMessage `json:"id"`
			Error struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		r.Decode(t, &m)
		if r.Status != http.StatusBadRequest || m.Error.Code != -32600 || string(m.ID) != "7" {
			t.Errorf("%s named twice: %d %.300s, want 400 with code -32600 and id 7", name, r.Status, r.Body)
		}
	}
	keys := c.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).JSON(t)["agent_keys"].([]any)
	if len(keys) != 1 {
		t.Errorf("%d agent keys after the refused calls, want the account's first only", len(keys))
	}
}
