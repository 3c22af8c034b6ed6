package robustness

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// rpcCodes are the JSON-RPC error codes the MCP server may answer a bad
// message with (README, MCP tools): parse error, invalid request, unknown
// method, invalid params, and -32000 for the budget or a busy service.
var rpcCodes = map[int]bool{-32700: true, -32600: true, -32601: true, -32602: true, -32000: true}

// rpcCall is a tools/call message of tool name with arguments args (JSON
// as written).
func rpcCall(name any, args string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":%s,"arguments":%s}}`, encode(name), args)
}

// mcpProbe is a probe of the MCP server.
func mcpProbe(name, body string) probe {
	return probe{name: name, method: http.MethodPost, path: routes.MCPPath, body: body,
		headers: []string{"Accept: application/json, text/event-stream"}}
}

// checkMCP checks an MCP answer: below 500, a JSON-RPC 2.0 answer that is
// either a known error or a result; a tool error carries the agent API's
// error body plus a status below 500.
func checkMCP(t *testing.T, p probe, resp *testenv.Response) {
	t.Helper()
	if msg := mcpProblem(resp); msg != "" {
		t.Errorf("%s: %s\nanswer %d: %.600s", p.name, msg, resp.Status, resp.Body)
	}
}

// mcpProblem returns what is wrong with an MCP answer, or "".
func mcpProblem(resp *testenv.Response) string {
	if resp.Status >= 500 {
		return "a 5xx answer"
	}
	if resp.Status == http.StatusRequestEntityTooLarge {
		return agentProblem(resp.Status, resp.Header.Get("Content-Type"), resp.Body)
	}
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		Error   json.RawMessage `json:"error"`
		Result  *struct {
			IsError bool `json:"isError"`
			Content []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"content"`
		} `json:"result"`
	}
	if err := json.Unmarshal(resp.Body, &m); err != nil {
		return "not a JSON-RPC answer: " + err.Error()
	}
	if m.JSONRPC != "2.0" {
		return "jsonrpc is not 2.0"
	}
	switch {
	case m.Error != nil:
		var e struct {
			Code    *int   `json:"code"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(m.Error, &e); err != nil || e.Code == nil {
			return "a JSON-RPC error without a code"
		}
		if !rpcCodes[*e.Code] {
			return fmt.Sprintf("JSON-RPC error code %d", *e.Code)
		}
		if strings.TrimSpace(e.Message) == "" {
			return "a JSON-RPC error without a message"
		}
		if resp.Status == http.StatusOK && *e.Code != -32601 && *e.Code != -32602 && *e.Code != -32600 {
			return "a transport error answered 200"
		}
	case m.Result != nil:
		if resp.Status != http.StatusOK {
			return "a result with a status other than 200"
		}
		if !m.Result.IsError {
			return ""
		}
		if len(m.Result.Content) == 0 || m.Result.Content[0].Type != "text" {
			return "a tool error without text content"
		}
		text := m.Result.Content[0].Text
		var e struct {
			Status int `json:"status"`
		}
		if err := json.Unmarshal([]byte(text), &e); err != nil {
			// The SDK's own refusal of arguments that do not fit the input
			// schema: a sentence, not the API's body.
			if p := sentenceProblem(text); p != "" && !strings.Contains(text, "validating") {
				return "tool error: " + p
			}
			return ""
		}
		if e.Status < 400 {
			return fmt.Sprintf("a tool error with status %d", e.Status)
		}
		if p := agentProblem(e.Status, "application/json", []byte(text)); p != "" {
			return "tool error: " + p
		}
	default:
		return "neither result nor error"
	}
	return ""
}

// mcpVariants are the bad values a tool's arguments get: those that test
// how the tool turns arguments into a request (types, numbers JSON or Go
// cannot hold, lists); what the endpoint then makes of a string is the
// HTTP battery's.
var mcpVariants = map[string]bool{
	"null": true, "object": true, "nested array": true, "number": true, "huge number": true, "boolean": true, "array": true,
	"string": true, "invalid UTF-8": true, "over maxLength": true, "not in enum": true, "NUL": true,
	"1e309": true, "-1e309": true, "beyond int64": true, "1.5": true, "-1": true, "above maximum": true,
	"array of nulls": true, "array of objects": true, "array of numbers": true, "10,000 items": true, "over maxItems": true,
}

// toolArgs returns the flat arguments of a valid call of op: path
// parameters from the fixture, body fields from the catalog's example.
func toolArgs(f *fixture, op catalog.Operation) map[string]any {
	args := baseBody(op)
	names := (routes.Route{Path: op.Path}).Params()
	for i, name := range names {
		v := f.ids[name]
		if op.Method == http.MethodDelete && i == len(names)-1 && name != "integration_id" {
			v = ""
		}
		if v == "" {
			v = freshID()
		}
		args[name] = v
	}
	return args
}

