package mcpserver

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"

	"rvcontent/shared/edge/api"
)

// JSON-RPC 2.0's error codes for a request it cannot take.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
)

// rpcError writes a JSON-RPC error answering the request with id (null
// when unknown) with status.
func rpcError(w http.ResponseWriter, status int, id json.RawMessage, code int, message string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	api.JSON(w, status, map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
}

// idOf returns the id of the JSON-RPC message in body, or nil.
func idOf(body []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &m) != nil {
		return nil
	}
	return m.ID
}

// rpcErrors passes the MCP transport's answers to a POST of body through,
// but holds a refusal it writes as plain text (a body that is not JSON, an
// unsupported Content-Type, a message that is not JSON-RPC 2.0, a method
// it does not handle) and writes it as a JSON-RPC error with the same
// status and the message's id (finish): a client reads every answer of the
// MCP address as JSON. The body is looked at only then.
type rpcErrors struct {
	http.ResponseWriter
	body   []byte
	status int
	held   bool
	text   bytes.Buffer
}

func (e *rpcErrors) WriteHeader(status int) {
	if status >= 400 && strings.HasPrefix(e.Header().Get("Content-Type"), "text/plain") {
		e.status, e.held = status, true
		return
	}
	e.ResponseWriter.WriteHeader(status)
}

func (e *rpcErrors) Write(b []byte) (int, error) {
	if e.held {
		return e.text.Write(b)
	}
	return e.ResponseWriter.Write(b)
}

// finish writes a held refusal as a JSON-RPC error.
func (e *rpcErrors) finish() {
	if !e.held {
		return
	}
	e.Header().Del("X-Content-Type-Options")
	if !json.Valid(e.body) {
		rpcError(e.ResponseWriter, e.status, nil, codeParseError, "Parse error: the request body is not JSON. Send one JSON-RPC 2.0 message as JSON.")
		return
	}
	text := strings.TrimSpace(e.text.String())
	code := codeInvalidRequest
	if strings.Contains(text, "not handled") {
		code = codeMethodNotFound
	}
	rpcError(e.ResponseWriter, e.status, idOf(e.body), code, "Invalid request: "+text+".")
}
