package api

import "net/http"

// NoStore has every answer of h say that no cache may keep it
// (Cache-Control: no-store, RFC 9111 5.2.2.5): the agent API's and the MCP
// server's answers belong to one account, and some show a secret once (a
// new agent key, a site key, a webhook's signing secret, a claim link).
// The header is set as the answer is written, over what h set, so a
// library's weaker "no-cache" (the MCP transport's) does not let a cache
// keep it.
func NoStore(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&noStoreWriter{ResponseWriter: w}, r)
	})
}

// noStoreWriter sets Cache-Control: no-store when its answer's header is
// written.
type noStoreWriter struct {
	http.ResponseWriter
	marked bool
}

func (n *noStoreWriter) mark() {
	if !n.marked {
		n.marked = true
		n.Header().Set("Cache-Control", "no-store")
	}
}

// WriteHeader marks the answer, then writes its header.
func (n *noStoreWriter) WriteHeader(code int) {
	n.mark()
	n.ResponseWriter.WriteHeader(code)
}

// Write marks an answer written without WriteHeader, then writes b.
func (n *noStoreWriter) Write(b []byte) (int, error) {
	n.mark()
	return n.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the writer underneath.
func (n *noStoreWriter) Unwrap() http.ResponseWriter { return n.ResponseWriter }
