// Package shape is how the public articles API answers, apart from the
// API itself: its error body, its fixed sentences and its CORS policy.
// Every function answers a request under the API's root that no route
// matches (API Gateway sends those to its default route) in this shape,
// without linking the API.
package shape

import (
	"net/http"
	"strings"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/ratelimit"
)

// The public API's fixed sentences (spec 7), and the code of a 402.
const (
	Unauthorized = "Missing or invalid site key. Pass the key as a Bearer header: Authorization: Bearer <SITE_KEY>."
	RateLimited  = "Too many requests. Slow down and retry shortly, in the next clock minute."
	NotFound     = "Article not found"
	Internal     = "Internal error"
	NoEndpoint   = "Not found. The public articles API serves GET /ping, GET /articles, GET /articles/{id} and PATCH /articles/{id}."
	CodeNoPlan   = "subscription_required"
)

// ErrorBody is the public API's error body: "error" always, "code" only
// on 402.
type ErrorBody struct {
	Error string `json:"error"`
	Code  string `json:"code,omitempty"`
}

// CORS is the policy every answer carries, errors included; its Preflight
// answers an OPTIONS request.
var CORS = api.CORS{Methods: "GET, PATCH, OPTIONS", Headers: "Authorization, X-Api-Key, Content-Type", Expose: "X-Request-Id"}

// Fail answers status with the error body of msg.
func Fail(w http.ResponseWriter, status int, msg string) {
	api.JSON(w, status, ErrorBody{Error: msg})
}

// isPublic reports whether path is under the public API's root.
func isPublic(path string) bool {
	return path == routes.PublicBase || strings.HasPrefix(path, routes.PublicBase+"/")
}

// Window is the public API's limits' window: a fixed clock minute.
const Window = time.Minute

// AddressScope is the rate-limit scope of the public API's per-address
// limit: every request from r's address counts in it, before its key is
// checked (public spec 8); an IPv6 address counts as its /64 (see
// ratelimit.Address).
func AddressScope(r *http.Request) string { return "pub#ip#" + ratelimit.Address(api.ClientIP(r)) }

// Unmatched answers requests under the public API's root that match no
// route in the public API's shape (CORS headers, an OPTIONS preflight,
// a 404 with only "error"), and passes every other request to next. Such
// a request counts against its address's limit like any other (public
// spec 8: every GET and PATCH from the address): admit counts it and
// reports whether it is within the limit, else the answer is the 429.
func Unmatched(next http.Handler, admit func(*http.Request) bool) http.Handler {
	noEndpoint := Keyless(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		Fail(w, http.StatusNotFound, NoEndpoint)
	}), admit)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isPublic(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		if r.Method == http.MethodOptions {
			CORS.Preflight(w, r)
			return
		}
		noEndpoint.ServeHTTP(w, r)
	})
}

// Keyless serves a request under the public API's root that takes no site
// key (its OpenAPI document, or a path no route matches) in the public
// API's shape: the CORS headers, and the count against the caller
// address's limit that every GET and PATCH from it takes (public spec 8;
// admit counts it and reports whether it is within the limit), answered
// 429 once the address is over it.
func Keyless(next http.Handler, admit func(*http.Request) bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		CORS.Set(w.Header())
		if !admit(r) {
			Fail(w, http.StatusTooManyRequests, RateLimited)
			return
		}
		next.ServeHTTP(w, r)
	})
}
