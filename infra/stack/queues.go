package stack

import (
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/jsii-runtime-go"
)

// WorkQueue is a work queue, its dead-letter queue and its consumer's
// settings.
type WorkQueue struct {
	Queue      awssqs.Queue
	DeadLetter awssqs.Queue
	Spec       QueueSpec
}

// QueueSpec sets a work queue and the Lambda event source of its consumer.
type QueueSpec struct {
	// MaxReceiveCount is how many times a message is received before it
	// moves to the dead-letter queue.
	MaxReceiveCount int
	// ConsumerTimeout is the consumer function's timeout; the queue's
	// visibility timeout is six times it, as Lambda's guidance for SQS
	// event sources says, so a message is never redelivered while a
	// consumer (with retries of a throttled invocation) still holds it.
	ConsumerTimeout time.Duration
	// BatchSize is how many messages one invocation receives at most.
	BatchSize int
}

// VisibilityTimeout is the queue's visibility timeout.
func (q QueueSpec) VisibilityTimeout() time.Duration { return 6 * q.ConsumerTimeout }

// The two work queues. A job (a website scan, an article) may run for
// minutes, so the jobs worker gets five minutes (the jobs package's lease)
// and one job per invocation, so a long job never eats the time of the next
// one; a delivery is one outbound request, so the deliveries worker gets a
// minute for a batch of ten.
var (
	jobsQueue       = QueueSpec{MaxReceiveCount: 3, ConsumerTimeout: 5 * time.Minute, BatchSize: 1}
	deliveriesQueue = QueueSpec{MaxReceiveCount: 5, ConsumerTimeout: time.Minute, BatchSize: 10}
)

// deadLetterRetention keeps failed messages for SQS's maximum, 14 days.
const deadLetterRetention = 14 * 24 * time.Hour

func newWorkQueue(stack awscdk.Stack, id string, spec QueueSpec) *WorkQueue {
	dlq := awssqs.NewQueue(stack, jsii.String(id+"DeadLetter"), &awssqs.QueueProps{
		RetentionPeriod: duration(deadLetterRetention),
		Encryption:      awssqs.QueueEncryption_SQS_MANAGED,
		EnforceSSL:      jsii.Bool(true),
	})
	q := awssqs.NewQueue(stack, jsii.String(id), &awssqs.QueueProps{
		VisibilityTimeout: duration(spec.VisibilityTimeout()),
		RetentionPeriod:   duration(4 * 24 * time.Hour),
		Encryption:        awssqs.QueueEncryption_SQS_MANAGED,
		EnforceSSL:        jsii.Bool(true),
		DeadLetterQueue:   &awssqs.DeadLetterQueue{Queue: dlq, MaxReceiveCount: jsii.Number(float64(spec.MaxReceiveCount))},
	})
	return &WorkQueue{Queue: q, DeadLetter: dlq, Spec: spec}
}

// duration converts d (whole seconds) to a CDK duration.
func duration(d time.Duration) awscdk.Duration {
	return awscdk.Duration_Seconds(jsii.Number(d.Seconds()))
}
