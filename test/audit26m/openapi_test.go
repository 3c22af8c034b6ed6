package audit26m

import (
	"net/http"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestPublicOpenAPIDocumentIsAPublicAnswer: the public API's own OpenAPI
// document, GET /api/public/v1/openapi.json, is an answer of the public
// API like any other. README "Site keys and the public articles API",
// Conventions: "Every answer, errors included, carries
// `Access-Control-Allow-Origin: *`, `Access-Control-Allow-Methods: GET,
// PATCH, OPTIONS`, `Access-Control-Allow-Headers: Authorization,
// X-Api-Key, Content-Type`, `Access-Control-Expose-Headers:
// X-Request-Id`, `Access-Control-Max-Age: 86400`"; and public spec 8,
// "Per IP address: 300 requests per window; counts every GET and PATCH
// from that address, before the key is checked", answered 429 with the
// public body once spent.
//
// Before, the document carried only Access-Control-Allow-Origin, and its
// GETs were never counted: an address over its limit, refused 429 on
// /ping, still fetched the document without end.
func TestPublicOpenAPIDocumentIsAPublicAnswer(t *testing.T) {
	const perIP = 4
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.PublicRequestsPerIP, c.PublicRequestsPerAccount = perIP, 100
	}})
	env.NextMinute(t)
	doc := env.Client().Do(t, "GET", "/api/public/v1/openapi.json", nil).Expect(t, http.StatusOK)
	for name, want := range map[string]string{
		"Access-Control-Allow-Origin":   "*",
		"Access-Control-Allow-Methods":  "GET, PATCH, OPTIONS",
		"Access-Control-Allow-Headers":  "Authorization, X-Api-Key, Content-Type",
		"Access-Control-Expose-Headers": "X-Request-Id",
		"Access-Control-Max-Age":        "86400",
	} {
		if got := doc.Header.Get(name); got != want {
			t.Errorf("openapi.json %s: %q, want %q", name, got, want)
		}
	}
	// The document's GET counts against the address: with the first one,
	// perIP requests spend the window.
	for i := 1; i < perIP; i++ {
		env.Client().Do(t, "GET", "/api/public/v1/openapi.json", nil).Expect(t, http.StatusOK)
	}
	limited := env.Client().Do(t, "GET", "/api/public/v1/openapi.json", nil)
	if limited.Status != http.StatusTooManyRequests || string(limited.Body) != `{"error":"Too many requests. Slow down and retry shortly, in the next clock minute."}` {
		t.Fatalf("openapi.json past the address's limit answered %d %s, want 429", limited.Status, limited.Body)
	}
	if cc := limited.Header.Get("Cache-Control"); cc != "" {
		t.Errorf("the 429 carries Cache-Control %q: a cache would keep the refusal", cc)
	}
	if limited.Header.Get("Access-Control-Allow-Origin") != "*" || limited.Header.Get("Retry-After") != "" {
		t.Errorf("the 429's headers: %v", limited.Header)
	}
	env.Advance(t, 60)
	env.Client().Do(t, "GET", "/api/public/v1/openapi.json", nil).Expect(t, http.StatusOK)
}
