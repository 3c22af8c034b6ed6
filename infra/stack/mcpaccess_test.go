package stack_test

import (
	"testing"

	"rvcontent/infra/stack"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/lambdainvoke"
)

// The MCP function and the pages function (the owner's dashboard) run
// each call in the function of the endpoint it names: each may invoke
// exactly the agent-API groups' functions and knows their names. The MCP
// function may do nothing else beyond the table; the pages function keeps
// only what its own pages do in-process (sign-in and consent mail, claim,
// consent and connect events, checkout links): no jobs and no model.
func TestInvokersInvokeTheAgentGroupsFunctions(t *testing.T) {
	for _, group := range []routes.Group{routes.MCP, routes.Pages} {
		t.Run(string(group), func(t *testing.T) {
			fn := synthesized.LogicalID(string(group))
			want := map[string]bool{}
			env := props(resources("AWS::Lambda::Function")[fn])["Environment"].(map[string]any)["Variables"].(map[string]any)
			for _, g := range routes.AgentGroups() {
				id := synthesized.LogicalID(string(g))
				want[id] = true
				if refID(env[lambdainvoke.EnvName(string(g))]) != id {
					t.Errorf("%s: %s = %s, want the %s function", group, lambdainvoke.EnvName(string(g)), asJSON(env[lambdainvoke.EnvName(string(g))]), g)
				}
			}
			got := resourcesOf(statements(t, fn), "lambda:InvokeFunction")
			for id := range want {
				if !got[id] {
					t.Errorf("%s may not invoke %s", group, id)
				}
			}
			for id := range got {
				if !want[id] {
					t.Errorf("%s may invoke %s, which serves no agent-API route", group, id)
				}
			}
		})
	}
	if a := stack.GroupAccess(routes.MCP); a.SendJobs || a.SendDeliveries || a.SendMail || a.Payments || a.RunsModel {
		t.Errorf("MCP access %+v: its tool calls run elsewhere", a)
	}
	if a := stack.GroupAccess(routes.Pages); a.SendJobs || a.RunsModel || a.Payments || !a.SendMail || !a.SendDeliveries {
		t.Errorf("pages access %+v: the dashboard's work and the opening of checkout links run elsewhere; its own pages mail and record events", a)
	}
}

// Internal requests carry their caller's principal in the event's
// authorizer context, which API Gateway fills only for routes with an
// authorizer: no route may have one, and only functions of the stack that
// run requests for an authenticated caller may invoke other functions.
func TestNoAuthorizerAndFewInvokers(t *testing.T) {
	if n := len(resources("AWS::ApiGatewayV2::Authorizer")); n != 0 {
		t.Errorf("the API has %d authorizers", n)
	}
	for id, r := range resources("AWS::ApiGatewayV2::Route") {
		p := props(r)
		if at, ok := p["AuthorizationType"].(string); ok && at != "NONE" {
			t.Errorf("route %s has authorization type %s", id, at)
		}
		if _, ok := p["AuthorizerId"]; ok {
			t.Errorf("route %s has an authorizer", id)
		}
	}
	invokers := map[string]bool{}
	for _, g := range routes.Groups() {
		if len(stack.GroupAccess(g).Invokes) > 0 {
			invokers[synthesized.LogicalID(string(g))] = true
		}
	}
	for id, name := range functionIDs(t) {
		if len(resourcesOf(statements(t, id), "lambda:InvokeFunction")) > 0 && !invokers[id] {
			t.Errorf("%s may invoke functions", name)
		}
	}
}
