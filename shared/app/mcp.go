package app

// wireMCP wires the MCP server.
func (a *App) wireMCP() {}
