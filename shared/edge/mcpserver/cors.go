package mcpserver

import (
	"net/http"

	"rvcontent/shared/edge/api"
)

// corsPolicy lets browser-based MCP clients call the server: every answer,
// the 401 that starts OAuth discovery included, carries the headers a
// browser needs to read it.
var corsPolicy = api.CORS{
	Methods: "GET, POST, DELETE, OPTIONS",
	// Mcp-Method and Mcp-Name: from protocol version 2026-07-28 on, a
	// client names each message's method (and its tool, prompt or
	// resource) in these headers; no tool declares an x-mcp-header
	// argument, so no Mcp-Param-* header is ever sent.
	Headers: "Authorization, Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID",
	// Retry-After: a browser client can read how long a 429 or 503 asks
	// it to wait (data.retry_after says it too).
	Expose: "WWW-Authenticate, Mcp-Session-Id, X-Request-Id, Retry-After",
}

// CORS puts the MCP address's CORS headers on every answer of next.
func CORS(next http.Handler) http.Handler { return corsPolicy.Wrap(next.ServeHTTP) }

// Preflight answers a CORS preflight of the MCP address; it needs no
// credential and counts toward no budget.
func Preflight(w http.ResponseWriter, r *http.Request) { corsPolicy.Preflight(w, r) }
