package mcpserver

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"

	"rvcontent/shared/edge/api"
)

// codeRefused is the JSON-RPC error code (of the range JSON-RPC leaves to
// servers) of an agent-API refusal answered on the MCP address.
const codeRefused = -32000

// apiRefusals answers, as a JSON-RPC error, an agent-API refusal that the
// MCP address's chain writes before the server reads the message (the
// account's budget: 429 with Retry-After; 503 when a part of the service
// cannot be reached): same status and headers, the message's id, code
// -32000, the API's sentence as the message and its error body in data
// with status and retry_after, so every answer to a POST of a message is
// JSON-RPC. The 401 of a refused credential (with its WWW-Authenticate,
// as MCP's authorization wants it) and the 413 of an oversized body stay
// the API's.
func apiRefusals(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		b, err := io.ReadAll(io.LimitReader(r.Body, api.MaxBody+1))
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(b), r.Body))
		if err != nil || len(b) > api.MaxBody {
			next.ServeHTTP(w, r)
			return
		}
		rw := &refusals{ResponseWriter: w, id: idOf(b)}
		next.ServeHTTP(rw, r)
		rw.finish()
	})
}

// refusals holds an error answer of the API's shape and rewrites it
// (finish); other answers pass.
type refusals struct {
	http.ResponseWriter
	id     json.RawMessage
	status int
	held   bool
	body   bytes.Buffer
}

// WriteHeader holds an error answer that is not the credential's 401 or
// the body's 413.
func (e *refusals) WriteHeader(status int) {
	if status >= 400 && status != http.StatusUnauthorized && status != http.StatusRequestEntityTooLarge {
		e.status, e.held = status, true
		return
	}
	e.ResponseWriter.WriteHeader(status)
}

func (e *refusals) Write(b []byte) (int, error) {
	if e.held {
		return e.body.Write(b)
	}
	return e.ResponseWriter.Write(b)
}

// finish writes a held answer: an API error body as a JSON-RPC error, any
// other (already JSON-RPC) as it was.
func (e *refusals) finish() {
	if !e.held {
		return
	}
	var refusal map[string]any
	if json.Unmarshal(e.body.Bytes(), &refusal) != nil || refusal["jsonrpc"] != nil || refusal["code"] == nil {
		e.ResponseWriter.WriteHeader(e.status)
		_, _ = e.ResponseWriter.Write(e.body.Bytes())
		return
	}
	refusal["status"] = e.status
	if s, err := strconv.Atoi(e.Header().Get("Retry-After")); err == nil {
		refusal["retry_after"] = s
	}
	id := e.id
	if len(id) == 0 || !exactID(id) {
		id = json.RawMessage("null")
	}
	message, _ := refusal["error"].(string)
	api.JSON(e.ResponseWriter, e.status, map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{
		"code": codeRefused, "message": message, "data": refusal,
	}})
}
