package stack

import (
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awseventstargets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdaeventsources"
	"github.com/aws/jsii-runtime-go"
)

// schedulerSpec sizes the scheduler: its sweeps run once a minute and must
// end well before the next tick.
var schedulerSpec = fnSpec{Timeout: 50 * time.Second, MemoryMB: 512, Kind: "scheduled tasks"}

// ScheduleRate is how often the scheduler runs.
const ScheduleRate = time.Minute

// addWorkers builds the jobs and deliveries consumers (each fed by its own
// queue, reporting partial batch failures) and the scheduler with its
// EventBridge rule.
func (s *ServiceStack) addWorkers(f *factory) {
	s.Functions[JobWorker] = s.consumer(f, JobWorker, s.Jobs)
	s.Functions[DeliveriesWorker] = s.consumer(f, DeliveriesWorker, s.Deliveries)

	sched := f.function(Scheduler, schedulerSpec, WorkerAccess(Scheduler))
	s.Functions[Scheduler] = sched
	awsevents.NewRule(s.Stack, jsii.String("Schedule"), &awsevents.RuleProps{
		Description: jsii.String("Runs the scheduler's periodic tasks"),
		Schedule:    awsevents.Schedule_Rate(duration(ScheduleRate)),
		Targets: &[]awsevents.IRuleTarget{
			// A missed tick is not retried: the next one comes a minute later.
			awseventstargets.NewLambdaFunction(sched, &awseventstargets.LambdaFunctionProps{RetryAttempts: jsii.Number(0)}),
		},
	})
}

// consumer builds the worker named name that consumes q.
func (s *ServiceStack) consumer(f *factory, name string, q *WorkQueue) awslambda.Function {
	spec := fnSpec{Timeout: q.Spec.ConsumerTimeout, MemoryMB: 512, Kind: "queue consumer"}
	fn := f.function(name, spec, WorkerAccess(name))
	fn.AddEventSource(awslambdaeventsources.NewSqsEventSource(q.Queue, &awslambdaeventsources.SqsEventSourceProps{
		BatchSize:               jsii.Number(float64(q.Spec.BatchSize)),
		ReportBatchItemFailures: jsii.Bool(true),
	}))
	return fn
}
