package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"testing"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apperr"
)

// toolFor returns the tool of the catalog's operation method path.
func toolFor(t *testing.T, method, path string) Tool {
	t.Helper()
	for _, tool := range Tools() {
		if tool.Route.Method == method && tool.Route.Path == routes.AgentBase+path {
			return tool
		}
	}
	t.Fatalf("no tool for %s %s", method, path)
	return Tool{}
}

var testOrigin = origin{host: "svc.example", remoteAddr: "192.0.2.7:4000", header: http.Header{"Authorization": {"Bearer rv_agent_x"}}}

// A PATCH tool's arguments: the path parameter escaped into the path, the
// idempotency key into its header, the rest into the body unchanged (null
// stays null), with the caller's credential and address.
func TestRequestPatch(t *testing.T) {
	tool := toolFor(t, "PATCH", "/sites/{site_id}")
	r, err := tool.request(context.Background(), testOrigin, json.RawMessage(`{"site_id":"a b/c","brand_name":"Acme","product_description":null,"writing":{"tone":"Plain"},"idempotency_key":"k1"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(r.Body)
	got := []string{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, string(body), r.Header.Get("Content-Type"), r.Header.Get("Idempotency-Key"), r.Header.Get("Authorization"), r.Host, r.RemoteAddr}
	want := []string{"PATCH", "/api/agent/v1/sites/a%20b%2Fc", "", `{"brand_name":"Acme","product_description":null,"writing":{"tone":"Plain"}}`, "application/json", "k1", "Bearer rv_agent_x", "svc.example", "192.0.2.7:4000"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("request\n got %q\nwant %q", got, want)
	}
}

// A path parameter that would move the path once decoded (a dot segment
// or an empty one, alone or beside others) becomes "-", which names
// nothing, so the resource's own not_found answers rather than "no
// endpoint"; a value with a slash that moves nothing stays as sent.
func TestRequestDotSegments(t *testing.T) {
	tool := toolFor(t, "GET", "/sites/{site_id}")
	for v, want := range map[string]string{
		".": "/api/agent/v1/sites/-", "..": "/api/agent/v1/sites/-", "../../account": "/api/agent/v1/sites/-",
		"../x": "/api/agent/v1/sites/-", "a/./b": "/api/agent/v1/sites/-", "a/..": "/api/agent/v1/sites/-", "/": "/api/agent/v1/sites/-",
		"a//b": "/api/agent/v1/sites/-", "x/": "/api/agent/v1/sites/-", "a/b": "/api/agent/v1/sites/a%2Fb", "...": "/api/agent/v1/sites/...",
	} {
		args, _ := json.Marshal(map[string]string{"site_id": v})
		r, err := tool.request(context.Background(), testOrigin, args)
		if err != nil {
			t.Fatalf("%q: %v", v, err)
		}
		if got := r.URL.EscapedPath(); got != want {
			t.Errorf("site_id %q: path %s, want %s", v, got, want)
		}
	}
}

// A GET tool's arguments go to the query: lists comma-separated, numbers
// and booleans as text, null left out, unknown arguments passed along.
func TestRequestQuery(t *testing.T) {
	tool := toolFor(t, "GET", "/sites/{site_id}/articles")
	r, err := tool.request(context.Background(), testOrigin, json.RawMessage(`{"site_id":"s1","status":["scheduled","finished"],"limit":5,"keyword":null,"extra":true}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.URL.RequestURI(), "/api/agent/v1/sites/s1/articles?extra=true&limit=5&status=scheduled%2Cfinished"; got != want {
		t.Errorf("uri %s, want %s", got, want)
	}
	if r.ContentLength != 0 || r.Header.Get("Content-Type") != "" {
		t.Errorf("a GET carries a body: %d %q", r.ContentLength, r.Header.Get("Content-Type"))
	}
}

// Arguments the API could not judge answer validation_failed with details
// for each.
func TestRequestProblems(t *testing.T) {
	tool := toolFor(t, "GET", "/sites/{site_id}/articles")
	_, err := tool.request(context.Background(), testOrigin, json.RawMessage(`{"status":{"a":1},"idempotency_key":""}`))
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.ValidationFailed {
		t.Fatalf("error %v", err)
	}
	want := []apperr.Problem{
		{Field: "site_id", Problem: "is required"},
		{Field: "status", Problem: "must be a string, number, boolean or a list of them"},
	}
	if !reflect.DeepEqual(e.Details, want) {
		t.Errorf("details %+v, want %+v", e.Details, want)
	}
	if _, err := tool.request(context.Background(), testOrigin, json.RawMessage(`[1]`)); apperr.CodeOf(err) != apperr.BadRequest {
		t.Errorf("array arguments: %v", err)
	}
}

// The API's answer becomes the tool result: success as is, an error as a
// tool error with status and retry_after, replays flagged in _meta.
func TestResults(t *testing.T) {
	ok := newRecorder()
	ok.Header().Set("Idempotent-Replayed", "true")
	ok.WriteHeader(http.StatusCreated)
	_, _ = ok.Write([]byte(`{"agent_key":{"id":"k"}}`))
	res := ok.result()
	if res.IsError || string(res.StructuredContent.(json.RawMessage)) != `{"agent_key":{"id":"k"}}` || res.Meta["http_status"] != 201 || res.Meta["idempotent_replayed"] != true {
		t.Errorf("success result %+v", res)
	}

	limited := newRecorder()
	limited.Header().Set("Retry-After", "42")
	limited.WriteHeader(http.StatusTooManyRequests)
	_, _ = limited.Write([]byte(`{"error":"Too many.","code":"rate_limited"}`))
	res = limited.result()
	var got map[string]any
	if err := json.Unmarshal(res.StructuredContent.(json.RawMessage), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"error": "Too many.", "code": "rate_limited", "status": 429.0, "retry_after": 42.0}
	if !res.IsError || !reflect.DeepEqual(got, want) {
		t.Errorf("error result %v, want %v", got, want)
	}
}
