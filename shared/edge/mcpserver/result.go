package mcpserver

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/api"
)

// recorder keeps the agent API's answer to a tool call's request.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newRecorder() *recorder { return &recorder{header: http.Header{}} }

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(b)
}

// result turns the agent API's answer into the tool's result. A 2xx
// answer is the result as it is: its JSON as text and as structured
// content. Any other answer is a tool error whose structured content is
// the API's error body plus status (and retry_after when the API asked to
// wait). _meta carries http_status, and idempotent_replayed when a stored
// answer was replayed.
func (r *recorder) result() *mcp.CallToolResult {
	status := r.status
	if status == 0 {
		status = http.StatusOK
	}
	meta := mcp.Meta{"http_status": status}
	if r.header.Get("Idempotent-Replayed") == "true" {
		meta["idempotent_replayed"] = true
	}
	body := r.body.Bytes()
	if status < 300 {
		res := &mcp.CallToolResult{Meta: meta, Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}}
		if isObject(body) {
			res.StructuredContent = json.RawMessage(body)
		}
		return res
	}
	return errorResult(meta, r.errorFields())
}

// errorFields returns a refusal of the API as a tool error or a JSON-RPC
// error carries it: the API's error body plus status, and retry_after in
// seconds when the API asked to wait.
func (r *recorder) errorFields() map[string]any {
	body := r.body.Bytes()
	fields := map[string]any{}
	if !isObject(body) || json.Unmarshal(body, &fields) != nil {
		fields = map[string]any{"error": string(body)}
	}
	fields["status"] = r.status
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err == nil {
		fields["retry_after"] = s
	}
	return fields
}

// rpcError returns a refusal of the API, answering a method that is not a
// tool call (the read of a resource), as the JSON-RPC error the MCP
// address answers the API's refusals with (see apiRefusals): code -32000,
// the API's sentence as the message and errorFields as data.
func (r *recorder) rpcError() error {
	fields := r.errorFields()
	data, err := api.Marshal(fields)
	if err != nil {
		return err
	}
	message, _ := fields["error"].(string)
	return &jsonrpc.Error{Code: codeRefused, Message: message, Data: data}
}

// errorResult is a tool error carrying fields as text and structured
// content.
func errorResult(meta mcp.Meta, fields map[string]any) *mcp.CallToolResult {
	text, err := api.Marshal(fields)
	if err != nil {
		text = []byte(`{"error":"Something went wrong on our side. Retry with backoff.","code":"internal_error","status":500}`)
	}
	return &mcp.CallToolResult{
		Meta:              meta,
		IsError:           true,
		Content:           []mcp.Content{&mcp.TextContent{Text: string(text)}},
		StructuredContent: json.RawMessage(text),
	}
}

// isObject reports whether b is a JSON object.
func isObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 0 && b[0] == '{' && json.Valid(b)
}
