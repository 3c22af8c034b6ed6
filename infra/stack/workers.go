package stack

import (
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awseventstargets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdaeventsources"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/shared/kernel/workqueues"
)

// schedulerSpec sizes the scheduler: its sweeps run once a minute and must
// end well before the next tick.
var schedulerSpec = fnSpec{Timeout: 50 * time.Second, MemoryMB: 512, Kind: "scheduled tasks"}

// ScheduleRate is how often the scheduler runs.
const ScheduleRate = time.Minute

// DefaultJobsMaxConcurrency is how many jobs run at once at most unless the
// props say otherwise: a burst of jobs then waits in the queue instead of
// piling onto the model or the account's Lambda concurrency. The dev stack
// runs as many (workqueues.Jobs).
var DefaultJobsMaxConcurrency = workqueues.Jobs.MaxConcurrency

// DefaultDeliveriesMaxConcurrency is how many deliveries workers run at
// once at most unless the props say otherwise; each handles a batch of ten
// at once, so a burst of events waits in the queue instead of opening
// hundreds of connections to the receivers. The dev stack runs as many
// (workqueues.Deliveries).
var DefaultDeliveriesMaxConcurrency = workqueues.Deliveries.MaxConcurrency

// addWorkers builds the jobs and deliveries consumers (each fed by its own
// queue, reporting partial batch failures, and invoked by at most
// JobsMaxConcurrency and DeliveriesMaxConcurrency workers at once) and the
// scheduler with its EventBridge rule.
func (s *ServiceStack) addWorkers(f *factory) {
	s.Functions[JobWorker] = s.consumer(f, JobWorker, s.Jobs, f.props.JobsMaxConcurrency)
	s.Functions[DeliveriesWorker] = s.consumer(f, DeliveriesWorker, s.Deliveries, f.props.DeliveriesMaxConcurrency)

	sched := f.function(Scheduler, schedulerSpec, WorkerAccess(Scheduler))
	// Nor is a failed run: Lambda would retry an asynchronous invocation
	// twice, up to hours later, beside the next ticks.
	sched.ConfigureAsyncInvoke(&awslambda.EventInvokeConfigOptions{RetryAttempts: jsii.Number(0), MaxEventAge: awscdk.Duration_Minutes(jsii.Number(1))})
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

// consumer builds the worker named name that consumes q. A maxConcurrency
// above 0 caps the instances the queue's event source mapping invokes at
// once (its ScalingConfig), which, unlike reserved concurrency, sets no
// capacity aside and does not throttle messages back into the queue.
func (s *ServiceStack) consumer(f *factory, name string, q *WorkQueue, maxConcurrency int) awslambda.Function {
	spec := fnSpec{Timeout: q.Spec.ConsumerTimeout, MemoryMB: 512, Kind: "queue consumer"}
	fn := f.function(name, spec, WorkerAccess(name))
	props := &awslambdaeventsources.SqsEventSourceProps{
		BatchSize:               jsii.Number(float64(q.Spec.BatchSize)),
		ReportBatchItemFailures: jsii.Bool(true),
	}
	if maxConcurrency > 0 {
		props.MaxConcurrency = jsii.Number(float64(maxConcurrency))
	}
	fn.AddEventSource(awslambdaeventsources.NewSqsEventSource(q.Queue, props))
	return fn
}
