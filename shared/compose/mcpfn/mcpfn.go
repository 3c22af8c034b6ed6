// Package mcpfn composes the MCP function: the MCP server, one tool per
// agent-API operation of the endpoint catalog. A tool call runs its
// endpoint in the endpoint's own function, invoked directly with the
// caller's principal (gateway.Remote),
// so the MCP function links the MCP server and the credential check, not
// the whole agent API. It is its own package because only this function
// links the MCP SDK.
package mcpfn

import (
	"net/http"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/mcpserver"
	"rvcontent/shared/edge/routes"
)

// Version is the MCP server's version announced at initialization.
const Version = "1.0.0"

// HTTP returns the MCP group's handler; inv runs the agent-API groups'
// functions.
func HTTP(g *compose.Graph, inv gateway.Invoker) http.Handler {
	return compose.Group(g, routes.MCP, Handlers(inv, compose.Seal(g)), mcpserver.Own)
}

// Handlers returns the MCP routes' handlers by route key; seal signs the
// principal of each tool call's request.
func Handlers(inv gateway.Invoker, seal *gateway.Seal) map[string]http.HandlerFunc {
	groups := map[routes.Group]http.Handler{}
	for _, group := range routes.AgentGroups() {
		groups[group] = gateway.Remote(inv, seal, group)
	}
	srv := mcpserver.New(mcpserver.Options{Handler: func(group routes.Group) http.Handler { return groups[group] }, Version: Version})
	hs := map[string]http.HandlerFunc{"OPTIONS " + routes.MCPPath: mcpserver.Preflight}
	for _, r := range routes.ForGroup(routes.MCP) {
		if r.Method != "OPTIONS" {
			hs[r.Key()] = srv.ServeHTTP
		}
	}
	return hs
}
