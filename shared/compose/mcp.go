package compose

import (
	"net/http"
	"sync"

	"rvcontent/shared/edge/mcpserver"
	"rvcontent/shared/edge/routes"
)

// MCPVersion is the MCP server's version announced at initialization.
const MCPVersion = "1.0.0"

// wireMCP wires the MCP server (spec 5) at routes.MCPPath: one tool per
// agent-API route of the table, each call served in-process by its
// group's handler (a.HTTP), built once at the first call so every feature
// has registered its handlers by then.
func (a *App) wireMCP() {
	var (
		once   sync.Once
		groups map[routes.Group]http.Handler
	)
	handler := func(g routes.Group) http.Handler {
		once.Do(func() {
			groups = map[routes.Group]http.Handler{}
			for _, r := range routes.Table {
				if r.Auth == routes.Agent && r.Group != routes.MCP && groups[r.Group] == nil {
					groups[r.Group] = a.HTTP(r.Group)
				}
			}
		})
		return groups[g]
	}
	srv := mcpserver.New(mcpserver.Options{Routes: routes.Table, Handler: handler, Version: MCPVersion})
	h := map[string]handlerFunc{}
	for _, r := range routes.ForGroup(routes.MCP) {
		h[r.Key()] = srv.ServeHTTP
	}
	h["OPTIONS "+routes.MCPPath] = mcpserver.Preflight
	a.register(h)
}
