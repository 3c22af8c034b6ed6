// Package audit24g holds black-box tests, over HTTP and the official MCP Go
// SDK client against a dev stack, of the MCP server at {base_url}/mcp (the
// README's "MCP tools": a tool call gives what its agent-API endpoint
// gives), of the events feed GET /events (spec 4.10 and 6) and of the
// activity log GET /activity (spec 2 Activity entry, 4.4). Each test pins
// a defect an audit found, or a contract sentence nothing else tested.
// Every test starts its own stack with the background scheduler off.
package audit24g

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/mcpclient"
)

// session opens an MCP client session to env with credential token and
// closes it when t ends.
func session(t *testing.T, env *testenv.Env, token string) *sdk.ClientSession {
	t.Helper()
	return mcpclient.Session(t, env, "audit24g", token)
}

// callRaw calls tool name with arguments given as raw JSON, so numbers
// reach the server exactly as written, and returns the result's
// structured content and whether it is a tool error.
func callRaw(t *testing.T, cs *sdk.ClientSession, name, args string) (map[string]any, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%s: structured content %s: %v", name, b, err)
	}
	return out, res.IsError
}

// rpc POSTs one JSON-RPC message to env's MCP address with credential
// token and returns the HTTP status and the decoded answer.
func rpc(t *testing.T, env *testenv.Env, token, message string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, env.URL+"/mcp", strings.NewReader(message))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatalf("answer to %s (status %d) is not a JSON object: %v", message, resp.StatusCode, err)
	}
	return resp.StatusCode, out
}
