package stack_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/infra/stack"
)

// alarmTopicID returns the logical id of the default stack's alarm topic.
func alarmTopicID() string { return synthesized.LogicalIDOf(synthesized.AlarmTopic) }

func TestDeadLetterQueuesAlarm(t *testing.T) {
	alarms := resources("AWS::CloudWatch::Alarm")
	dlqs := map[string]string{
		"jobs":       synthesized.LogicalIDOf(synthesized.Jobs.DeadLetter),
		"deliveries": synthesized.LogicalIDOf(synthesized.Deliveries.DeadLetter),
	}
	for name, dlq := range dlqs {
		found := 0
		for id, res := range alarms {
			p := props(res)
			dims := list(p["Dimensions"])
			if len(dims) != 1 || asJSON(dims[0]) != asJSON(map[string]any{"Name": "QueueName", "Value": map[string]any{"Fn::GetAtt": []any{dlq, "QueueName"}}}) {
				continue
			}
			found++
			if p["Namespace"] != "AWS/SQS" || p["MetricName"] != "ApproximateNumberOfMessagesVisible" ||
				p["ComparisonOperator"] != "GreaterThanThreshold" || p["Threshold"] != 0.0 || p["EvaluationPeriods"] != 1.0 ||
				p["Statistic"] != "Maximum" || p["TreatMissingData"] != "notBreaching" {
				t.Errorf("%s dead-letter alarm %s: %s; want AWS/SQS ApproximateNumberOfMessagesVisible Maximum > 0 in one period, missing data not breaching", name, id, asJSON(p))
			}
			if got := list(p["AlarmActions"]); len(got) != 1 || refID(got[0]) != alarmTopicID() {
				t.Errorf("%s dead-letter alarm actions %s, want the alarm topic %s", name, asJSON(got), alarmTopicID())
			}
		}
		if found != 1 {
			t.Errorf("%d alarms on the %s dead-letter queue (%s), want 1", found, name, dlq)
		}
	}
}

func TestSchedulerFailingAlarm(t *testing.T) {
	noPanic(t, func() {
		template.HasResourceProperties(jsii.String("AWS::CloudWatch::Alarm"), map[string]any{
			"Namespace":          "AWS/Lambda",
			"MetricName":         "Errors",
			"Dimensions":         []any{map[string]any{"Name": "FunctionName", "Value": map[string]any{"Ref": synthesized.LogicalID(stack.Scheduler)}}},
			"Statistic":          "Sum",
			"Period":             300,
			"Threshold":          1,
			"ComparisonOperator": "GreaterThanOrEqualToThreshold",
			"EvaluationPeriods":  3,
			"DatapointsToAlarm":  3,
			"AlarmActions":       []any{map[string]any{"Ref": alarmTopicID()}},
		})
	})
	if n := len(resources("AWS::CloudWatch::Alarm")); n != 7 {
		t.Errorf("%d alarms, want 7 (two dead-letter queues, the scheduler, API 5xx, worker errors, invoked functions' errors, jobs waiting)", n)
	}
}

