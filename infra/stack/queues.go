package stack

import (
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/shared/kernel/workqueues"
)

// WorkQueue is a work queue, its dead-letter queue and its consumer's
// settings.
type WorkQueue struct {
	Queue      awssqs.Queue
	DeadLetter awssqs.Queue
	Spec       workqueues.Spec
}

// deadLetterRetention keeps failed messages for SQS's maximum, 14 days.
const deadLetterRetention = 14 * 24 * time.Hour

func newWorkQueue(stack awscdk.Stack, id string, spec workqueues.Spec) *WorkQueue {
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
		DeadLetterQueue:   &awssqs.DeadLetterQueue{Queue: dlq, MaxReceiveCount: jsii.Number(float64(spec.MaxReceives))},
	})
	return &WorkQueue{Queue: q, DeadLetter: dlq, Spec: spec}
}

// duration converts d (whole seconds) to a CDK duration.
func duration(d time.Duration) awscdk.Duration {
	return awscdk.Duration_Seconds(jsii.Number(d.Seconds()))
}
