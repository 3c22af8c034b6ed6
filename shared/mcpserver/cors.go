package mcpserver

import "net/http"

// CORS lets browser-based MCP clients call the server: every answer, the
// 401 that starts OAuth discovery included, carries the headers a browser
// needs to read it.
func CORS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		corsHeaders(w)
		next.ServeHTTP(w, r)
	})
}

func corsHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID")
	h.Set("Access-Control-Expose-Headers", "WWW-Authenticate, Mcp-Session-Id, X-Request-Id")
	h.Set("Access-Control-Max-Age", "86400")
}

// Preflight answers a CORS preflight of the MCP address; it needs no
// credential and counts toward no budget.
func Preflight(w http.ResponseWriter, _ *http.Request) {
	corsHeaders(w)
	w.WriteHeader(http.StatusNoContent)
}
