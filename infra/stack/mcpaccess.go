package stack

import "rvcontent/shared/edge/routes"

// agentGroupsAccess is the access of a function that does what the agent
// API does (the MCP server, whose tool calls run each route's handler in
// the function, and the dashboard): a, its own, plus that of every group
// serving agent-API routes.
func agentGroupsAccess(a Access) Access {
	for _, r := range routes.Table {
		if r.Auth != routes.Agent || r.Group == routes.MCP {
			continue
		}
		g := groupAccess[r.Group]
		a.SendJobs = a.SendJobs || g.SendJobs
		a.SendDeliveries = a.SendDeliveries || g.SendDeliveries
		a.SendMail = a.SendMail || g.SendMail
		a.Payments = a.Payments || g.Payments
		a.RunsModel = a.RunsModel || g.RunsModel
	}
	return a
}
