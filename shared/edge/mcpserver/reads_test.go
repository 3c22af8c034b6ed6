package mcpserver

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/edge/api"
)

// ReadsOnly takes for a read only what changes nothing, and leaves the
// body whole for the MCP server.
func TestReadsOnly(t *testing.T) {
	call := func(tool string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":{}}}`
	}
	cases := []struct {
		method, body string
		reads        bool
	}{
		{"GET", "", true},
		{"POST", call("get_account"), true},
		{"POST", call("list_articles"), true},
		{"POST", call("create_article"), false},
		{"POST", call("revoke_agent_key"), false},
		{"POST", call("update_site"), false},
		{"POST", call("no_such_tool"), false},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, true},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}`, true},
		{"POST", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, true},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, true},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"x"}}`, true},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{}}`, false},
		{"POST", `[` + call("get_account") + `]`, false},
		{"POST", `not json`, false},
		{"POST", `{"method":"tools/call","params":{"name":"get_account"},"pad":"` + strings.Repeat("x", api.MaxBody) + `"}`, false},
		{"DELETE", "", false},
		// Member names match as the MCP SDK matches them (exactly, the
		// last of a repeated one counting): a write dressed as a read is
		// no read.
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_agent_key","Name":"get_account"}}`, false},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/call","Method":"ping","params":{"name":"create_agent_key"}}`, false},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_agent_key"},"Params":{"name":"get_account"}}`, false},
		{"POST", `{"jsonrpc":"2.0","id":1,"METHOD":"ping"}`, false},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_account","name":"create_agent_key"}}`, false},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_agent_key","name":"get_account"}}`, true},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"nam\u0065":"get_account"}}`, true},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":null}`, false},
		{"POST", `{"jsonrpc":"2.0","id":1,"method":1}`, false},
	}
	for _, c := range cases {
		r := httptest.NewRequest(c.method, "/mcp", strings.NewReader(c.body))
		if got := ReadsOnly(r); got != c.reads {
			t.Errorf("%s %.80s: reads %v, want %v", c.method, c.body, got, c.reads)
		}
		if b, _ := io.ReadAll(r.Body); string(b) != c.body {
			t.Errorf("%s %.80s: the body left is %d bytes, want %d", c.method, c.body, len(b), len(c.body))
		}
	}
	if ReadsOnly(&http.Request{Method: "POST"}) {
		t.Error("a POST without a body reads")
	}
}
