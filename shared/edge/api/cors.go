package api

import "net/http"

// CORS is the cross-origin policy of endpoints that take no cookies, only
// what the request carries, so any origin may call them and browser-based
// clients (an MCP client in a web page, a single-page app) can read every
// answer, errors included.
type CORS struct {
	// Methods, Headers and Expose are the comma-separated values of
	// Access-Control-Allow-Methods, Access-Control-Allow-Headers and
	// Access-Control-Expose-Headers (none sent when Expose is empty).
	Methods, Headers, Expose string
}

// Set puts the policy's headers on h; a browser may keep a preflight's
// answer for a day.
func (c CORS) Set(h http.Header) {
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", c.Methods)
	h.Set("Access-Control-Allow-Headers", c.Headers)
	if c.Expose != "" {
		h.Set("Access-Control-Expose-Headers", c.Expose)
	}
	h.Set("Access-Control-Max-Age", "86400")
}

// Wrap returns next with the policy's headers on its answers.
func (c CORS) Wrap(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c.Set(w.Header())
		next(w, r)
	}
}

// Preflight answers an OPTIONS preflight: 204 with the policy's headers.
func (c CORS) Preflight(w http.ResponseWriter, _ *http.Request) {
	c.Set(w.Header())
	w.WriteHeader(http.StatusNoContent)
}
