// Package mcpfn composes the MCP function: the MCP server, one tool per
// agent-API route, each call served in-process by its group's handler. It
// is its own package because only this function links the MCP SDK.
package mcpfn

import (
	"net/http"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/mcpserver"
	"rvcontent/shared/edge/routes"
)

// Version is the MCP server's version announced at initialization.
const Version = "1.0.0"

// HTTP returns the MCP group's handler.
func HTTP(g *compose.Graph) http.Handler {
	return compose.Group(g, routes.MCP, Handlers(g), mcpserver.CORS)
}

// Handlers returns the MCP routes' handlers by route key. Every agent-API
// group's handler is composed first, on the same graph.
func Handlers(g *compose.Graph) map[string]http.HandlerFunc {
	groups := map[routes.Group]http.Handler{}
	for _, r := range routes.Table {
		if r.Auth == routes.Agent && r.Group != routes.MCP && groups[r.Group] == nil {
			groups[r.Group] = compose.HTTP(g, r.Group)
		}
	}
	srv := mcpserver.New(mcpserver.Options{Routes: routes.Table, Handler: func(group routes.Group) http.Handler { return groups[group] }, Version: Version})
	hs := map[string]http.HandlerFunc{"OPTIONS " + routes.MCPPath: mcpserver.Preflight}
	for _, r := range routes.ForGroup(routes.MCP) {
		if r.Method != "OPTIONS" {
			hs[r.Key()] = srv.ServeHTTP
		}
	}
	return hs
}