// TestServiceAlarms: the API's 5xx answers, the queue workers' errors
// (summed) and the oldest waiting job notify the alarm topic.
func TestServiceAlarms(t *testing.T) {
	topic := []any{map[string]any{"Ref": alarmTopicID()}}
	noPanic(t, func() {
		template.HasResourceProperties(jsii.String("AWS::CloudWatch::Alarm"), map[string]any{
			"Namespace": "AWS/ApiGateway", "MetricName": "5xx", "Statistic": "Sum", "Period": 300, "Threshold": 10,
			"Dimensions":   []any{map[string]any{"Name": "ApiId", "Value": map[string]any{"Ref": synthesized.LogicalIDOf(synthesized.API)}}},
			"AlarmActions": topic,
		})
		template.HasResourceProperties(jsii.String("AWS::CloudWatch::Alarm"), map[string]any{
			"Namespace": "AWS/SQS", "MetricName": "ApproximateAgeOfOldestMessage", "Statistic": "Maximum", "Threshold": 1800,
			"EvaluationPeriods": 2, "DatapointsToAlarm": 2,
			"Dimensions":   []any{map[string]any{"Name": "QueueName", "Value": map[string]any{"Fn::GetAtt": []any{synthesized.LogicalIDOf(synthesized.Jobs.Queue), "QueueName"}}}},
			"AlarmActions": topic,
		})
	})
	workers := map[string]bool{synthesized.LogicalID(stack.JobWorker): true, synthesized.LogicalID(stack.DeliveriesWorker): true}
	if p := errorsAlarmOf(t, workers); p != nil && (p["Threshold"] != 5.0 || asJSON(p["AlarmActions"]) != asJSON(topic)) {
		t.Errorf("worker errors alarm %s", asJSON(p))
	}
}

// errorsAlarmOf returns the properties of the one alarm whose metric math
// sums the Errors of exactly the functions with logical ids fns, and fails
// the test (returning nil) when there is not exactly one.
func errorsAlarmOf(t *testing.T, fns map[string]bool) map[string]any {
	t.Helper()
	var found []map[string]any
	for _, res := range resources("AWS::CloudWatch::Alarm") {
		p := props(res)
		summed := map[string]bool{}
		for _, m := range list(p["Metrics"]) {
			stat, _ := m.(map[string]any)["MetricStat"].(map[string]any)
			if stat == nil {
				continue
			}
			metric := stat["Metric"].(map[string]any)
			if metric["MetricName"] != "Errors" {
				t.Errorf("function errors alarm reads %v", asJSON(metric))
			}
			summed[refID(list(metric["Dimensions"])[0].(map[string]any)["Value"])] = true
		}
		if reflect.DeepEqual(summed, fns) {
			found = append(found, p)
		}
	}
	if len(found) != 1 {
		t.Errorf("%d alarms sum the errors of %v, want 1", len(found), sorted(fns))
		return nil
	}
	return found[0]
}

func TestAlarmTopicOutputAndNoSubscriptionByDefault(t *testing.T) {
	o, _ := tmpl["Outputs"].(map[string]any)["AlarmTopicArn"].(map[string]any)
	if refID(o["Value"]) != alarmTopicID() {
		t.Errorf("output AlarmTopicArn = %s, want a reference to the alarm topic %s", asJSON(o), alarmTopicID())
	}
	if subs := resources("AWS::SNS::Subscription"); len(subs) != 0 {
		t.Errorf("subscriptions %s without AlarmEmail, want none", asJSON(subs))
	}
}

func TestAlarmEmailSubscribes(t *testing.T) {
	st := synthStack(t, "Alarmed", stack.ServiceStackProps{AlarmEmail: "ops@example.org"})
	noPanic(t, func() {
		assertions.Template_FromStack(st.Stack, nil).HasResourceProperties(jsii.String("AWS::SNS::Subscription"), map[string]any{
			"Protocol": "email",
			"Endpoint": "ops@example.org",
			"TopicArn": map[string]any{"Ref": st.LogicalIDOf(st.AlarmTopic)},
		})
	})
}

// synthStack builds a stack of its own app from props, with placeholder
// function zips, for a test that needs settings the shared stacks lack.
func synthStack(t *testing.T, id string, props stack.ServiceStackProps) *stack.ServiceStack {
	t.Helper()
	assets := t.TempDir()
	for _, name := range stack.FunctionNames() {
		if err := placeholderZip(filepath.Join(assets, name+".zip"), name); err != nil {
			t.Fatal(err)
		}
	}
	props.AssetDir = assets
	props.StackProps = awscdk.StackProps{Env: &awscdk.Environment{Account: jsii.String("123456789012"), Region: jsii.String("eu-west-1")}}
	return stack.NewServiceStack(awscdk.NewApp(nil), id, &props)
}
