package api

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestCORSPreflight(t *testing.T) {
	c := CORS{Methods: "GET, OPTIONS", Headers: "Authorization", Expose: "X-Request-Id"}
	w := httptest.NewRecorder()
	c.Preflight(w, httptest.NewRequest(http.MethodOptions, "/x", nil))
	want := map[string]string{
		"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET, OPTIONS",
		"Access-Control-Allow-Headers": "Authorization", "Access-Control-Expose-Headers": "X-Request-Id",
		"Access-Control-Max-Age": "86400",
	}
	if w.Code != http.StatusNoContent {
		t.Fatalf("status %d, want 204", w.Code)
	}
	for k, v := range want {
		if got := w.Header().Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
}

func TestCORSWrapWithoutExpose(t *testing.T) {
	c := CORS{Methods: "POST", Headers: "Content-Type"}
	h := c.Wrap(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) })
	w := httptest.NewRecorder()
	h(w, httptest.NewRequest(http.MethodPost, "/x", nil))
	if w.Code != http.StatusTeapot || w.Header().Get("Access-Control-Allow-Origin") != "*" || w.Header().Get("Access-Control-Allow-Methods") != "POST" {
		t.Fatalf("answer %d with headers %v", w.Code, w.Header())
	}
	if _, ok := w.Header()["Access-Control-Expose-Headers"]; ok {
		t.Fatalf("Expose-Headers sent without a value: %v", w.Header())
	}
}
