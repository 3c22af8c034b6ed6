package stack

import (
	"github.com/aws/jsii-runtime-go"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/lambdainvoke"
)

// agentGroupsAccess is the access of a function that does what the agent
// API does in-process (the dashboard): a, its own, plus that of every group
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

// addInvokes gives each function that runs requests in other groups'
// functions their names and the right to invoke them, once every function
// exists.
func (s *ServiceStack) addInvokes() {
	for _, g := range groupNames() {
		fn := s.Functions[string(g)]
		for _, target := range GroupAccess(g).Invokes {
			callee := s.Functions[string(target)]
			fn.AddEnvironment(jsii.String(lambdainvoke.EnvName(string(target))), callee.FunctionName(), nil)
			callee.GrantInvoke(fn)
		}
	}
}
