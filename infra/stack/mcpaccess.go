package stack

import "rvcontent/shared/edge/routes"

// agentGroupsAccess is the MCP function's access: its own (groupAccess)
// plus that of every group serving agent-API routes, since each tool call
// runs its route's handler inside the MCP function.
func agentGroupsAccess() Access {
	a := groupAccess[routes.MCP]
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
