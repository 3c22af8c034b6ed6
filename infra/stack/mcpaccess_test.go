package stack_test

import (
	"testing"

	"rvcontent/infra/stack"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/lambdainvoke"
)

// The MCP function runs each tool call in the function of the tool's
// endpoint: it may invoke exactly those functions, knows their names, and
// may do nothing else beyond the table.
func TestMCPInvokesTheAgentGroupsFunctions(t *testing.T) {
	mcp := synthesized.LogicalID(string(routes.MCP))
	want := map[string]bool{}
	env := props(resources("AWS::Lambda::Function")[mcp])["Environment"].(map[string]any)["Variables"].(map[string]any)
	for _, g := range routes.AgentGroups() {
		id := synthesized.LogicalID(string(g))
		want[id] = true
		if refID(env[lambdainvoke.EnvName(string(g))]) != id {
			t.Errorf("MCP: %s = %s, want the %s function", lambdainvoke.EnvName(string(g)), asJSON(env[lambdainvoke.EnvName(string(g))]), g)
		}
	}
	got := resourcesOf(statements(t, mcp), "lambda:InvokeFunction")
	for id := range want {
		if !got[id] {
			t.Errorf("MCP may not invoke %s", id)
		}
	}
	for id := range got {
		if !want[id] {
			t.Errorf("MCP may invoke %s, which serves no agent-API route", id)
		}
	}
	if a := stack.GroupAccess(routes.MCP); a.SendJobs || a.SendDeliveries || a.SendMail || a.Payments || a.RunsModel {
		t.Errorf("MCP access %+v: its tool calls run elsewhere", a)
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
