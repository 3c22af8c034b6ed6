package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/queue"
)

// Handle consumes attempt messages of the deliveries queue. Messages of
// other types are reported as not handled, for other handlers.
func (s *Service) Handle(ctx context.Context, rec events.SQSMessage) (handled bool, err error) {
	var m attemptMessage
	if json.Unmarshal([]byte(rec.Body), &m) != nil || m.Type != MessageType {
		return false, nil
	}
	return true, s.Attempt(ctx, m.AccountID, m.WebhookID, m.EventID, m.Attempt)
}

// Attempt makes attempt n of the delivery of event eventID to endpoint
// webhookID, unless that attempt was already made or is running elsewhere
// (a duplicate message), and records its outcome. A delivery whose endpoint
// is gone, disabled or no longer subscribed is dropped instead.
func (s *Service) Attempt(ctx context.Context, accountID, webhookID, eventID string, n int) error {
	// The claim and the endpoint are read at once.
	var d delivery
	var ok bool
	var ep item
	var epErr error
	err := par.Do(ctx, func(ctx context.Context) (err error) {
		d, ok, err = s.claim(ctx, accountID, webhookID, eventID, n)
		return err
	}, func(ctx context.Context) error {
		ep, epErr = s.get(ctx, accountID, webhookID)
		return nil
	})
	if err != nil || !ok {
		return err
	}
	if errors.Is(epErr, ErrNotFound) {
		return s.drop(ctx, d)
	}
	if epErr != nil {
		return epErr // the claim runs out and the sweep tries again
	}
	return s.attemptClaimed(ctx, ep, d, n)
}

// attemptClaimed makes attempt n of the claimed delivery d to endpoint ep
// and records its outcome; a delivery whose endpoint is disabled or no
// longer subscribed is dropped instead.
func (s *Service) attemptClaimed(ctx context.Context, ep item, d delivery, n int) error {
	if !ep.Enabled || !ep.Subscribed(d.EventType) {
		return s.drop(ctx, d)
	}
	accountID, webhookID := d.AccountID, d.WebhookID
	secret, err := s.Keys.Secret(accountID, webhookID, ep.SecretNonce, ep.SecretKeyID)
	if err != nil {
		// Our configuration, not the endpoint, is at fault: make no attempt
		// and count no failure; the sweep tries again after the claim.
		slog.ErrorContext(ctx, "derive webhook secret: is SECRET_KEY (or an older key) the one the endpoint was made with?", "webhook_id", webhookID, "err", err)
		return err
	}
	return s.finish(ctx, ep, d, n, s.send(ctx, ep.URL, secret, []byte(d.Body), d.EventID, d.EventType, n))
}

// claim marks attempt n of a pending delivery as running, if no other
// worker holds it, and returns the delivery; ok is false when the attempt
// is not there to make.
func (s *Service) claim(ctx context.Context, accountID, webhookID, eventID string, n int) (delivery, bool, error) {
	now := s.Clock.Now()
	b := newUpdate()
	b.set("claimed_until", num(now.Add(Lease).UnixMilli()))
	b.set("gsi1sk", str(dueKey(now.Add(Lease), accountID, webhookID, eventID)))
	b.condition(b.eq("state", str(statePending)) + " AND " + b.eq("next_attempt", num(int64(n))) + " AND " + b.name("claimed_until") + " < " + b.value(num(now.UnixMilli())))
	u := b.update()
	out, err := s.Table.Update(ctx, dynamo.WebhookLogPK(accountID, webhookID), dynamo.DeliverySK(eventID), &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
		ReturnValues: types.ReturnValueAllNew,
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return delivery{}, false, nil
	}
	if err != nil {
		return delivery{}, false, err
	}
	var d delivery
	err = attributevalue.UnmarshalMap(out.Attributes, &d)
	return d, err == nil, err
}

// drop ends a pending delivery without an attempt.
func (s *Service) drop(ctx context.Context, d delivery) error {
	b := newUpdate()
	b.set("state", str(stateDropped))
	b.set("claimed_until", num(0))
	b.remove("gsi1pk", "gsi1sk")
	b.condition(b.eq("state", str(statePending)))
	u := b.update()
	_, err := s.Table.Update(ctx, d.PK, d.SK, &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil
	}
	return err
}

