package audit25d

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestMCPResponseThatIsNotJSONRPCIsRefused: README "MCP tools", transport
// errors: "a message that is not JSON-RPC 2.0 400 with -32600". JSON-RPC
// 2.0 (section 5): a response has "either the result member or error
// member ..., but both members MUST NOT be included", and an error object
// has an integer code and a string message. The server answered such a
// message 202, as if it were a response it had taken: one with both a
// result and an error, and one whose error has no code. A response that is
// JSON-RPC 2.0's still answers 202, as the MCP transport takes it.
func TestMCPResponseThatIsNotJSONRPCIsRefused(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	post := func(body string) *testenv.Response {
		return a.Client.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream")
	}
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":7,"result":{},"error":{"code":-32000,"message":"failed"}}`,
		`{"jsonrpc":"2.0","id":7,"error":{"message":"failed"}}`,
		`{"jsonrpc":"2.0","id":7,"error":{"code":1.5,"message":"failed"}}`,
		`{"jsonrpc":"2.0","id":7,"error":{"code":-32000}}`,
	} {
		r := post(body)
		if r.Status != http.StatusBadRequest {
			t.Errorf("%s answered %d %s, want 400 with -32600", body, r.Status, r.Body)
			continue
		}
		code, id := rpcError(t, r)
		if code != -32600 || id != float64(7) {
			t.Errorf("%s answered error %v with id %v, want -32600 with id 7: %s", body, code, id, r.Body)
		}
	}
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":7,"result":{}}`,
		`{"jsonrpc":"2.0","id":7,"error":{"code":-32000,"message":"failed"}}`,
	} {
		if r := post(body); r.Status != http.StatusAccepted {
			t.Errorf("%s, a JSON-RPC 2.0 response, answered %d %s, want 202", body, r.Status, r.Body)
		}
	}
}

// rpcError returns the JSON-RPC error code and id of an answer.
func rpcError(t *testing.T, r *testenv.Response) (float64, any) {
	t.Helper()
	m := r.JSON(t)
	e, _ := m["error"].(map[string]any)
	code, _ := e["code"].(float64)
	return code, m["id"]
}
