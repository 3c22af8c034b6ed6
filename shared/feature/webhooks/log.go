package webhooks

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// attemptRetention is how long the attempt log is kept: as long as events.
const attemptRetention = eventlog.Retention

// logMark is the mark (dynamo.ErasedWebhookSK), under the account, that a
// deleted endpoint still has a log (deliveries and attempts, in a
// partition of their own): erasing the account finds the log through it.
// It lasts as long as the log.
type logMark struct {
	PK  string `dynamodbav:"pk"`
	SK  string `dynamodbav:"sk"`
	TTL int64  `dynamodbav:"ttl"`
}

// markLog adds to tx the log mark of endpoint webhookID of account
// accountID, deleted at now; an attempt running then may still log, so it
// lasts an hour longer than the log's retention.
func markLog(tx *dynamo.Tx, accountID, webhookID string, now time.Time) {
	tx.Put("log_mark", logMark{
		PK: dynamo.AccountPK(accountID), SK: dynamo.ErasedWebhookSK(webhookID), TTL: now.Add(attemptRetention + time.Hour).Unix(),
	}, "", nil)
}

// Attempt is one entry of an endpoint's attempt log
// (GET /webhooks/{id}/deliveries).
type Attempt struct {
	ID         string `json:"id" dynamodbav:"id"`
	DeliveryID string `json:"delivery_id" dynamodbav:"delivery_id"`
	EventID    string `json:"event_id" dynamodbav:"event_id"`
	EventType  string `json:"event_type" dynamodbav:"event_type"`
	// Attempt is the Service-Delivery-Attempt number sent.
	Attempt   int  `json:"attempt" dynamodbav:"attempt"`
	Succeeded bool `json:"succeeded" dynamodbav:"succeeded"`
	// Status is the endpoint's HTTP status, null when no answer came.
	Status     *int    `json:"status" dynamodbav:"status"`
	Error      *string `json:"error" dynamodbav:"error"`
	DurationMS int64   `json:"duration_ms" dynamodbav:"duration_ms"`
	CreatedAt  string  `json:"created_at" dynamodbav:"created_at"`
	// NextAttemptAt is when the next attempt is due after a failure, null
	// when there is none (also when the enabled endpoint will not make it:
	// it was re-enabled, or unsubscribed from the type, since).
	NextAttemptAt *string `json:"next_attempt_at" dynamodbav:"next_attempt_at"`
}

// attemptItem is an attempt as stored in its endpoint's log.
type attemptItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Attempt
	TTL int64 `dynamodbav:"ttl"`
}

// newAttempt returns the log entry of attempt n with res, made at now.
func newAttempt(deliveryID, eventID, eventType string, n int, res Result, now time.Time, next *time.Time) Attempt {
	a := Attempt{
		ID: ids.Sortable(), DeliveryID: deliveryID, EventID: eventID, EventType: eventType, Attempt: n,
		Succeeded: res.OK(), Status: res.Status, Error: res.Message(), DurationMS: res.Duration.Milliseconds(),
		CreatedAt: clock.Format(now),
	}
	if next != nil {
		at := clock.Format(*next)
		a.NextAttemptAt = &at
	}
	return a
}

// Attempts returns a page of endpoint webhookID's attempt log, newest
// first, without the attempts older than attemptRetention on the service
// clock (the table's TTL deletes them late, or never under a dev clock).
// A retry the enabled endpoint will drop shows no next_attempt_at (a
// disabled endpoint's show theirs: the owner's page says they are dropped).
func (s *Service) Attempts(ctx context.Context, accountID, webhookID string, limit int, cursor string) ([]Attempt, string, error) {
	cur, err := dynamo.DecodeCursor(cursor)
	if err != nil {
		return nil, "", errBadCursor
	}
	pk := dynamo.WebhookLogPK(accountID, webhookID)
	var rows []attemptItem
	var next string
	var ep item
	// The endpoint is read beside its log: its not_found comes first.
	err = par.Do(ctx, func(ctx context.Context) (err error) {
		ep, err = s.get(ctx, accountID, webhookID)
		return err
	}, func(ctx context.Context) (err error) {
		in, err := dynamo.PartitionPrefix(pk, dynamo.AttemptPrefix).Input()
		if err != nil {
			return err
		}
		in.ScanIndexForward = aws.Bool(false)
		in.ConsistentRead = aws.Bool(true)
		rows, next, err = dynamo.QueryPage[attemptItem](ctx, s.Table, in, limit, cur, pk)
		return err
	})
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", errBadCursor
	}
	if err != nil {
		return nil, "", apperr.Wrap("webhooks.Attempts", err)
	}
	oldest := clock.Format(s.Clock.Now().Add(-attemptRetention))
	out := make([]Attempt, 0, len(rows))
	for _, r := range rows {
		if r.CreatedAt < oldest {
			return out, "", nil // the rest are older still
		}
		if ep.Enabled && !ep.keeps(r.CreatedAt, r.EventType) {
			r.NextAttemptAt = nil // dropped when it comes due
		}
		out = append(out, r.Attempt)
	}
	return out, next, nil
}
