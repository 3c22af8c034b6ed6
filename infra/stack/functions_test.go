package stack_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"rvcontent/infra/stack"
	"rvcontent/shared/edge/routes"
)

func TestFunctions(t *testing.T) {
	fns := resources("AWS::Lambda::Function")
	if len(fns) != len(stack.FunctionNames()) {
		t.Errorf("%d functions, want %d (%v)", len(fns), len(stack.FunctionNames()), stack.FunctionNames())
	}
	endpoint := apiEndpoint()
	queues := queueIDs()
	for fnID, name := range functionIDs(t) {
		t.Run(name, func(t *testing.T) {
			p := props(fns[fnID])
			if p["Runtime"] != "provided.al2023" || p["Handler"] != "bootstrap" || asJSON(p["Architectures"]) != `["arm64"]` {
				t.Errorf("runtime %v, handler %v, architectures %v; want provided.al2023, bootstrap, arm64", p["Runtime"], p["Handler"], p["Architectures"])
			}
			if _, named := p["FunctionName"]; named {
				t.Errorf("hard-coded FunctionName %v", p["FunctionName"])
			}
			env := p["Environment"].(map[string]any)["Variables"].(map[string]any)
			if _, set := env["DEV_MODE"]; set {
				t.Error("DEV_MODE is set")
			}
			if refID(env["TABLE_NAME"]) != synthesized.LogicalIDOf(synthesized.Table) {
				t.Errorf("TABLE_NAME = %s, want the table", asJSON(env["TABLE_NAME"]))
			}
			if asJSON(env["BASE_URL"]) != endpoint {
				t.Errorf("BASE_URL = %s, want the HTTP API's endpoint", asJSON(env["BASE_URL"]))
			}
			if env["MAIL_FROM"] != testMailFrom || env["LOG_LEVEL"] != "info" {
				t.Errorf("MAIL_FROM %v, LOG_LEVEL %v; want %s, info", env["MAIL_FROM"], env["LOG_LEVEL"], testMailFrom)
			}
			// The collector's settings follow the function's memory: 4
			// times the live heap, within 80% of its memory.
			memory, _ := p["MemorySize"].(float64)
			if want := fmt.Sprintf("%dMiB", int(memory*0.8)); memory == 0 || env["GOGC"] != "400" || env["GOMEMLIMIT"] != want {
				t.Errorf("MemorySize %v, GOGC %v, GOMEMLIMIT %v; want 400 and %s", p["MemorySize"], env["GOGC"], env["GOMEMLIMIT"], want)
			}
			access := declaredAccess(name)
			for variable, q := range map[string]struct {
				id   string
				sent bool
			}{"JOBS_QUEUE_URL": {queues["jobs"], access.SendJobs}, "DELIVERIES_QUEUE_URL": {queues["deliveries"], access.SendDeliveries}} {
				v, set := env[variable]
				if set != q.sent || (set && refID(v) != q.id) {
					t.Errorf("%s = %s, want it set to its queue exactly when the function sends there (%v)", variable, asJSON(v), q.sent)
				}
			}
		})
	}
}

func TestEveryFunctionHasAMain(t *testing.T) {
	for _, name := range stack.FunctionNames() {
		if _, err := os.Stat(filepath.Join("..", "..", "functions", name, "main.go")); err != nil {
			t.Errorf("function %s has no functions/%s/main.go: %v", name, name, err)
		}
	}
}

func TestEveryGroupHasDeclaredAccess(t *testing.T) {
	for _, g := range routes.Groups() {
		if !stack.HasGroupAccess(g) {
			t.Errorf("group %s has routes but no entry in the stack's access table", g)
		}
	}
}

func TestOutputs(t *testing.T) {
	outputs := tmpl["Outputs"].(map[string]any)
	queues := queueIDs()
	want := map[string]string{
		"TableName":          synthesized.LogicalIDOf(synthesized.Table),
		"JobsQueueUrl":       queues["jobs"],
		"DeliveriesQueueUrl": queues["deliveries"],
	}
	for name, id := range want {
		o, ok := outputs[name].(map[string]any)
		if !ok || refID(o["Value"]) != id {
			t.Errorf("output %s = %s, want a reference to %s", name, asJSON(outputs[name]), id)
		}
	}
	api, _ := outputs["ApiUrl"].(map[string]any)
	if got := asJSON(api["Value"]); got != apiEndpoint() {
		t.Errorf("output ApiUrl = %s, want the API's endpoint", got)
	}
}

// apiEndpoint returns, as JSON, the reference to the HTTP API's endpoint.
func apiEndpoint() string {
	return asJSON(map[string]any{"Fn::GetAtt": []any{synthesized.LogicalIDOf(synthesized.API), "ApiEndpoint"}})
}
