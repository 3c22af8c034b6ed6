// Package queue sends messages to the service's work queues: SQS in AWS, an
// in-process queue in the dev stack (see the devstack package). Both deliver
// to the same worker handlers as SQS batches.
package queue

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"rvcontent/shared/platform/awsenv"
)

// Sender puts a message on a queue, to be delivered after delay.
type Sender interface {
	Send(ctx context.Context, body []byte, delay time.Duration) error
}

// MaxDelay is the longest delay SQS supports; longer waits belong to the
// scheduler.
const MaxDelay = 15 * time.Minute

// NewSQS returns the sender to the SQS queue at url in cfg's account.
func NewSQS(cfg aws.Config, url string) *SQS {
	return &SQS{Client: sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.BaseEndpoint = awsenv.Endpoint(awsenv.SQS) }), QueueURL: url}
}

// SQS sends to one SQS queue.
type SQS struct {
	Client   *sqs.Client
	QueueURL string
}

var _ Sender = (*SQS)(nil)

// Send sends body with a delay of at most MaxDelay.
func (q *SQS) Send(ctx context.Context, body []byte, delay time.Duration) error {
	if delay > MaxDelay {
		delay = MaxDelay
	}
	_, err := q.Client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:     aws.String(q.QueueURL),
		MessageBody:  aws.String(string(body)),
		DelaySeconds: int32(delay / time.Second),
	})
	return err
}
