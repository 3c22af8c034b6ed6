package stack_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"

	"rvcontent/infra/stack"
)

// The tuned stack sets the API throttle and the jobs concurrency cap
// through its props; it is synthesized once, by the first test that needs
// it.
var (
	tunedOnce  sync.Once
	tuned      *stack.ServiceStack
	tunedTmpl  map[string]any
	tunedProps = stack.ServiceStackProps{APIRateLimit: 50, APIBurstLimit: 80, JobsMaxConcurrency: 4, DeliveriesMaxConcurrency: 6}
)

// tunedTemplate returns the tuned stack and its template.
func tunedTemplate(t *testing.T) (*stack.ServiceStack, map[string]any) {
	t.Helper()
	tunedOnce.Do(func() {
		tuned = synthStack(t, "Tuned", tunedProps)
		tunedTmpl = *assertions.Template_FromStack(tuned.Stack, nil).ToJSON()
	})
	if tuned == nil {
		t.Fatal("the tuned stack did not synthesize")
	}
	return tuned, tunedTmpl
}

// stageProps returns the properties of a template's only API stage.
func stageProps(t *testing.T, st *stack.ServiceStack, template map[string]any) map[string]any {
	t.Helper()
	stages := resourcesIn(template, "AWS::ApiGatewayV2::Stage")
	if len(stages) != 1 {
		t.Fatalf("%d API stages, want 1", len(stages))
	}
	res, ok := stages[st.LogicalIDOf(st.Stage)]
	if !ok {
		t.Fatalf("the stage is not %s", st.LogicalIDOf(st.Stage))
	}
	return props(res)
}

func TestStageIsTheDefaultStage(t *testing.T) {
	p := stageProps(t, synthesized, tmpl)
	if p["StageName"] != "$default" || p["AutoDeploy"] != true || refID(p["ApiId"]) != synthesized.LogicalIDOf(synthesized.API) {
		t.Errorf("stage %s, want $default of the API, deployed automatically", asJSON(p))
	}
	// The construct id HttpApi gives its own default stage: a deployed
	// stack updates its stage in place instead of replacing it.
	if id := synthesized.LogicalIDOf(synthesized.Stage); !strings.HasPrefix(id, "ApiDefaultStage") {
		t.Errorf("stage logical id %s, want ApiDefaultStage...", id)
	}
}

func TestStageThrottlesEveryRoute(t *testing.T) {
	st, tt := tunedTemplate(t)
	cases := []struct {
		name        string
		st          *stack.ServiceStack
		template    map[string]any
		rate, burst float64
	}{
		{"default", synthesized, tmpl, stack.DefaultAPIRateLimit, stack.DefaultAPIBurstLimit},
		{"tuned", st, tt, 50, 80},
	}
	if stack.DefaultAPIRateLimit != 200 || stack.DefaultAPIBurstLimit != 400 {
		t.Errorf("default throttle %d/s, burst %d; want 200/s, burst 400", stack.DefaultAPIRateLimit, stack.DefaultAPIBurstLimit)
	}
	for _, c := range cases {
		got, _ := stageProps(t, c.st, c.template)["DefaultRouteSettings"].(map[string]any)
		if got["ThrottlingRateLimit"] != c.rate || got["ThrottlingBurstLimit"] != c.burst {
			t.Errorf("%s stage route settings %s, want ThrottlingRateLimit %v and ThrottlingBurstLimit %v", c.name, asJSON(got), c.rate, c.burst)
		}
	}
}

func TestStageAccessLogs(t *testing.T) {
	settings, _ := stageProps(t, synthesized, tmpl)["AccessLogSettings"].(map[string]any)
	logsID := synthesized.LogicalIDOf(synthesized.APIAccessLogs)
	if refID(settings["DestinationArn"]) != logsID {
		t.Errorf("access logs go to %s, want the log group %s", asJSON(settings["DestinationArn"]), logsID)
	}
	group, ok := resources("AWS::Logs::LogGroup")[logsID]
	if !ok || props(group)["RetentionInDays"] != 30.0 {
		t.Errorf("access log group %s, want one kept 30 days", asJSON(group))
	}

	format, _ := settings["Format"].(string)
	var line map[string]string
	if err := json.Unmarshal([]byte(format), &line); err != nil {
		t.Fatalf("access log format %q is not a JSON object of strings: %v", format, err)
	}
	want := map[string]string{
		"requestId":          "$context.requestId",
		"ip":                 "$context.identity.sourceIp",
		"requestTime":        "$context.requestTime",
		"method":             "$context.httpMethod",
		"routeKey":           "$context.routeKey",
		"status":             "$context.status",
		"protocol":           "$context.protocol",
		"responseLength":     "$context.responseLength",
		"integrationLatency": "$context.integrationLatency",
		"integrationError":   "$context.integrationErrorMessage",
	}
	if asJSON(line) != asJSON(want) {
		t.Errorf("access log line %s, want %s", asJSON(line), asJSON(want))
	}
	lower := strings.ToLower(format)
	for _, secret := range []string{"authorization", "header", "query", "$context.path", "$request"} {
		if strings.Contains(lower, secret) {
			t.Errorf("access log format %s mentions %q: keys and query strings must never be logged", format, secret)
		}
	}
}

func TestAccessLogGroupOutput(t *testing.T) {
	o, _ := tmpl["Outputs"].(map[string]any)["ApiAccessLogGroup"].(map[string]any)
	if refID(o["Value"]) != synthesized.LogicalIDOf(synthesized.APIAccessLogs) {
		t.Errorf("output ApiAccessLogGroup = %s, want a reference to the access log group", asJSON(o))
	}
}
