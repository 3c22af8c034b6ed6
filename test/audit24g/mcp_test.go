package audit24g

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestMCPIntegerArgumentsWrittenAsDecimalsWork: a list tool's integer
// argument (limit, 1 to 100 in its input schema) sent as 2.0 or 2e0 is the
// integer 2, as JSON Schema and the agent API's JSON bodies read it
// (PATCH /sites/{site_id}/autopilot takes weekly_cadence 3.0 as 3). The
// README says a tool's arguments have the spec's types in its input
// schema and the call gives the endpoint's answer, so list_events with
// limit 2.0 answers what limit 2 answers. The server copied the number's
// text into the query, and the API refused "2.0" with 422 on limit.
func TestMCPIntegerArgumentsWrittenAsDecimalsWork(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	acct.Client.WaitJob(t, acct.ScanJob)
	cs := session(t, env, acct.Key)

	want, isErr := callRaw(t, cs, "list_events", `{"limit":2}`)
	if isErr {
		t.Fatalf("list_events limit 2: %v", want)
	}
	for _, limit := range []string{"2.0", "2e0", "0.2e1"} {
		got, isErr := callRaw(t, cs, "list_events", `{"limit":`+limit+`}`)
		if isErr {
			t.Errorf("list_events limit %s is a tool error: %v", limit, got)
			continue
		}
		if len(got["events"].([]any)) != len(want["events"].([]any)) || got["has_more"] != want["has_more"] {
			t.Errorf("list_events limit %s: %d events, has_more %v; limit 2: %d, %v",
				limit, len(got["events"].([]any)), got["has_more"], len(want["events"].([]any)), want["has_more"])
		}
	}
	// A number that is no integer is still the API's to refuse.
	if got, isErr := callRaw(t, cs, "list_events", `{"limit":2.5}`); !isErr || got["status"] != 422.0 {
		t.Errorf("list_events limit 2.5: error %v, %v; want a tool error with status 422", isErr, got)
	}
}

// TestMCPLoggingIsNotOffered: the server declares no logging capability
// (initialize lists tools, resources and prompts: stateless, it can never
// send a log message), and the README says a method of MCP it does not
// offer, such as resources/subscribe or completion/complete, answers
// -32601 with status 200 when its parameters are well formed (one of MCP's
// levels), else -32602. logging/setLevel answered an empty success
// instead, for any level (even one MCP does not have, or none), so a
// client believed it would get log messages.
func TestMCPLoggingIsNotOffered(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")

	_, init := rpc(t, env, acct.Key, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"audit24g","version":"1"}}}`)
	caps, _ := init["result"].(map[string]any)["capabilities"].(map[string]any)
	if _, offered := caps["logging"]; offered {
		t.Skipf("the server now offers logging: %v", caps)
	}
	for _, level := range []string{"debug", "emergency"} {
		status, got := rpc(t, env, acct.Key, `{"jsonrpc":"2.0","id":"set-`+level+`","method":"logging/setLevel","params":{"level":"`+level+`"}}`)
		e, _ := got["error"].(map[string]any)
		if status != http.StatusOK || e == nil || e["code"] != -32601.0 || got["id"] != "set-"+level {
			t.Errorf("logging/setLevel %s: status %d, %v; want 200 and error -32601 with the message's id", level, status, got)
		}
	}
	for _, params := range []string{`{"level":"nonsense"}`, `{"level":5}`, `{}`} {
		status, got := rpc(t, env, acct.Key, `{"jsonrpc":"2.0","id":3,"method":"logging/setLevel","params":`+params+`}`)
		if e, _ := got["error"].(map[string]any); e == nil || e["code"] != -32602.0 {
			t.Errorf("logging/setLevel with params %s: status %d, %v; want error -32602", params, status, got)
		}
	}
}
