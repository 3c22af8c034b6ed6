package webhooks

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// sweepPage and sweepMax bound one run of a sweep.
const (
	sweepPage = 200
	sweepMax  = 5000
)

// due returns up to sweepPage items of GSI1 partition DUE#kind due before
// now, after the position start (nil for the beginning).
func (s *Service) due(ctx context.Context, kind string, now time.Time, start map[string]types.AttributeValue) ([]map[string]types.AttributeValue, map[string]types.AttributeValue, error) {
	in, err := dynamo.DueQuery(kind, clock.SortKey(now), sweepPage, start)
	if err != nil {
		return nil, nil, err
	}
	return s.Table.Query(ctx, in)
}

// SweepDeliveries sends the next attempt of every pending delivery that is
// due: long waits end here, and so do short ones whose queued message was
// lost, and first attempts whose fan-out died before queueing. Each due
// time is pushed one Lease on first, so the next sweep does not send it
// again at once; a duplicate message finds the attempt claimed or made. It
// returns how many attempts it sent.
func (s *Service) SweepDeliveries(ctx context.Context) (int, error) {
	now := s.Clock.Now()
	sent := 0
	var start map[string]types.AttributeValue
	for sent < sweepMax {
		rows, last, err := s.due(ctx, DueKind, now, start)
		if err != nil {
			return sent, err
		}
		list, err := dynamo.UnmarshalList[delivery](rows)
		if err != nil {
			return sent, err
		}
		for _, d := range list {
			ok, err := s.postpone(ctx, d, now)
			if err != nil {
				return sent, err
			}
			if ok {
				s.queueAttempt(ctx, d.AccountID, d.WebhookID, d.EventID, d.NextAttempt, 0)
				sent++
			}
		}
		if last == nil {
			break
		}
		start = last
	}
	return sent, nil
}

// postpone moves a due delivery's due time one Lease on, if no one else
// did; it reports whether it did.
func (s *Service) postpone(ctx context.Context, d delivery, now time.Time) (bool, error) {
	b := newUpdate()
	b.set("gsi1sk", str(dueKey(now.Add(Lease), d.AccountID, d.WebhookID, d.EventID)))
	b.condition(b.eq("gsi1sk", str(d.GSI1SK)) + " AND " + b.eq("state", str(statePending)))
	u := b.update()
	_, err := s.Table.Update(ctx, d.PK, d.SK, &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return false, nil
	}
	return err == nil, err
}
