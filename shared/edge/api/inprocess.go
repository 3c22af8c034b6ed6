package api

import (
	"context"
	"net/http"
)

type inProcessKey struct{}

// WithInProcess marks ctx as serving an agent-API request that the MCP
// server makes in-process for a tool call.
func WithInProcess(ctx context.Context) context.Context {
	return context.WithValue(ctx, inProcessKey{}, true)
}

// InProcess reports whether ctx serves an agent-API request that the MCP
// server made in-process for a tool call.
func InProcess(ctx context.Context) bool {
	v, _ := ctx.Value(inProcessKey{}).(bool)
	return v
}

// SkipInProcess returns mw bypassed for the requests the MCP server makes
// in-process. The request budget wraps in it: the MCP request that carried
// a tool call was counted already, so the call counts once.
func SkipInProcess(mw func(http.Handler) http.Handler) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		wrapped := mw(h)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if InProcess(r.Context()) {
				h.ServeHTTP(w, r)
				return
			}
			wrapped.ServeHTTP(w, r)
		})
	}
}
