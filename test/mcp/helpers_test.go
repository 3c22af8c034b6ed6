// Package mcp holds black-box tests of the MCP server at {base_url}/mcp
// (spec 5): the official MCP Go SDK's client over Streamable HTTP against a
// dev stack, compared with the agent API's own answers.
package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/mcpclient"
)

// connect opens an MCP client session to the stack with credential token.
func connect(t testing.TB, env *testenv.Env, token string) (*sdk.ClientSession, error) {
	t.Helper()
	return mcpclient.Connect(t, env, "mcp-tests", token)
}

// session is connect for a credential that must work.
func session(t testing.TB, env *testenv.Env, token string) *sdk.ClientSession {
	t.Helper()
	cs, err := connect(t, env, token)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	if _, err := schemasOf(cs); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	return cs
}

// call calls tool name with args and returns the result.
func call(t testing.TB, cs *sdk.ClientSession, name string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	return res
}

// ok calls a tool that must succeed and returns its structured content,
// after checking the text content says the same.
func ok(t testing.TB, cs *sdk.ClientSession, name string, args map[string]any) map[string]any {
	t.Helper()
	res := call(t, cs, name, args)
	if res.IsError {
		t.Fatalf("%s failed: %s", name, text(t, res))
	}
	out := structured(t, res)
	checkOutput(t, cs, name, out)
	return out
}

// failed calls a tool that must fail and returns its structured error.
func failed(t testing.TB, cs *sdk.ClientSession, name string, args map[string]any) map[string]any {
	t.Helper()
	res := call(t, cs, name, args)
	if !res.IsError {
		t.Fatalf("%s succeeded: %s", name, text(t, res))
	}
	return structured(t, res)
}

// text returns the result's one text content.
func text(t testing.TB, res *sdk.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("%d contents, want 1", len(res.Content))
	}
	tc, isText := res.Content[0].(*sdk.TextContent)
	if !isText {
		t.Fatalf("content %T, want text", res.Content[0])
	}
	return tc.Text
}

// structured returns the result's structured content, which must be the
// JSON of its text content.
func structured(t testing.TB, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	var fromText, fromStructured map[string]any
	if err := json.Unmarshal([]byte(text(t, res)), &fromText); err != nil {
		t.Fatalf("text content is not a JSON object: %v", err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &fromStructured); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	if fmt.Sprint(fromText) != fmt.Sprint(fromStructured) {
		t.Fatalf("text %v and structured content %v differ", fromText, fromStructured)
	}
	return fromStructured
}

// same fails unless the two JSON values are equal.
func same(t testing.TB, what string, got, want any) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Errorf("%s:\n MCP  %s\n HTTP %s", what, g, w)
	}
}

var (
	siteOnce sync.Once
	siteHost = "mcp-tools-shop.com"
)

// newAccount creates an account whose site is a small fixture website,
// and waits for its first scan to end so its objects stop changing.
func newAccount(t testing.TB, env *testenv.Env) *testenv.Account {
	t.Helper()
	siteOnce.Do(func() {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<html lang="en"><head><title>Tool Shop</title><meta name="description" content="Tool Shop sells garden tools."></head>`+
				`<body><h1>Tool Shop</h1><p>Garden tools for small gardens: spades, rakes and pruning shears.</p></body></html>`)
		}))
		// The site serves every test of the package, so its override stays
		// (SetHost would remove it when the first test ends).
		env.Client().Do(t, "POST", "/_dev/hosts", map[string]any{"host": siteHost, "address": strings.TrimPrefix(srv.URL, "http://")}).
			Expect(t, http.StatusOK)
	})
	acct := env.NewAccount(t, "http://"+siteHost+"/")
	acct.Client.WaitJob(t, acct.ScanJob)
	return acct
}

// httpJSON sends a request to the agent API with acct's key and returns
// its status and JSON body.
func httpJSON(t testing.TB, c *testenv.Client, method, path string, body any) (int, map[string]any) {
	t.Helper()
	r := c.Agent(t, method, path, body)
	return r.Status, r.JSON(t)
}

// activityFor returns the newest activity entry with this action on this
// resource; other entries (the account's own scan, for one) may be newer.
func activityFor(t testing.TB, c *testenv.Client, action string, resourceID any) map[string]any {
	t.Helper()
	_, activity := httpJSON(t, c, "GET", "/activity?limit=100", nil)
	for _, e := range activity["activity"].([]any) {
		entry := e.(map[string]any)
		if entry["action"] == action && entry["resource"].(map[string]any)["id"] == resourceID {
			return entry
		}
	}
	t.Fatalf("no %s activity for %v in %v", action, resourceID, activity)
	return nil
}
