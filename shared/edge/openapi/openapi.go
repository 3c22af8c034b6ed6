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
	"strings"
	"sync"
)

var (
	//go:embed agent-api.json
	agentDoc []byte
	//go:embed public-articles-api.json
	publicDoc []byte
)

// Agent answers GET /api/agent/v1/openapi.json. Nothing refers to a
// document before its handler runs, so only a function that binds the
// handler links the document.
func Agent(w http.ResponseWriter, r *http.Request) { agent.serve(w, r, agentDoc) }

// Public answers GET /api/public/v1/openapi.json.
func Public(w http.ResponseWriter, r *http.Request) { public.serve(w, r, publicDoc) }

var agent, public served

// MaxAge is how long, in seconds, clients and caches may keep a document.
const MaxAge = 3600

// served is a served document's ETag, computed at its first request.
type served struct {
	once sync.Once
	etag string
}

// serve answers with doc: public, cacheable for an hour (with an ETag, so
// a revalidation costs no body), readable from browser-based clients, like
// the OAuth discovery documents.
func (s *served) serve(w http.ResponseWriter, r *http.Request, doc []byte) {
	s.once.Do(func() {
		sum := sha256.Sum256(doc)
		s.etag = `"` + hex.EncodeToString(sum[:8]) + `"`
	})
	h := w.Header()
	h.Set("Cache-Control", "public, max-age="+strconv.Itoa(MaxAge))
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("ETag", s.etag)
	if noneMatch(r.Header.Values("If-None-Match"), s.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(doc)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(doc)
}

// noneMatch reports whether If-None-Match values name etag, as RFC 9110
// (13.1.2) compares them: "*", or a comma-separated list of entity tags
// compared weakly (W/"x" matches "x": a cache or proxy that compressed
// the document may have weakened the tag it hands back).
func noneMatch(values []string, etag string) bool {
	for _, v := range values {
		for _, tag := range strings.Split(v, ",") {
			tag = strings.TrimSpace(tag)
			if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
				return true
			}
		}
	}
	return false
}
