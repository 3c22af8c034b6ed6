// Package openapi serves the OpenAPI 3.1 documents of the agent API and
// the public articles API, generated from the endpoint catalog (make
// generate writes them beside this file; a catalog test keeps them
// current). They are embedded as files, so a function serves them without
// linking the catalog or a schema library.
package openapi

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"
	"strconv"
	"sync"
)

var (
	//go:embed agent-api.json
	agentDoc []byte
	//go:embed public-articles-api.json
	publicDoc []byte
)

// Agent answers GET /api/agent/v1/openapi.json.
var Agent = document(agentDoc)

// Public answers GET /api/public/v1/openapi.json.
var Public = document(publicDoc)

// MaxAge is how long, in seconds, clients and caches may keep a document.
const MaxAge = 3600

// document returns the handler of doc: public, cacheable for an hour
// (with an ETag, so a revalidation costs no body), readable from
// browser-based clients, like the OAuth discovery documents. Its ETag is
// computed at the first request.
func document(doc []byte) http.HandlerFunc {
	etag := sync.OnceValue(func() string {
		sum := sha256.Sum256(doc)
		return `"` + hex.EncodeToString(sum[:8]) + `"`
	})
	return func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "public, max-age="+strconv.Itoa(MaxAge))
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("ETag", etag())
		if r.Header.Get("If-None-Match") == etag() {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", strconv.Itoa(len(doc)))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(doc)
	}
}
