package api

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestNoStore: every answer says no-store, over a weaker header the
// handler set, whether it writes its header or only its body.
func TestNoStore(t *testing.T) {
	for name, h := range map[string]http.HandlerFunc{
		"header": func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Cache-Control", "no-cache, no-transform")
			w.WriteHeader(http.StatusCreated)
		},
		"body only": func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("{}")) },
	} {
		t.Run(name, func(t *testing.T) {
			w := httptest.NewRecorder()
			NoStore(h).ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/x", nil))
			if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
				t.Fatalf("Cache-Control %q, want no-store", cc)
			}
		})
	}
}
