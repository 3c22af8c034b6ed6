package stack_test

import (
	"testing"

	"github.com/aws/jsii-runtime-go"

	"rvcontent/infra/stack"
)

func TestScheduleRunsScheduler(t *testing.T) {
	noPanic(t, func() {
		template.ResourcePropertiesCountIs(jsii.String("AWS::Events::Rule"), map[string]any{
			"ScheduleExpression": "rate(1 minute)",
			"State":              "ENABLED",
		}, jsii.Number(1))
	})
	schedulerID := synthesized.LogicalID(stack.Scheduler)
	rules := resources("AWS::Events::Rule")
	if len(rules) != 1 {
		t.Fatalf("%d rules, want 1", len(rules))
	}
	var ruleID string
	for id, res := range rules {
		ruleID = id
		targets := list(props(res)["Targets"])
		if len(targets) != 1 || refID(targets[0].(map[string]any)["Arn"]) != schedulerID {
			t.Errorf("rule targets %s, want the scheduler function %s only", asJSON(targets), schedulerID)
		}
	}
	noPanic(t, func() {
		template.HasResourceProperties(jsii.String("AWS::Lambda::Permission"), map[string]any{
			"Action":       "lambda:InvokeFunction",
			"Principal":    "events.amazonaws.com",
			"FunctionName": map[string]any{"Fn::GetAtt": []any{schedulerID, "Arn"}},
			"SourceArn":    map[string]any{"Fn::GetAtt": []any{ruleID, "Arn"}},
		})
	})
	noPanic(t, func() {
		template.ResourcePropertiesCountIs(jsii.String("AWS::Lambda::Permission"), map[string]any{
			"Principal": "events.amazonaws.com",
		}, jsii.Number(1))
	})
}

// TestSchedulerRunsAreNotRetried: a failed run is not retried by Lambda's
// asynchronous invocation either; the next tick comes a minute later.
func TestSchedulerRunsAreNotRetried(t *testing.T) {
	noPanic(t, func() {
		template.HasResourceProperties(jsii.String("AWS::Lambda::EventInvokeConfig"), map[string]any{
			"FunctionName":             map[string]any{"Ref": synthesized.LogicalID(stack.Scheduler)},
			"MaximumRetryAttempts":     0,
			"MaximumEventAgeInSeconds": 60,
		})
	})
}
