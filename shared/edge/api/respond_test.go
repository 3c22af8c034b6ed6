package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/smithy-go"

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

// TestThrottledDependencyAnswers503: an AWS throttling error left after the
// SDK's retries, wrapped by a feature like any failure, answers 503
// unavailable with a short Retry-After; another AWS error stays a 500.
func TestThrottledDependencyAnswers503(t *testing.T) {
	for _, c := range []struct {
		code   string
		status int
		retry  string
	}{
		{"ProvisionedThroughputExceededException", http.StatusServiceUnavailable, "2"},
		{"ThrottlingException", http.StatusServiceUnavailable, "2"},
		{"ValidationException", http.StatusInternalServerError, ""},
	} {
		err := apperr.Wrap("articles.List", fmt.Errorf("operation error DynamoDB: Query: %w", &smithy.GenericAPIError{Code: c.code, Message: "x"}))
		w := httptest.NewRecorder()
		Error(w, httptest.NewRequest(http.MethodGet, "/", nil), err)
		if w.Code != c.status || w.Header().Get("Retry-After") != c.retry {
			t.Errorf("%s: %d Retry-After %q, want %d %q", c.code, w.Code, w.Header().Get("Retry-After"), c.status, c.retry)
		}
		if c.status == http.StatusServiceUnavailable && !strings.Contains(w.Body.String(), `"code":"unavailable"`) {
			t.Errorf("%s: body %s", c.code, w.Body)
		}
	}
}

// TestEveryUnauthorizedCarriesAChallenge: a 401 answered after the
// credential was accepted (it was revoked, or its account deleted, while
// the request ran) still carries WWW-Authenticate (RFC 6750, 3), and the
// refusal at the door keeps its own challenge naming the metadata.
func TestEveryUnauthorizedCarriesAChallenge(t *testing.T) {
	w := httptest.NewRecorder()
	Error(w, httptest.NewRequest(http.MethodPost, "/api/agent/v1/agent-keys", nil), apperr.New(apperr.Unauthorized, ""))
	if w.Code != http.StatusUnauthorized || w.Header().Get("WWW-Authenticate") != "Bearer" {
		t.Errorf("mid-request 401: %d WWW-Authenticate %q", w.Code, w.Header().Get("WWW-Authenticate"))
	}
	w = httptest.NewRecorder()
	Unauthorized(w, httptest.NewRequest(http.MethodGet, "/api/agent/v1/account", nil), "https://api.example.com")
	if got := w.Header().Get("WWW-Authenticate"); got != `Bearer resource_metadata="https://api.example.com`+ResourceMetadataPath+`"` {
		t.Errorf("refusal at the door: WWW-Authenticate %q", got)
	}
	w = httptest.NewRecorder()
	Error(w, httptest.NewRequest(http.MethodGet, "/", nil), apperr.New(apperr.NotFound, "No."))
	if got := w.Header().Get("WWW-Authenticate"); got != "" {
		t.Errorf("404 carries WWW-Authenticate %q", got)
	}
}
