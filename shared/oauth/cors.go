package oauth

import "net/http"

// allowCORS lets browser-based clients (an MCP inspector in a web page, a
// single-page app) call the machine endpoints: registration, token and
// revocation. They take no cookies, only what the request carries, so any
// origin may call them.
func allowCORS(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		corsHeaders(w)
		h(w, r)
	}
}

func corsHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type, MCP-Protocol-Version")
	h.Set("Access-Control-Max-Age", "86400")
}

// preflight answers a CORS preflight of a machine endpoint.
func preflight(w http.ResponseWriter, _ *http.Request) {
	corsHeaders(w)
	w.WriteHeader(http.StatusNoContent)
}
