package gateway_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"rvcontent/shared/edge/gateway"
)

// trivial is a route with nothing to do.
var trivial = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"ok":true}`)
})

// incoming is a typical request as the dev stack receives it.
func incoming() *http.Request {
	r := httptest.NewRequest("GET", "http://127.0.0.1:8080/api/agent/v1/sites/abc/articles?limit=10&status=finished", nil)
	r.Header.Set("Authorization", "Bearer rv_agent_0123456789abcdef")
	r.Header.Set("Accept", "application/json, text/event-stream")
	r.Header.Set("User-Agent", "bench/1.0")
	r.Header.Add("Cookie", "a=1; b=2")
	return r
}

// BenchmarkAdapter is the function's side: an API Gateway v2 event to the
// handler and back.
func BenchmarkAdapter(b *testing.B) {
	fn := gateway.Handler(trivial, nil)
	ev := gateway.Event(incoming(), "GET /api/agent/v1/sites/{site_id}/articles", map[string]string{"site_id": "abc"}, nil)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := fn(ctx, ev); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDevStackPath is the whole path the dev stack adds to a request:
// the event made from it, the adapter, and the answer written back.
func BenchmarkDevStackPath(b *testing.B) {
	fn := gateway.Handler(trivial, nil)
	r := incoming()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		resp, err := fn(ctx, gateway.Event(r, "GET /api/agent/v1/sites/{site_id}/articles", map[string]string{"site_id": "abc"}, nil))
		if err != nil {
			b.Fatal(err)
		}
		gateway.WriteResponse(httptest.NewRecorder(), resp)
	}
}
