package catalog

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"strings"

	"rvcontent/shared/feature/idempotency"
)

// MCPFile is the generated bundle the MCP function embeds, relative to the
// repository's root: every tool's definition and the two OpenAPI
// documents, gzipped, so the function carries the catalog's results
// without linking the catalog.
const MCPFile = "shared/edge/mcpserver/catalog.json.gz"

// IdempotencyArgument is the tool argument sent as the Idempotency-Key
// header of a POST.
const IdempotencyArgument = "idempotency_key"

// MCPBundle is what MCPFile holds. The tools come first: the MCP function
// reads them without decoding (or even decompressing) the documents after
// them.
type MCPBundle struct {
	// Tools are the tool definitions as MCP lists them (name, title,
	// description, inputSchema, outputSchema, annotations), in catalog
	// order.
	Tools []map[string]any `json:"tools"`
	// Documents are the OpenAPI documents by API: "agent" and "public".
	Documents map[string]string `json:"documents"`
}

// Bundle returns the MCP bundle.
func Bundle() (MCPBundle, error) {
	b := MCPBundle{Documents: map[string]string{}}
	for _, o := range Tools() {
		b.Tools = append(b.Tools, o.ToolDefinition())
	}
	for name, api := range map[string]API{"agent": AgentAPI, "public": PublicAPI} {
		doc, err := OpenAPI(api)
		if err != nil {
			return b, err
		}
		b.Documents[name] = string(doc)
	}
	return b, nil
}

// BundleFile returns MCPFile's content: the bundle as JSON, gzipped.
func BundleFile() ([]byte, error) {
	b, err := Bundle()
	if err != nil {
		return nil, err
	}
	js, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	w, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(js); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// ToolDefinition returns o's MCP tool as JSON values: its name (the
// operation's ID), title, description (naming the endpoint), input and
// output schemas, and annotations from its method.
func (o Operation) ToolDefinition() map[string]any {
	m := o.Method
	ann := map[string]any{
		"title":          toolTitle(o.ID),
		"readOnlyHint":   m == http.MethodGet,
		"idempotentHint": m != http.MethodPost,
	}
	switch m {
	case http.MethodGet:
	case http.MethodPost:
		ann["destructiveHint"] = false
	default:
		ann["destructiveHint"] = true
	}
	return map[string]any{
		"name":         o.ID,
		"title":        ann["title"],
		"description":  o.FullDescription() + " (" + o.Key() + ")",
		"inputSchema":  o.ToolInputSchema(),
		"outputSchema": o.ToolOutputSchema(),
		"annotations":  ann,
	}
}

// ToolInputSchema is the tool's input: path parameters (required strings
// of their kind), query parameters (a comma-separated one also as an
// array), body fields and, for a POST, the idempotency key, side by side,
// with the operation's limits. A tool sends every argument of a GET or
// DELETE as a query parameter, and every other one in the body.
func (o Operation) ToolInputSchema() map[string]any {
	props := map[string]any{}
	var required []any
	add := func(name string, schema map[string]any, req bool) {
		props[name] = schema
		if req {
			required = append(required, name)
		}
	}
	for _, p := range o.Params() {
		add(p.Name, p.Schema().JSON(nil), true)
	}
	for _, f := range o.Query {
		s := f.Schema.JSON(nil)
		if f.Comma {
			s = map[string]any{"description": f.Schema.Description, "anyOf": []any{s, map[string]any{"type": "string", "description": "The values comma-separated."}}}
		}
		add(f.Name, s, f.Required)
	}
	for _, p := range o.BodySchema().Props {
		add(p.Name, p.Schema.JSON(nil), p.Required)
	}
	if Keyed(o.Method) {
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

// ToolOutputSchema is the schema of the tool's successful result: the
// operation's answer, its named shapes in $defs. A failed call's result is
// a tool error carrying the API's error body instead.
func (o Operation) ToolOutputSchema() map[string]any {
	refs := NewRefs("#/$defs/")
	s := o.Response.body(refs) // the root itself, even when it is a named shape
	if defs := refs.Defs(); len(defs) > 0 {
		s["$defs"] = defs
	}
	return s
}

// toolTitle turns a tool name into a short human title ("get_account" →
// "Get account").
func toolTitle(name string) string { return capitalize(strings.ReplaceAll(name, "_", " ")) }
