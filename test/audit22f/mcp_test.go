// Package audit22f holds black-box tests, over HTTP against a dev stack,
// of the README's "MCP tools" and "OpenAPI" sections: the MCP server at
// {base_url}/mcp (its transport's refusals, tools, resources and prompts)
// and the two served OpenAPI documents. Each test shows a defect an audit
// found and that its fix holds, or pins a promise the audit checked that
// no other package checks. Each test starts its own stack with the
// background scheduler off, so time moves only when the test says.
package audit22f

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// rpcAnswer is a JSON-RPC answer of the MCP address.
type rpcAnswer struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int            `json:"code"`
		Message string         `json:"message"`
		Data    map[string]any `json:"data"`
	} `json:"error"`
}

// mcpPost posts body to /mcp with c's credential and the given
// Content-Type, and returns the answer and its JSON-RPC reading.
func mcpPost(t *testing.T, c *testenv.Client, contentType, body string) (*testenv.Response, rpcAnswer) {
	t.Helper()
	r := c.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream", "Content-Type: "+contentType)
	var a rpcAnswer
	if err := json.Unmarshal(r.Body, &a); err != nil {
		t.Fatalf("POST /mcp %.100s: answer %d is not JSON: %s", body, r.Status, r.Body)
	}
	return r, a
}

// TestMCPBodyOfAnotherContentTypeIsRefusedForItsType: the README's
// transport errors pair each refusal with its status and code: "a body
// that is not JSON 400 with code -32700 ... a body without a JSON
// Content-Type 415 with -32600". A body that was neither JSON nor sent as
// JSON answered 415 with -32700, a parse error under the status of a
// Content-Type refusal: the transport refuses the type before it reads
// the body, so the code is -32600 (with a null id: the body names none),
// as for a JSON message of that type.
func TestMCPBodyOfAnotherContentTypeIsRefusedForItsType(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	for _, body := range []string{"not json", "", `{"jsonrpc":"2.0","id":1,"method":"ping"`} {
		r, a := mcpPost(t, acct.Client, "text/plain", body)
		r.Expect(t, http.StatusUnsupportedMediaType)
		if a.Error == nil || a.Error.Code != -32600 || string(a.ID) != "null" || a.Error.Message == "" {
			t.Errorf("text/plain body %q: %s", body, r.Body)
		}
	}
	r, a := mcpPost(t, acct.Client, "text/plain", `{"jsonrpc":"2.0","id":"k","method":"ping"}`)
	if r.Expect(t, http.StatusUnsupportedMediaType); a.Error == nil || a.Error.Code != -32600 || string(a.ID) != `"k"` {
		t.Errorf("a JSON message as text/plain: %s", r.Body)
	}
	// Sent as JSON, a body that is not JSON stays a parse error.
	r, a = mcpPost(t, acct.Client, "application/json", "not json")
	if r.Expect(t, http.StatusBadRequest); a.Error == nil || a.Error.Code != -32700 {
		t.Errorf("not json as application/json: %s", r.Body)
	}
}

// TestMCPRefusalMessagesSayTheirKindOnce: a refused message's JSON-RPC
// error message is a sentence for the client's author. The transport's
// own texts were wrapped as they came, so a message with a null id read
// "Invalid request: invalid request: missing id for \"ping\"." and an
// unknown protocol version "Invalid request: Bad Request: Unsupported
// protocol version ...". The kind is said once.
func TestMCPRefusalMessagesSayTheirKindOnce(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	cases := []struct{ body, header string }{
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, ""},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"get_account"}}`, ""},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, "Mcp-Protocol-Version: 1999-01-01"},
	}
	for _, c := range cases {
		headers := []string{"Accept: application/json, text/event-stream", "Content-Type: application/json"}
		if c.header != "" {
			headers = append(headers, c.header)
		}
		r := acct.Client.Do(t, "POST", "/mcp", c.body, headers...).Expect(t, http.StatusBadRequest)
		var a rpcAnswer
		if err := json.Unmarshal(r.Body, &a); err != nil || a.Error == nil || a.Error.Code != -32600 {
			t.Fatalf("%s: %s", c.body, r.Body)
		}
		lower := strings.ToLower(a.Error.Message)
		if strings.Count(lower, "invalid request") != 1 || strings.Contains(lower, "bad request") {
			t.Errorf("%s %s: message %q", c.body, c.header, a.Error.Message)
		}
	}
}

// TestMCPOverBudgetIsAJSONRPCErrorAndAToolErrorCarriesRetryAfter: the
// README's "a request over the account's budget 429 with Retry-After and
// code -32000, whose data is the API's error body plus status and
// retry_after", with the message's id; and a tool call the endpoint
// answers 429 with Retry-After (a fourth scan in a day without a plan) is
// a tool error {status, code, error, retry_after} with _meta.http_status.
// No other package exhausts the budget over MCP.
func TestMCPOverBudgetIsAJSONRPCErrorAndAToolErrorCarriesRetryAfter(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	scan := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"start_scan","arguments":{"site_id":"` + acct.SiteID + `"}}}`
	var last rpcAnswer
	for i := 0; i < 3; i++ { // the sign-up's scan was the first of 3
		_, last = mcpPost(t, acct.Client, "application/json", scan)
	}
	var res struct {
		Meta              map[string]any `json:"_meta"`
		IsError           bool           `json:"isError"`
		StructuredContent map[string]any `json:"structuredContent"`
	}
	if err := json.Unmarshal(last.Result, &res); err != nil {
		t.Fatalf("start_scan: %v", err)
	}
	sc := res.StructuredContent
	if !res.IsError || res.Meta["http_status"] != 429.0 || sc["status"] != 429.0 || sc["code"] != "rate_limited" || sc["error"] == "" {
		t.Fatalf("the 4th scan: %+v", res)
	}
	if ra, _ := sc["retry_after"].(float64); ra < 1 || ra > 86400 {
		t.Errorf("retry_after %v, want the seconds until 00:00 UTC", sc["retry_after"])
	}

	spent := false
	for i := 0; i < 700 && !spent; i++ {
		spent = acct.Client.Agent(t, "GET", "/account", nil).Status == http.StatusTooManyRequests
	}
	if !spent {
		t.Fatal("the budget never ran out")
	}
	r, a := mcpPost(t, acct.Client, "application/json", `{"jsonrpc":"2.0","id":"over","method":"tools/call","params":{"name":"get_account","arguments":{}}}`)
	r.Expect(t, http.StatusTooManyRequests)
	header, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil || header < 1 {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	if a.JSONRPC != "2.0" || string(a.ID) != `"over"` || a.Error == nil || a.Error.Code != -32000 || a.Error.Message == "" {
		t.Fatalf("over budget: %s", r.Body)
	}
	d := a.Error.Data
	if d["code"] != "rate_limited" || d["status"] != 429.0 || d["retry_after"] != float64(header) || d["error"] != a.Error.Message {
		t.Errorf("data %v (Retry-After %d)", d, header)
	}
}

