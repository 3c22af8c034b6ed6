package mcpserver

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/routes"
)

// Tool is the MCP tool of one agent-API route.
type Tool struct {
	Route routes.Route
	Spec  Spec
	// Described reports whether the catalog describes the route; a route
	// without a spec gets a generated name and description.
	Described bool
	query     map[string]bool
}

// Tools returns the tool of every route of table that takes an agent
// credential, except the MCP server's own, in table order.
func Tools(table []routes.Route) []Tool {
	specs := map[string]Spec{}
	taken := map[string]bool{}
	for _, s := range Catalog() {
		specs[s.Key()] = s
		taken[s.Name] = true
	}
	var out []Tool
	for _, r := range table {
		if r.Auth != routes.Agent || r.Group == routes.MCP {
			continue
		}
		s, ok := specs[r.Key()]
		if !ok {
			s = fallbackSpec(r, taken)
			taken[s.Name] = true
		}
		t := Tool{Route: r, Spec: s, Described: ok, query: map[string]bool{}}
		for _, f := range s.Query {
			t.query[f.Name] = true
		}
		out = append(out, t)
	}
	return out
}

// fallbackSpec names and describes a route the catalog does not know yet,
// so routes added to the table are tools at once.
func fallbackSpec(r routes.Route, taken map[string]bool) Spec {
	parts := []string{strings.ToLower(r.Method)}
	for _, seg := range strings.Split(strings.TrimPrefix(r.Path, routes.AgentBase), "/") {
		if seg != "" && !strings.HasPrefix(seg, "{") {
			parts = append(parts, strings.ReplaceAll(seg, "-", "_"))
		}
	}
	name := strings.Join(parts, "_")
	for i := 2; taken[name]; i++ {
		name = fmt.Sprintf("%s_%d", strings.Join(parts, "_"), i)
	}
	where := "query parameters"
	if sendsBody(r.Method) {
		where = "body fields"
	}
	return Spec{
		Method: r.Method, Path: strings.TrimPrefix(r.Path, routes.AgentBase), Name: name,
		Description: fmt.Sprintf("Calls %s %s of the agent API; arguments other than the path parameters are sent as %s.", r.Method, r.Path, where),
	}
}

// sendsBody reports whether arguments of a method's tool go in the body.
func sendsBody(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch || method == http.MethodPut
}

// InputSchema returns the tool's input schema: path parameters (required
// strings), query parameters, body fields and, for a POST, the
// idempotency key.
func (t Tool) InputSchema() *jsonschema.Schema {
	var fields []Field
	for _, p := range t.Route.Params() {
		fields = append(fields, pathParam(p))
	}
	fields = append(fields, t.Spec.Query...)
	fields = append(fields, t.Spec.Body...)
	if t.Route.Method == http.MethodPost {
		fields = append(fields, idempotencyField())
	}
	return objectSchema(fields)
}

// Definition returns the tool as MCP lists it.
func (t Tool) Definition() *mcp.Tool {
	m := t.Route.Method
	yes, no := true, false
	ann := &mcp.ToolAnnotations{
		Title:          title(t.Spec.Name),
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
		Name:        t.Spec.Name,
		Title:       ann.Title,
		Description: t.Spec.Description + " (" + t.Route.Method + " " + t.Route.Path + ")",
		InputSchema: t.InputSchema(),
		Annotations: ann,
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