// finish records attempt n of d with its result: the delivery's next state
// (succeeded, failed for good, or its next attempt scheduled), the attempt
// log entry and the endpoint's last delivery and health, in one
// transaction. A retry due within queue.MaxDelay is queued with that delay;
// a later one waits in DUE#webhook for the sweep.
func (s *Service) finish(ctx context.Context, ep item, d delivery, n int, res Result) error {
	now := s.Clock.Now()
	b := newUpdate()
	var next *time.Time
	queueDelay := time.Duration(-1)
	switch {
	case res.OK():
		b.set("state", str(stateSucceeded))
		b.remove("gsi1pk", "gsi1sk")
	case n >= MaxAttempts:
		b.set("state", str(stateFailed))
		b.remove("gsi1pk", "gsi1sk")
	default:
		wait := Schedule[n]
		at := now.Add(wait)
		next = &at
		due := at
		if wait <= queue.MaxDelay {
			due, queueDelay = at.Add(Lease), wait
		}
		b.set("next_attempt", num(int64(n+1)))
		b.set("gsi1sk", str(dueKey(due, d.AccountID, d.WebhookID, d.EventID)))
	}
	b.set("claimed_until", num(0))
	b.condition(b.eq("state", str(statePending)) + " AND " + b.eq("next_attempt", num(int64(n))))
	entry := newAttempt(d.ID, d.EventID, d.EventType, n, res, now, next)
	err := s.record(ctx, ep, entry, res, now, func(tx *dynamo.Tx) { tx.Update("delivery", d.PK, d.SK, b.update()) })
	if dynamo.FailedOn(err, "delivery") {
		slog.WarnContext(ctx, "webhook attempt recorded elsewhere first", "webhook_id", d.WebhookID, "event_id", d.EventID, "attempt", n)
		return nil
	}
	if err != nil {
		return err
	}
	if queueDelay >= 0 {
		s.queueAttempt(ctx, d.AccountID, d.WebhookID, d.EventID, n+1, queueDelay)
	}
	return nil
}

// record commits an attempt's log entry together with the writes extra
// adds, then notes the attempt's effect on endpoint ep (noteHealth).
func (s *Service) record(ctx context.Context, ep item, entry Attempt, res Result, now time.Time, extra func(*dynamo.Tx)) error {
	tx := &dynamo.Tx{}
	if extra != nil {
		extra(tx)
	}
	tx.Put("attempt", attemptItem{
		PK: dynamo.WebhookLogPK(ep.AccountID, ep.ID), SK: dynamo.TimeKey(dynamo.AttemptPrefix+clock.SortKey(now), entry.ID),
		Attempt: entry, TTL: now.Add(attemptRetention).Unix(),
	}, "", nil)
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		return err
	}
	s.noteHealth(ctx, ep, res, now)
	return nil
}

// noteHealth writes an attempt's effect on endpoint ep: its last delivery
// and run of failures. It is its own write, after the attempt's, so the
// attempts of many deliveries to one endpoint at once never meet in a
// transaction; it is kept only when no later attempt was noted first, and
// an endpoint deleted meanwhile is left alone. A failure is logged: the
// endpoint's next attempt notes its health again.
func (s *Service) noteHealth(ctx context.Context, ep item, res Result, now time.Time) {
	u := healthUpdate(ep, res, now)
	_, err := s.Table.Update(ctx, ep.PK, ep.SK, &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
		slog.WarnContext(ctx, "note a webhook endpoint's last delivery", "webhook_id", ep.ID, "err", err)
	}
}

// healthUpdate is the change an attempt's result makes to its endpoint: its
// last delivery, and the run of failures that a success ends and a failure
// starts (with the warning check due WarnAfter later) or continues; on the
// condition that the endpoint exists and noted no later attempt.
func healthUpdate(ep item, res Result, now time.Time) *types.Update {
	b := newUpdate()
	b.set("last_delivery_at", str(clock.Format(now)))
	b.set("last_delivery_status", optionalNum(res.Status))
	switch {
	case res.OK():
		b.remove(healthAttributes...)
	case ep.Enabled:
		b.setIfMissing("failing_since", str(clock.Format(now)))
		b.set("gsi1pk", str(dynamo.DuePK(HealthKind)))
		b.setIfMissing("gsi1sk", str(healthKey(now.Add(WarnAfter), ep.AccountID, ep.ID)))
	}
	at := b.name("last_delivery_at") // NULL until the first delivery
	b.condition("attribute_exists(pk) AND (attribute_not_exists(" + at + ") OR attribute_type(" + at + ", " + b.value(str("NULL")) + ") OR " +
		at + " <= " + b.value(str(clock.Format(now))) + ")")
	return b.update()
}
