package mcpserver

import (
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/feature/idempotency"
)

// Tool is the MCP tool of one agent-API operation of the endpoint
// catalog: its name, description, input and output schemas come from the
// operation.
type Tool struct {
	Op    catalog.Operation
	query map[string]bool
}

// IdempotencyArgument is the tool argument sent as the Idempotency-Key
// header of a POST.
const IdempotencyArgument = "idempotency_key"

// Tools returns the tool of every agent-API operation that takes a
// credential, in catalog order.
func Tools() []Tool {
	var out []Tool
	for _, o := range catalog.Tools() {
		out = append(out, toolOf(o))
	}
	return out
}

// ToolsNamed returns the tools named, in catalog order.
func ToolsNamed(names ...string) []Tool {
	var out []Tool
	for _, t := range Tools() {
		for _, n := range names {
			if t.Op.ID == n {
				out = append(out, t)
			}
		}
	}
	return out
}

func toolOf(o catalog.Operation) Tool {
	t := Tool{Op: o, query: map[string]bool{}}
	for _, f := range o.Query {
		t.query[f.Name] = true
	}
	return t
}

// Name is the tool's name: the operation's id.
func (t Tool) Name() string { return t.Op.ID }

// sendsBody reports whether arguments of a method's tool go in the body.
func sendsBody(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch || method == http.MethodPut
}

// InputSchema returns the tool's input schema: path parameters (required
// strings of their kind), query parameters (a comma-separated one also as
// an array), body fields and, for a POST, the idempotency key, flat, with
// the operation's limits.
func (t Tool) InputSchema() map[string]any {
	props := map[string]any{}
	var required []any
	add := func(name string, schema map[string]any, req bool) {
		props[name] = schema
		if req {
			required = append(required, name)
		}
	}
	for _, p := range t.Op.Params() {
		add(p.Name, p.Schema().JSON(nil), true)
	}
	for _, f := range t.Op.Query {
		s := f.Schema.JSON(nil)
		if f.Comma {
			s = map[string]any{"description": f.Schema.Description, "anyOf": []any{s, map[string]any{"type": "string", "description": "comma-separated"}}}
		}
		add(f.Name, s, f.Required)
	}
	for _, f := range t.Op.Body {
		add(f.Name, f.Schema.JSON(nil), f.Required)
	}
	if t.Op.Method == http.MethodPost {
		add(IdempotencyArgument, map[string]any{
			"type": "string", "minLength": 1, "maxLength": idempotency.MaxKeyLength,
			"description": "Sent as the Idempotency-Key header: the same key with the same input within 24 hours replays the first answer instead of running again. Use it on calls that spend credits or money.",
		}, false)
	}
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// OutputSchema returns the schema of the tool's successful result: the
// operation's answer, its named shapes in $defs. A failed call's result is
// a tool error with the API's error body instead.
func (t Tool) OutputSchema() map[string]any {
	refs := catalog.NewRefs("#/$defs/")
	s := t.Op.Response.JSON(refs)
	if defs := refs.Defs(); len(defs) > 0 {
		s["$defs"] = defs
	}
	return s
}

// Definition returns the tool as MCP lists it.
func (t Tool) Definition() *mcp.Tool {
	m := t.Op.Method
	yes, no := true, false
	ann := &mcp.ToolAnnotations{
		Title:          title(t.Op.ID),
		ReadOnlyHint:   m == http.MethodGet,
		IdempotentHint: m != http.MethodPost,
	}
	switch m {
	case http.MethodGet:
	case http.MethodDelete, http.MethodPatch, http.MethodPut:
		ann.DestructiveHint = &yes
	default:
		ann.DestructiveHint = &no
	}
	return &mcp.Tool{
		Name:         t.Op.ID,
		Title:        ann.Title,
		Description:  t.Op.Description + " (" + t.Op.Key() + ")",
		InputSchema:  t.InputSchema(),
		OutputSchema: t.OutputSchema(),
		Annotations:  ann,
	}
}

// title turns a tool name into a short human title ("get_account" → "Get
// account").
func title(name string) string {
	s := strings.ReplaceAll(name, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
