package stack_test

import (
	"testing"

	"rvcontent/infra/stack"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apipath"
)

// Rules an operator running cdk deploy relies on, beyond what the README
// states number by number (readme_test.go).

// minReceives is the least maxReceiveCount of a queue that invokes a Lambda
// function, as Lambda's guidance for SQS event sources says ("Set the
// maxReceiveCount on the source queue's redrive policy to at least 5").
const minReceives = 5

// TestWorkQueuesFollowLambdaGuidance: every queue that invokes a function
// keeps a message visible for at least six times the function's timeout and
// moves it to its dead-letter queue only after at least five receives. An
// operator needs both: with less visibility a message comes back while a
// throttled invocation still holds it, and a receive is counted for every
// throttled invocation too (an account's Lambda concurrency quota can start
// far below 1,000), so fewer receives fill the dead-letter queue, and page
// the operator, with messages that never ran.
func TestWorkQueuesFollowLambdaGuidance(t *testing.T) {
	functions := resources("AWS::Lambda::Function")
	queues := resources("AWS::SQS::Queue")
	mappings := resources("AWS::Lambda::EventSourceMapping")
	if len(mappings) == 0 {
		t.Fatal("no event source mappings")
	}
	for id, m := range mappings {
		p := props(m)
		q, ok := queues[refID(p["EventSourceArn"])]
		if !ok {
			t.Errorf("mapping %s: source %s is not a queue of the stack", id, asJSON(p["EventSourceArn"]))
			continue
		}
		qp := props(q)
		timeout, _ := props(functions[refID(p["FunctionName"])])["Timeout"].(float64)
		visibility, _ := qp["VisibilityTimeout"].(float64)
		if timeout <= 0 || visibility < 6*timeout {
			t.Errorf("queue %s: visibility %v s, want at least 6 times its consumer's timeout %v s", refID(p["EventSourceArn"]), visibility, timeout)
		}
		redrive, _ := qp["RedrivePolicy"].(map[string]any)
		if n, _ := redrive["maxReceiveCount"].(float64); n < minReceives {
			t.Errorf("queue %s: maxReceiveCount %v, want at least %d", refID(p["EventSourceArn"]), redrive["maxReceiveCount"], minReceives)
		}
	}
}

// TestOperatorURLOutputs: the outputs give the two addresses an operator
// opens or hands on after a deploy, each a route the API serves: the
// owner's dashboard (where DASHBOARD_URL points by default) and the
// payment processor's webhook address, which the deployment steps have the
// operator enter in Stripe.
func TestOperatorURLOutputs(t *testing.T) {
	outputs := tmpl["Outputs"].(map[string]any)
	endpoint := map[string]any{"Fn::GetAtt": []any{synthesized.LogicalIDOf(synthesized.API), "ApiEndpoint"}}
	for name, route := range map[string]struct{ method, path string }{
		"DashboardUrl":       {"GET", apipath.Dashboard},
		"PaymentsWebhookUrl": {"POST", routes.PaymentsWebhookPath},
	} {
		served := false
		for _, r := range routes.Table {
			served = served || (r.Method == route.method && r.Path == route.path)
		}
		if !served {
			t.Errorf("%s: the route table has no %s %s", name, route.method, route.path)
		}
		o, _ := outputs[name].(map[string]any)
		want := asJSON(map[string]any{"Fn::Join": []any{"", []any{endpoint, route.path}}})
		if got := asJSON(o["Value"]); got != want {
			t.Errorf("output %s = %s, want %s", name, got, want)
		}
	}
}

// TestAPILeavesCORSToTheFunctions: the HTTP API has no CORS configuration
// and routes every preflight of the route table to its function. The
// functions answer CORS as the README states (the MCP server allows any
// origin and exposes WWW-Authenticate, Mcp-Session-Id, X-Request-Id and
// Retry-After); API Gateway's own CORS would answer preflights itself and
// replace those headers, so browser clients would break without any error
// an operator could see in the functions' logs.
func TestAPILeavesCORSToTheFunctions(t *testing.T) {
	for id, api := range resources("AWS::ApiGatewayV2::Api") {
		if cors, ok := props(api)["CorsConfiguration"]; ok {
			t.Errorf("API %s has CorsConfiguration %s; the functions answer CORS", id, asJSON(cors))
		}
	}
	keys := map[string]bool{}
	for _, res := range resources("AWS::ApiGatewayV2::Route") {
		keys[props(res)["RouteKey"].(string)] = true
	}
	preflights := 0
	for _, r := range routes.Table {
		if r.Method != "OPTIONS" {
			continue
		}
		preflights++
		if !keys[r.Key()] {
			t.Errorf("preflight %s has no route", r.Key())
		}
	}
	if !keys["OPTIONS "+apipath.MCP] || preflights == 0 {
		t.Errorf("no preflight route for %s (%d preflight routes)", apipath.MCP, preflights)
	}
}

// TestInvokedFunctionsErrorsAlarm: the functions that other functions
// invoke (the agent-API groups, in which the MCP server and the owner's
// pages run requests with gateway.Remote) notify the alarm topic when they
// crash, time out or cannot start, 5 times or more in 5 minutes. Their
// callers turn such a failure into an answer of their own (the MCP server
// into a tool error inside an HTTP 200), so it never reaches the API's 5xx
// alarm, while agents work mostly through MCP. An alarm's metric math takes
// 10 metrics at most.
func TestInvokedFunctionsErrorsAlarm(t *testing.T) {
	invoked := map[string]bool{}
	for _, g := range routes.Groups() {
		for _, callee := range stack.GroupAccess(g).Invokes {
			invoked[synthesized.LogicalID(string(callee))] = true
		}
	}
	if len(invoked) == 0 || len(invoked) > 10 {
		t.Fatalf("%d invoked functions, want 1 to 10", len(invoked))
	}
	p := errorsAlarmOf(t, invoked)
	if p == nil {
		return
	}
	if p["Threshold"] != 5.0 || p["ComparisonOperator"] != "GreaterThanOrEqualToThreshold" || p["EvaluationPeriods"] != 1.0 ||
		p["TreatMissingData"] != "notBreaching" || asJSON(p["AlarmActions"]) != asJSON([]any{map[string]any{"Ref": alarmTopicID()}}) {
		t.Errorf("invoked functions' errors alarm %s, want 5 or more in one period, missing data not breaching, to the alarm topic", asJSON(p))
	}
}
