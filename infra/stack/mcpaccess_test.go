package stack_test

import (
	"testing"

	"rvcontent/infra/stack"
	"rvcontent/shared/edge/routes"
)

// The MCP function may do whatever a group serving agent-API routes may:
// its tool calls run those groups' handlers.
func TestMCPAccessCoversTheAgentGroups(t *testing.T) {
	mcp := stack.GroupAccess(routes.MCP)
	for _, r := range routes.Table {
		if r.Auth != routes.Agent || r.Group == routes.MCP {
			continue
		}
		g := stack.GroupAccess(r.Group)
		if (g.SendJobs && !mcp.SendJobs) || (g.SendDeliveries && !mcp.SendDeliveries) || (g.SendMail && !mcp.SendMail) ||
			(g.Payments && !mcp.Payments) || (g.RunsModel && !mcp.RunsModel) {
			t.Errorf("group %s may do %+v; the MCP function only %+v", r.Group, g, mcp)
		}
	}
	if !mcp.SendMail || !mcp.SendJobs || !mcp.Payments {
		t.Errorf("MCP access %+v: agent keys email the owner, scans start jobs, Studio sites charge", mcp)
	}
}
