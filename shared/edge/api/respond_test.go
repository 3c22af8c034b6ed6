package api

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"rvcontent/shared/kernel/apperr"
)

// TestErrorRetryAfter shows that every 429 and 503 answer names a wait
// (spec 7), the error's own when it set one, and that other answers carry
// no Retry-After.
func TestErrorRetryAfter(t *testing.T) {
	cases := []struct {
		name string
		err  *apperr.Error
		want string
	}{
		{"unavailable without a wait", apperr.New(apperr.Unavailable, "Down."), "60"},
		{"rate limited without a wait", apperr.New(apperr.RateLimited, "Slow down."), "60"},
		{"own wait kept", &apperr.Error{Code: apperr.RateLimited, Message: "Slow down.", RetryAfter: 7}, "7"},
		{"conflict has none", apperr.New(apperr.Conflict, "No."), ""},
	}
	for _, c := range cases {
		w := httptest.NewRecorder()
		Error(w, httptest.NewRequest(http.MethodGet, "/", nil), c.err)
		if got := w.Header().Get("Retry-After"); got != c.want {
			t.Errorf("%s: Retry-After = %q, want %q", c.name, got, c.want)
		}
	}
}
