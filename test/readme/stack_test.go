package readme

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestTheDevStack checks "The dev stack": "GET /healthz answers
// {"ok":true}"; "POST /_dev/clock {"advance_seconds": N} moves the clock
// forward N seconds (never back; at most a century ahead, else 422)";
// "GET /_dev/emails?to=EMAIL ... every mail the service sent to that
// address (any case ...)".
func TestTheDevStack(t *testing.T) {
	env := testenv.Shared(t)
	c := env.Client()
	h := c.Do(t, "GET", "/healthz", nil).Expect(t, http.StatusOK).JSON(t)
	if h["ok"] != true || len(h) != 1 {
		t.Errorf("healthz = %v", h)
	}
	wantField(t, c.Do(t, "POST", "/_dev/clock", map[string]any{"advance_seconds": 101 * 365 * 86400}), "advance_seconds")
	wantField(t, c.Do(t, "POST", "/_dev/clock", map[string]any{"advance_seconds": -5}), "advance_seconds")
	a := env.NewAccount(t, "")
	var out struct {
		Emails []struct{ To, Subject string }
	}
	c.Do(t, "GET", "/_dev/emails?to="+strings.ToUpper(a.Email), nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Emails) == 0 || out.Emails[0].To != a.Email {
		t.Errorf("emails to the upper-case address = %+v, want the claim mail", out.Emails)
	}
}

// mcp posts one JSON-RPC message to /mcp as c and returns the answer.
func mcp(t *testing.T, c *testenv.Client, body string, headers ...string) *testenv.Response {
	t.Helper()
	return c.Do(t, "POST", "/mcp", body, append([]string{"Accept: application/json, text/event-stream"}, headers...)...)
}

// rpcError returns the JSON-RPC error code and id of an answer.
func rpcError(t *testing.T, r *testenv.Response) (float64, any) {
	t.Helper()
	m := r.JSON(t)
	e, _ := m["error"].(map[string]any)
	code, _ := e["code"].(float64)
	return code, m["id"]
}

// TestMCPTools checks "MCP tools": "(GET and DELETE answer 405 once the
// credential is accepted)"; "without an accepted one it gets the agent
// API's 401 with WWW-Authenticate: Bearer resource_metadata=..."; "a body
// that is not JSON 400 with code -32700, ... a body without a JSON
// Content-Type 415 with -32600, a batch ... 400 with -32600"; "an id is a
// string or an integer within ±(2^53 − 1)" (else the id comes back null);
// "idempotency_key ... outside 1 to 255 characters ...: a tool error with
// status 400 bad_request"; "Any other answer is a tool error (isError:
// true) whose content is the API's error body plus status ... _meta carries
// http_status"; "drafts is 1 to 20 ...; otherwise prompts/get answers
// -32602".
func TestMCPTools(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client
	c.Do(t, "GET", "/mcp", nil).Expect(t, http.StatusMethodNotAllowed)
	r := mcp(t, env.Client(), `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`).Expect(t, http.StatusUnauthorized)
	if w := r.Header.Get("WWW-Authenticate"); w != `Bearer resource_metadata="`+env.URL+`/.well-known/oauth-protected-resource"` {
		t.Errorf("WWW-Authenticate = %q", w)
	}
	for _, tc := range []struct {
		name, body string
		headers    []string
		status     int
		code       float64
	}{
		{"not JSON", `{`, nil, 400, -32700},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]`, nil, 400, -32600},
		{"text/plain", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, []string{"Content-Type: text/plain"}, 415, -32600},
		{"id past 2^53", `{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list"}`, nil, 400, -32600},
	} {
		r := mcp(t, c, tc.body, tc.headers...)
		code, id := rpcError(t, r)
		if r.Status != tc.status || code != tc.code {
			t.Errorf("%s: %d %v, want %d %v: %s", tc.name, r.Status, code, tc.status, tc.code, r.Body)
		}
		if tc.name == "id past 2^53" && id != nil {
			t.Errorf("%s: id = %v, want null", tc.name, id)
		}
	}
	toolError := func(args string, status float64, code string) {
		t.Helper()
		res := obj(t, mcp(t, c, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":`+args+`}`).Expect(t, http.StatusOK).JSON(t), "result")
		sc := obj(t, res, "structuredContent")
		if res["isError"] != true || sc["status"] != status || sc["code"] != code || obj(t, res, "_meta")["http_status"] != status {
			t.Errorf("tool error = %v, want status %v code %s", res, status, code)
		}
	}
	toolError(`{"name":"create_article","arguments":{"site_id":"`+a.SiteID+`","title":"x","idempotency_key":"`+strings.Repeat("k", 256)+`"}}`, 400, "bad_request")
	toolError(`{"name":"get_site","arguments":{"site_id":"ABC"}}`, 404, "not_found")
	code, _ := rpcError(t, mcp(t, c, `{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"forum_sweep","arguments":{"site_id":"`+a.SiteID+`","drafts":"21"}}}`))
	if code != -32602 {
		t.Errorf("prompts/get with drafts 21 answered code %v, want -32602", code)
	}
}
