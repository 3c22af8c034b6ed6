package audit25l

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// discover is the first message of the official MCP Go SDK's client at
// protocol version 2026-07-28 (server/discover, which replaced
// initialize), as it sends it.
const discover = `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{` +
	`"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"audit25l","version":"1.0.0"},` +
	`"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`

// TestMCPDiscoverWithAKnownKeyMakesOneRoundTrip: the README's
// "Performance": "Authenticated reads make one round trip when the
// function has accepted the credential before ... This covers ... MCP
// messages that only read (`mcpserver.ReadsOnly`)". server/discover, the
// message every session of the 2026-07-28 protocol (the one the official
// Go SDK's client speaks with this server) opens with, only reads, as
// initialize does; before the fix it was not among the reading methods,
// so it waited for the credential's check before anything else and made
// two DynamoDB round trips one after another where initialize and
// tools/list make one. Every DynamoDB call is slowed down so calls made
// at once overlap, and the calls one after another are counted.
func TestMCPDiscoverWithAKnownKeyMakesOneRoundTrip(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	send := func() *testenv.Response {
		return a.Client.Do(t, "POST", "/mcp", discover, "Accept: application/json, text/event-stream",
			"Mcp-Protocol-Version: 2026-07-28", "Mcp-Method: server/discover")
	}
	send().Expect(t, http.StatusOK) // the function now knows the key, and has built its tools
	env.Stack.Drain(t.Context(), 10*time.Second)
	env.Calls.SetDelay(50 * time.Millisecond)
	env.Calls.Record(true)
	env.Calls.Spans()
	r := send()
	spans := env.Calls.Spans()
	env.Calls.Record(false)
	env.Calls.SetDelay(0)
	r.Expect(t, http.StatusOK)
	if n := dynamo.Rounds(spans); n > 1 {
		ops := make([]string, len(spans))
		for i, s := range spans {
			ops[i] = s.Op
		}
		t.Errorf("server/discover with a known key: %d round trips one after another (%v), want 1", n, ops)
	}
}
