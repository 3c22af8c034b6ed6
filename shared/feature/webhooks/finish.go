package webhooks

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/queue"
)

// outcome is what an attempt's result changes: the delivery's next state
// (succeeded, failed for good, or its next attempt scheduled), the attempt
// log entry, the endpoint's health, and the next attempt's message.
type outcome struct {
	ep    item
	d     delivery
	res   Result
	now   time.Time
	next  *types.Update // the delivery's next state, on the condition that attempt n is still pending
	entry Attempt
	retry time.Duration // the delay of the next attempt's message; -1 for none
}

// outcomeOf returns the outcome of attempt n of d to ep with result res,
// at now. A retry due within queue.MaxDelay is queued with that delay; a
// later one waits in DUE#webhook for the sweep.
func outcomeOf(ep item, d delivery, n int, res Result, now time.Time) outcome {
	b := newUpdate()
	var next *time.Time
	retry := time.Duration(-1)
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
			due, retry = at.Add(Lease), wait
		}
		b.set("next_attempt", num(int64(n+1)))
		b.set("gsi1sk", str(dueKey(due, d.AccountID, d.WebhookID, d.EventID)))
	}
	b.set("claimed_until", num(0))
	b.condition(b.eq("state", str(statePending)) + " AND " + b.eq("next_attempt", num(int64(n))))
	return outcome{ep: ep, d: d, res: res, now: now, next: b.update(), entry: newAttempt(d.ID, d.EventID, d.EventType, n, res, now, next), retry: retry}
}

// finish records attempt n of d with its result (see record).
func (s *Service) finish(ctx context.Context, ep item, d delivery, n int, res Result) error {
	return s.record(ctx, outcomeOf(ep, d, n, res, s.Clock.Now()))
}

// record commits the outcomes' deliveries and log entries in one
// transaction, then notes each endpoint's health and queues each retry. An
// outcome already recorded by another worker (a duplicate message) is
// skipped: when the transaction fails on one, each is recorded on its own.
func (s *Service) record(ctx context.Context, outcomes ...outcome) error {
	tx := &dynamo.Tx{}
	for _, o := range outcomes {
		tx.Update("delivery", o.d.PK, o.d.SK, o.next)
		addEntry(tx, o.ep, o.entry, o.now)
	}
	err := s.Table.Commit(ctx, tx, nil)
	switch {
	case dynamo.FailedOn(err, "delivery") && len(outcomes) > 1:
		var errs []error
		for _, o := range outcomes {
			errs = append(errs, s.record(ctx, o))
		}
		return errors.Join(errs...)
	case dynamo.FailedOn(err, "delivery"):
		d := outcomes[0].d
		slog.WarnContext(ctx, "webhook attempt recorded elsewhere first", "webhook_id", d.WebhookID, "event_id", d.EventID, "attempt", outcomes[0].entry.Attempt)
		return nil
	case err != nil:
		return err
	}
	for _, o := range outcomes {
		if o.retry >= 0 {
			// The wait runs from the end of the attempt, not from now.
			wait := max(o.retry-s.Clock.Now().Sub(o.now), 0)
			s.queueAttempt(ctx, o.d.AccountID, o.d.WebhookID, o.d.EventID, o.entry.Attempt+1, wait)
		}
	}
	for _, o := range outcomes {
		s.noteHealth(ctx, o.ep, o.res, o.now)
	}
	return nil
}

// addEntry adds to tx the attempt log entry of endpoint ep, made at now.
func addEntry(tx *dynamo.Tx, ep item, entry Attempt, now time.Time) {
	tx.Put("attempt", attemptItem{
		PK: dynamo.WebhookLogPK(ep.AccountID, ep.ID), SK: dynamo.TimeKey(dynamo.AttemptPrefix+clock.SortKey(now), entry.ID),
		Attempt: entry, TTL: now.Add(attemptRetention).Unix(),
	}, "", nil)
}

// HealthEvery is how fresh an endpoint's noted last delivery is kept while
// it keeps succeeding: a success with the status already noted less than
// HealthEvery ago is not written again, so a busy endpoint costs one write
// a second, not one per delivery.
const HealthEvery = time.Second

// noteHealth writes an attempt's effect on endpoint ep (as read with the
// attempt): its last delivery and run of failures. It is its own write,
// after the attempt's, so the attempts of many deliveries to one endpoint
// at once never meet in a transaction; it is kept only when no later
// attempt was noted first, and an endpoint deleted meanwhile is left
// alone. A failure is logged: the endpoint's next attempt notes its health
// again.
func (s *Service) noteHealth(ctx context.Context, ep item, res Result, now time.Time) {
	if fresh(ep, res, now) {
		return
	}
	u := healthUpdate(ep, res, now)
	_, err := s.Table.Update(ctx, ep.PK, ep.SK, &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
		slog.WarnContext(ctx, "note a webhook endpoint's last delivery", "webhook_id", ep.ID, "err", err)
	}
}

// fresh reports whether ep's noted health already says what a success res
// at now would, within HealthEvery.
func fresh(ep item, res Result, now time.Time) bool {
	if !res.OK() || ep.FailingSince != "" || ep.LastDeliveryStatus == nil || res.Status == nil || *ep.LastDeliveryStatus != *res.Status || ep.LastDeliveryAt == nil {
		return false
	}
	at, err := clock.Parse(*ep.LastDeliveryAt)
	return err == nil && now.Sub(at) < HealthEvery
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