// mcpProbes are op's tool battery: each argument in turn (path
// parameters, query parameters, body fields) set to each bad value, the
// arguments whole of the wrong type, and a bad idempotency key.
func mcpProbes(f *fixture, op catalog.Operation) []probe {
	base := toolArgs(f, op)
	var out []probe
	for _, a := range []string{`[]`, `"x"`, `1`, `null`, `{"zzz_unknown":{"a":[1e309]}}`, `{}`} {
		out = append(out, mcpProbe(op.ID+" arguments "+a, rpcCall(op.ID, a)))
	}
	var fields []catalog.Field
	for _, p := range op.Params() {
		fields = append(fields, catalog.Field{Name: p.Name, Required: true, Schema: p.Schema()})
	}
	fields = append(fields, op.Query...)
	fields = append(fields, op.Body...)
	for _, fl := range fields {
		for _, v := range badValues(fl.Schema) {
			if !mcpVariants[v.name] && !strings.HasPrefix(v.name, "item ") {
				continue
			}
			out = append(out, mcpProbe(op.ID+" "+fl.Name+": "+v.name, rpcCall(op.ID, bodyWith(base, fl.Name, v.value))))
		}
	}
	for _, p := range op.Params() {
		for _, bad := range []string{"not-a-uuid", strings.Repeat("x", 1100), "../../account", "a/b", "a?b=c", "%2F", "\u0000", "é"} {
			out = append(out, mcpProbe(op.ID+" "+p.Name+"="+clip(bad), rpcCall(op.ID, bodyWith(base, p.Name, bad))))
		}
	}
	if catalog.Keyed(op.Method) {
		for _, k := range []any{strings.Repeat("k", 256), 42, "", map[string]any{}} {
			out = append(out, mcpProbe(op.ID+" idempotency_key "+clip(fmt.Sprint(k)), rpcCall(op.ID, bodyWith(base, "idempotency_key", k))))
		}
	}
	return out
}

// TestMCPToolsMalformedArguments calls every MCP tool of the catalog with
// bad arguments and checks each answer is a proper JSON-RPC error or tool
// error, never a 5xx.
func TestMCPToolsMalformedArguments(t *testing.T) {
	f := setUp(t)
	var probes []probe
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if op.IsTool() {
			probes = append(probes, mcpProbes(f, op)...)
		}
	}
	run(t, f.r.Client, probes, checkMCP)
	t.Logf("%d probes", len(probes))
}

// TestMCPMalformedMessages sends the MCP server messages that are no
// proper tools/call and checks each gets a JSON-RPC error (or the API's
// 413), never a 5xx.
func TestMCPMalformedMessages(t *testing.T) {
	f := setUp(t)
	var probes []probe
	for _, b := range []string{
		`{`, `[]`, `null`, `"x"`, `1e309`, `{"jsonrpc":"2.0"}`, `{"jsonrpc":"1.0","id":1,"method":"tools/call"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call"}`, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[]}`, rpcCall(42, `{}`), rpcCall(nil, `{}`),
		rpcCall("no_such_tool", `{}`), rpcCall("", `{}`), rpcCall(strings.Repeat("t", 100000), `{}`), rpcCall("get_account\u0000", `{}`),
		`{"jsonrpc":"2.0","id":1e309,"method":"tools/call","params":{"name":"get_account"}}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/call","params":{"name":"get_account"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_account","arguments":{},"_meta":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"garbage"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"rvcontent://sites/%00"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"rvcontent://sites/` + strings.Repeat("x", 2000) + `/articles/y"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"forum_sweep","arguments":{"site_id":"x","drafts":"1e309"}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_site","arguments":{"site_id":"a","site_id":{"x":1}}}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"get_site\",\"arguments\":{\"site_id\":\"\xff\"}}}",
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_account","arguments":{"x":"` + strings.Repeat("a", 1<<20) + `"}}}`,
	} {
		probes = append(probes, mcpProbe("message "+clip(b), b))
	}
	run(t, f.r.Client, probes, checkMCP)
}

// TestMCPPathValuesThatMoveThePath: a tool's path parameter that would
// move the path once decoded ("../x", "a/./b", "/", "x/") answers the
// resource's own not_found tool error, as an id that cannot exist does,
// and never "no endpoint" (or the endpoint the dots lead to).
func TestMCPPathValuesThatMoveThePath(t *testing.T) {
	f := setUp(t)
	var probes []probe
	want := map[string]string{} // probe name → the not-found sentence
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if !op.IsTool() {
			continue
		}
		base := toolArgs(f, op)
		for _, p := range op.Params() {
			rp, _ := routes.ParamNamed(p.Name)
			for _, v := range []string{"../x", "../../account", "a/./b", "/", "x/", "a//b", ".", ".."} {
				name := op.ID + " " + p.Name + "=" + v
				want[name] = rp.NotFound
				probes = append(probes, mcpProbe(name, rpcCall(op.ID, bodyWith(base, p.Name, v))))
			}
		}
	}
	run(t, f.r.Client, probes, func(t *testing.T, p probe, resp *testenv.Response) {
		t.Helper()
		checkMCP(t, p, resp)
		var m struct {
			Result struct {
				StructuredContent struct {
					Status int    `json:"status"`
					Code   string `json:"code"`
					Error  string `json:"error"`
				} `json:"structuredContent"`
			} `json:"result"`
		}
		_ = json.Unmarshal(resp.Body, &m)
		got := m.Result.StructuredContent
		if got.Status != http.StatusNotFound || got.Code != "not_found" || got.Error != want[p.name] {
			t.Errorf("%s: %+v, want 404 not_found %q", p.name, got, want[p.name])
		}
	})
}