// TestMCPArgumentsThatAreNoObjectAreAToolError: the README said
// "parameters that do not have the method's types answer -32602", which
// read as covering a tools/call whose arguments are not an object; the
// server judges them as it judges every other argument problem, a tool
// error with status 400 bad_request (so a model can correct its call), and
// the README now says so. A name that is not a string stays -32602.
func TestMCPArgumentsThatAreNoObjectAreAToolError(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	for _, args := range []string{`[1]`, `"x"`, `5`, `true`} {
		r, a := mcpPost(t, acct.Client, "application/json", `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_account","arguments":`+args+`}}`)
		r.Expect(t, http.StatusOK)
		var res struct {
			Meta              map[string]any `json:"_meta"`
			IsError           bool           `json:"isError"`
			StructuredContent map[string]any `json:"structuredContent"`
		}
		if a.Error != nil || json.Unmarshal(a.Result, &res) != nil || !res.IsError || res.Meta["http_status"] != 400.0 ||
			res.StructuredContent["status"] != 400.0 || res.StructuredContent["code"] != "bad_request" {
			t.Errorf("arguments %s: %s", args, r.Body)
		}
	}
	r, a := mcpPost(t, acct.Client, "application/json", `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":5,"arguments":{}}}`)
	if r.Expect(t, http.StatusOK); a.Error == nil || a.Error.Code != -32602 {
		t.Errorf("a name that is no string: %s", r.Body)
	}
}

// TestMCPMethodSentWithoutItsParamsIsInvalidParams: the README's
// "parameters that do not have the method's types answer -32602". A
// method that takes parameters (tools/call, resources/read, prompts/get,
// initialize) sent without them, or with null, answered -32600 invalid
// request, under status 400 when params was absent and 200 when it was
// null, the latter with the SDK's own wording ("handling 'tools/call':
// invalid request: ..."); while initialize with null params answered
// -32602. The message is well-formed JSON-RPC 2.0; only its parameters
// are wrong, so every such message answers -32602 with its id (under the
// transport's status), and says what is missing.
func TestMCPMethodSentWithoutItsParamsIsInvalidParams(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	for _, method := range []string{"tools/call", "resources/read", "prompts/get", "initialize"} {
		for _, params := range []string{"", `,"params":null`} {
			body := `{"jsonrpc":"2.0","id":"m","method":"` + method + `"` + params + `}`
			r, a := mcpPost(t, acct.Client, "application/json", body)
			if r.Status != http.StatusOK && r.Status != http.StatusBadRequest {
				t.Errorf("%s: status %d", body, r.Status)
			}
			if a.JSONRPC != "2.0" || string(a.ID) != `"m"` || a.Error == nil || a.Error.Code != -32602 ||
				!strings.HasPrefix(a.Error.Message, "Invalid params: ") || strings.Contains(a.Error.Message, "handling") {
				t.Errorf("%s: %d %s", body, r.Status, r.Body)
			}
		}
	}
	// Methods that take no parameters still answer without them.
	for _, method := range []string{"ping", "tools/list", "prompts/list", "resources/list"} {
		r, a := mcpPost(t, acct.Client, "application/json", `{"jsonrpc":"2.0","id":1,"method":"`+method+`"}`)
		if r.Expect(t, http.StatusOK); a.Error != nil || len(a.Result) == 0 {
			t.Errorf("%s: %s", method, r.Body)
		}
	}
}
