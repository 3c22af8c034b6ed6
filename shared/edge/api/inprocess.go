package api

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/gateway"
)

// Internal reports whether ctx serves an internal request: one another
// function of this service made for a caller it had already authenticated
// and counted (an MCP tool call, a dashboard page), see gateway.Remote.
func Internal(ctx context.Context) bool {
	_, ok := gateway.InternalPrincipal(ctx)
	return ok
}

// SkipInternal returns mw bypassed for internal requests. The request
// budget wraps in it: the request that carried a tool call was counted
// already, so the call counts once.
func SkipInternal(mw func(http.Handler) http.Handler) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		wrapped := mw(h)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if Internal(r.Context()) {
				h.ServeHTTP(w, r)
				return
			}
			wrapped.ServeHTTP(w, r)
		})
	}
}
