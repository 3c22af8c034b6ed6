// Package apipath holds the fixed paths, under the service's base URL, where
// the spec puts its interfaces. The route table builds every route on them;
// OAuth names two of them as the resources its tokens are issued for.
package apipath

// The interfaces' roots.
const (
	// Agent is the agent API's root (agent-api.md).
	Agent = "/api/agent/v1"
	// Public is the public articles API's root (public-articles-api.md).
	Public = "/api/public/v1"
	// MCP is the MCP server's address.
	MCP = "/mcp"
	// Dashboard is the owner's dashboard, the root of the pages a signed-in
	// owner opens (DASHBOARD_URL is BASE_URL + Dashboard by default).
	Dashboard = "/dashboard"
)
