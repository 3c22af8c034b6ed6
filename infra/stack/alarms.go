package stack

import (
	"fmt"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatch"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatchactions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssnssubscriptions"
	"github.com/aws/jsii-runtime-go"
)

// alarmPeriod is the period of every alarm's metric.
const alarmPeriod = 5 * time.Minute

// schedulerFailingPeriods is how many alarm periods in a row the scheduler
// must fail in before its alarm fires: one failed tick is retried by the
// next one a minute later, a quarter of an hour of failures means the
// sweeps (lost jobs, the events and mail outboxes) have stopped.
const schedulerFailingPeriods = 3

// addAlarms builds the Alarms topic (subscribed to email when it is set)
// and the alarms that notify it: a message in either dead-letter queue (a
// job or a delivery that failed every attempt) and a scheduler that keeps
// failing.
func (s *ServiceStack) addAlarms(email string) {
	s.AlarmTopic = awssns.NewTopic(s.Stack, jsii.String("Alarms"), &awssns.TopicProps{
		DisplayName: jsii.String("Content service alarms"),
	})
	if email != "" {
		s.AlarmTopic.AddSubscription(awssnssubscriptions.NewEmailSubscription(jsii.String(email), nil))
	}
	notify := awscloudwatchactions.NewSnsAction(s.AlarmTopic)

	deadLetters := []struct {
		id, what string
		q        *WorkQueue
	}{
		{"JobsDeadLetterAlarm", "A job failed every attempt and is in the jobs dead-letter queue", s.Jobs},
		{"DeliveriesDeadLetterAlarm", "A deliveries-queue message (event fan-out or webhook delivery) failed every attempt and is in its dead-letter queue", s.Deliveries},
	}
	for _, d := range deadLetters {
		alarm := d.q.DeadLetter.MetricApproximateNumberOfMessagesVisible(&awscloudwatch.MetricOptions{
			Period: duration(alarmPeriod), Statistic: jsii.String("Maximum"),
		}).CreateAlarm(s.Stack, jsii.String(d.id), &awscloudwatch.CreateAlarmOptions{
			AlarmDescription:   jsii.String(d.what + "; read it, fix the cause, then redrive or delete it."),
			Threshold:          jsii.Number(0),
			ComparisonOperator: awscloudwatch.ComparisonOperator_GREATER_THAN_THRESHOLD,
			EvaluationPeriods:  jsii.Number(1),
			TreatMissingData:   awscloudwatch.TreatMissingData_NOT_BREACHING,
		})
		alarm.AddAlarmAction(notify)
	}

	failing := s.Functions[Scheduler].MetricErrors(&awscloudwatch.MetricOptions{
		Period: duration(alarmPeriod), Statistic: jsii.String("Sum"),
	}).CreateAlarm(s.Stack, jsii.String("SchedulerFailingAlarm"), &awscloudwatch.CreateAlarmOptions{
		AlarmDescription:   jsii.String("The scheduler has failed in every period for a quarter of an hour: lost jobs, events and mail are not being swept. Read its log group."),
		Threshold:          jsii.Number(1),
		ComparisonOperator: awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
		EvaluationPeriods:  jsii.Number(schedulerFailingPeriods),
		DatapointsToAlarm:  jsii.Number(schedulerFailingPeriods),
		TreatMissingData:   awscloudwatch.TreatMissingData_NOT_BREACHING,
	})
	failing.AddAlarmAction(notify)
	s.addServiceAlarms(notify)
}

// Thresholds of the service-wide alarms, per alarm period.
const (
	apiServerErrorsAlarm = 10               // API answers with a 5xx status
	functionErrorsAlarm  = 5                // failed invocations of the queue workers, or of the invoked functions
	jobsAgeAlarm         = 30 * time.Minute // the oldest job waiting
)

// addServiceAlarms adds the alarms of a service that is not serving: the
// API answering 5xx (an endpoint function that fails or cannot start
// answers 500 or 503 through API Gateway), the queue workers failing
// (crashes and timeouts; the scheduler has its own alarm), the functions
// the MCP server and the owner's pages invoke failing, and jobs waiting
// for half an hour in two periods in a row (the workers cannot keep up or
// are throttled).
func (s *ServiceStack) addServiceAlarms(notify awscloudwatchactions.SnsAction) {
	period := duration(alarmPeriod)
	alarm := func(id, what string, m awscloudwatch.IMetric, threshold float64, periods int) {
		awscloudwatch.NewAlarm(s.Stack, jsii.String(id), &awscloudwatch.AlarmProps{
			Metric:             m,
			AlarmDescription:   jsii.String(what),
			Threshold:          jsii.Number(threshold),
			ComparisonOperator: awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
			EvaluationPeriods:  jsii.Number(periods),
			DatapointsToAlarm:  jsii.Number(periods),
			TreatMissingData:   awscloudwatch.TreatMissingData_NOT_BREACHING,
		}).AddAlarmAction(notify)
	}
	alarm("ApiServerErrorsAlarm", "The API answered many requests with a 5xx status: read the functions' log groups and the API's access log.",
		s.API.MetricServerError(&awscloudwatch.MetricOptions{Period: period, Statistic: jsii.String("Sum")}), apiServerErrorsAlarm, 1)

	// The endpoint functions' failures reach the API's 5xx when the API
	// invokes them; the queue workers' are summed here.
	alarm("WorkerErrorsAlarm", "The jobs or deliveries worker crashed or timed out (a worker that cannot start, such as one whose secret cannot be read, shows here first): read its log group.",
		s.errorsSum("Worker errors", []string{JobWorker, DeliveriesWorker}), functionErrorsAlarm, 1)
	// So are the failures of the functions other functions invoke (the MCP
	// server's tool calls, the owner's pages): their callers answer for
	// them (the MCP server with a tool error in an HTTP 200), so the API's
	// 5xx never shows them.
	var invoked []string
	for _, g := range invokedGroups() {
		invoked = append(invoked, string(g))
	}
	alarm("InvokedFunctionErrorsAlarm", "An endpoint function that the MCP server or the owner's pages run requests in crashed, timed out or could not start: read its log group.",
		s.errorsSum("Invoked function errors", invoked), functionErrorsAlarm, 1)

	alarm("JobsWaitingAlarm", "Jobs have waited half an hour in the jobs queue: the jobs worker cannot keep up or is throttled (check the account's Lambda concurrency quota).",
		s.Jobs.Queue.MetricApproximateAgeOfOldestMessage(&awscloudwatch.MetricOptions{Period: period, Statistic: jsii.String("Maximum")}),
		jobsAgeAlarm.Seconds(), 2)
}

// errorsSum returns the sum, per alarm period, of the Errors (crashed,
// timed-out or failed-to-start invocations) of the functions named names,
// labelled label. An alarm's metric math takes 10 metrics at most.
func (s *ServiceStack) errorsSum(label string, names []string) awscloudwatch.IMetric {
	period := duration(alarmPeriod)
	errs := map[string]awscloudwatch.IMetric{}
	for i, name := range names {
		errs[fmt.Sprintf("e%d", i)] = s.Functions[name].MetricErrors(&awscloudwatch.MetricOptions{Period: period, Statistic: jsii.String("Sum")})
	}
	return awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
		Expression: jsii.String("SUM(METRICS())"), UsingMetrics: &errs, Period: period, Label: jsii.String(label),
	})
}
