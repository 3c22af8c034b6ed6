package mcpserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
)

// Own is the MCP address's own middleware, outside the credential check:
// the CORS headers on every answer, an agent-API refusal of the chain (the
// budget's 429) answered as a JSON-RPC error (apiRefusals), and the rule
// that tells the check which messages only read (ReadsOnly), so that one
// with a credential the function accepted before runs beside its check.
func Own(next http.Handler) http.Handler {
	return CORS(apiRefusals(api.ReadOnly(ReadsOnly)(next)))
}

// readingMethods are the MCP methods that change nothing: the lists, the
// resources and prompts (a resource of the account is read with a GET),
// the handshake (initialize, or server/discover from protocol version
// 2026-07-28 on) and ping. A tool call reads when its tool stands for a GET.
var readingMethods = map[string]bool{
	"initialize": true, "server/discover": true, "ping": true,
	"tools/list": true, "resources/list": true, "resources/templates/list": true, "resources/read": true,
	"prompts/list": true, "prompts/get": true,
}

// readingTools names the tools whose operation is a GET.
var readingTools = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, r := range routes.Table {
		if r.Op != "" && r.Method == http.MethodGet {
			out[r.Op] = true
		}
	}
	return out
})

// ReadsOnly reports whether r, a request to the MCP address, only reads:
// a safe method, or a POST of one JSON-RPC message that is a notification,
// a reading method, or a call of a tool standing for a GET. A body it reads
// is left to be read again; a body over the API's limit is never taken for
// a read.
func ReadsOnly(r *http.Request) bool {
	if api.Safe(r.Method) {
		return true
	}
	if r.Method != http.MethodPost || r.Body == nil {
		return false
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, api.MaxBody+1))
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(b), r.Body))
	if err != nil || len(b) > api.MaxBody {
		return false
	}
	// The message is read as the MCP SDK reads it: member names match
	// exactly, and of a repeated name the last counts. A struct would
	// also take "Method" or "Name" for its fields, which the SDK ignores,
	// so a write could pass for a read and run before its credential is
	// checked (see api.Authenticate).
	var msg map[string]json.RawMessage
	if json.Unmarshal(b, &msg) != nil {
		return false // a batch, or not JSON-RPC: the SDK refuses it after the check
	}
	method, ok := member(msg, "method")
	switch {
	case !ok:
		return false
	case method == "tools/call":
		var params map[string]json.RawMessage
		if json.Unmarshal(msg["params"], &params) != nil {
			return false
		}
		name, ok := member(params, "name")
		return ok && readingTools()[name]
	case strings.HasPrefix(method, "notifications/"):
		return true
	default:
		return readingMethods[method]
	}
}

// member returns the string value of object member name, matched exactly;
// false when it is missing or not a string.
func member(object map[string]json.RawMessage, name string) (string, bool) {
	var s string
	raw, ok := object[name]
	if !ok || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}
