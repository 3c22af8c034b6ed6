package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/routes"
)

// bearer adds a Bearer credential to every request.
type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

// connect serves s and returns a client session with credential token,
// and the server's port.
func connect(t *testing.T, s http.Handler, token string) (*mcp.ClientSession, string) {
	t.Helper()
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{
		Endpoint: ts.URL, HTTPClient: &http.Client{Transport: bearer{token}}, DisableStandaloneSSE: true,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs, ts.URL[strings.LastIndex(ts.URL, ":")+1:]
}

// A tool call reaches its group's handler in-process as the agent-API
// request, with the MCP request's credential, and the answer comes back as
// the result.
func TestServerCallsTheGroupHandler(t *testing.T) {
	var (
		seen []string
		port string
	)
	groups := map[routes.Group]http.Handler{
		routes.Accounts: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			seen = append(seen, r.Method+" "+r.URL.Path+" "+string(b)+" "+r.Header.Get("Authorization")+" "+r.Header.Get("Idempotency-Key"))
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusCreated)
			_, _ = io.WriteString(w, `{"agent_key":{"name":"Bot"}}`)
		}),
		routes.Sites: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			seen = append(seen, r.Method+" "+r.URL.Path+" "+strings.TrimPrefix(r.Host, "127.0.0.1:"+port))
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"error":"No site.","code":"not_found"}`)
		}),
	}
	s := New(Options{Tools: ToolsNamed("create_agent_key", "get_site"), Handler: func(g routes.Group) http.Handler { return groups[g] }, Version: "test"})
	var cs *mcp.ClientSession
	cs, port = connect(t, s, "rv_agent_secret")

	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	if strings.Join(names, ",") != "create_agent_key,get_site" {
		t.Fatalf("tools %v", names)
	}

	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "create_agent_key", Arguments: map[string]any{"name": "Bot", "idempotency_key": "k-1"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || res.Content[0].(*mcp.TextContent).Text != `{"agent_key":{"name":"Bot"}}` {
		t.Errorf("create_agent_key result %+v", res)
	}
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_site", Arguments: map[string]any{"site_id": "nope"}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(res.StructuredContent)
	if !res.IsError || string(got) != `{"code":"not_found","error":"No site.","status":404}` {
		t.Errorf("get_site result %v %s", res.IsError, got)
	}
	want := []string{
		`POST /api/agent/v1/agent-keys {"name":"Bot"} Bearer rv_agent_secret k-1`,
		"GET /api/agent/v1/sites/nope ", // the MCP request's host, 127.0.0.1:port
	}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
}

// GET answers 405 (stateless: no stream to open), and a body over 1 MB
// the API's payload_too_large.
func TestServerRefusals(t *testing.T) {
	s := New(Options{Tools: []Tool{}, Handler: func(routes.Group) http.Handler { return nil }})
	ts := httptest.NewServer(s)
	defer ts.Close()
	resp, err := http.Get(ts.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
		t.Errorf("GET: %d Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	resp, err = http.Post(ts.URL, "application/json", strings.NewReader(`{"x":"`+strings.Repeat("a", 1<<20)+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), `"code":"payload_too_large"`) {
		t.Errorf("big body: %d %s", resp.StatusCode, b)
	}
}

// A resource read that the API refuses otherwise than with 404 (a part of
// the service unavailable, a failure) answers the JSON-RPC error the MCP
// address answers the API's refusals with: code -32000, the API's
// sentence, and its error body with status and retry_after as data, not a
// bare error without a code, which read as invalid parameters.
func TestResourceReadRefusals(t *testing.T) {
	unavailable := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Retry-After", "7")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = io.WriteString(w, `{"error":"Part of the service is unavailable. Wait Retry-After seconds.","code":"unavailable"}`)
	})
	s := New(Options{Tools: []Tool{}, Handler: func(routes.Group) http.Handler { return unavailable }})
	ts := httptest.NewServer(s)
	defer ts.Close()
	req, _ := http.NewRequest("POST", ts.URL, strings.NewReader(`{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"rvcontent://sites/0b9b2a4e-1c1f-4a53-9d0e-2f4c1b7a9e10"}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer rv_agent_secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got struct {
		ID    int `json:"id"`
		Error struct {
			Code    int            `json:"code"`
			Message string         `json:"message"`
			Data    map[string]any `json:"data"`
		} `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	e := got.Error
	if got.ID != 4 || e.Code != codeRefused || e.Message != "Part of the service is unavailable. Wait Retry-After seconds." ||
		e.Data["code"] != "unavailable" || e.Data["status"] != float64(503) || e.Data["retry_after"] != float64(7) {
		t.Fatalf("resources/read refused by the API: %+v", got)
	}
}
