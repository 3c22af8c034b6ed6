// Package workqueues holds the settings of the service's two work queues
// and of the Lambda consumers they invoke: the CDK stack builds its SQS
// queues and event sources from them, and the dev stack runs its
// in-process queues with the same numbers, so local workers see the
// batches and the concurrency production gives them.
package workqueues

import "time"

// Spec sets a work queue and how its consumer is invoked.
type Spec struct {
	// Name names the queue.
	Name string
	// BatchSize is how many messages one invocation receives at most.
	BatchSize int
	// MaxConcurrency is how many invocations the queue runs at once at
	// most (the event source's maximum concurrency; it reserves no account
	// concurrency, and further messages wait in the queue). A deployment
	// may set another (CDK context jobsMaxConcurrency and
	// deliveriesMaxConcurrency, 2 to 1000); this is the default.
	MaxConcurrency int
	// RecordConcurrency is how many records of one batch its consumer
	// handles at once.
	RecordConcurrency int
	// MaxReceives is how many times a message is received before it moves
	// to the dead-letter queue: at least 5, as Lambda's guidance for SQS
	// event sources says, since a throttled invocation counts a receive
	// too. A job's own attempts are counted in its item (jobs.MaxAttempts).
	MaxReceives int
	// ConsumerTimeout is the consumer function's timeout.
	ConsumerTimeout time.Duration
}

// VisibilityTimeout is the queue's visibility timeout: six times the
// consumer's timeout, as Lambda's guidance for SQS event sources says, so a
// message is never redelivered while a consumer (with retries of a
// throttled invocation) still holds it.
func (s Spec) VisibilityTimeout() time.Duration { return 6 * s.ConsumerTimeout }

// JobsTimeout is the jobs worker function's timeout (Jobs'
// ConsumerTimeout), which is also how long one attempt at a job may run
// before the jobs sweep starts another (jobs.DefaultLease).
const JobsTimeout = 5 * time.Minute

// The two work queues. A job (a website scan, an article) may run for
// minutes, so the jobs worker gets five minutes (the jobs package's lease)
// and one job per invocation, so a long job never eats the time of the
// next one. A delivery is one outbound request (an event's fan-out makes
// its first attempts itself), so the deliveries worker gets a minute for
// a batch of ten, handled at once.
var (
	Jobs = Spec{
		Name: "jobs", BatchSize: 1, MaxConcurrency: 10, RecordConcurrency: 1,
		MaxReceives: 5, ConsumerTimeout: JobsTimeout,
	}
	Deliveries = Spec{
		Name: "deliveries", BatchSize: 10, MaxConcurrency: 10, RecordConcurrency: 10,
		MaxReceives: 5, ConsumerTimeout: time.Minute,
	}
)
