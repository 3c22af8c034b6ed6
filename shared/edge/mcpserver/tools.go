package mcpserver

import (
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/routes"
)

// Tool is the MCP tool of one agent-API operation of the endpoint
// catalog: its route (from the route table) and its definition (from the
// catalog bundle), both named by the operation.
type Tool struct {
	Route routes.Route
	Def   *mcp.Tool
}

// IdempotencyArgument is the tool argument sent as the Idempotency-Key
// header of a POST.
const IdempotencyArgument = "idempotency_key"

// Tools returns every tool of the catalog bundle, in catalog order, each
// with the route of the same operation.
func Tools() []Tool {
	byOp := map[string]routes.Route{}
	for _, r := range routes.Table {
		if r.Op != "" {
			byOp[r.Op] = r
		}
	}
	var out []Tool
	for _, def := range must(loadTools()) {
		r, ok := byOp[def.Name]
		if !ok {
			panic("mcpserver: tool " + def.Name + " has no route: run make generate")
		}
		out = append(out, Tool{Route: r, Def: def})
	}
	return out
}

// ToolsNamed returns the tools named, in catalog order.
func ToolsNamed(names ...string) []Tool {
	var out []Tool
	for _, t := range Tools() {
		for _, n := range names {
			if t.Def.Name == n {
				out = append(out, t)
			}
		}
	}
	return out
}

// Name is the tool's name: the operation's id.
func (t Tool) Name() string { return t.Def.Name }

// sendsBody reports whether arguments of a method's tool go in the body:
// every argument of a POST or PATCH but the path parameters and the
// idempotency key; of a GET or DELETE, every one goes in the query.
func sendsBody(method string) bool {
	return method == http.MethodPost || method == http.MethodPatch || method == http.MethodPut
}
