package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// Consumer turns each committed event into deliveries: it is the
// eventlog.Consumer of the webhooks feature.
type Consumer struct{ Service *Service }

var _ eventlog.Consumer = Consumer{}

// Consume adds a delivery of ev for every endpoint of its account that
// wants it (see Endpoint.Wants), in one transaction that also takes the
// event out of the outbox, then makes each delivery's first attempt at
// once, in this invocation: a delivery is created already claimed for it,
// so if the invocation dies the sweep makes it after the claim's Lease.
// It is idempotent: a fan-out that runs again finds the event out of the
// outbox and does nothing. webhook.test events are delivered by the test
// call itself, to its endpoint only.
func (c Consumer) Consume(ctx context.Context, ev eventlog.Event, ref eventlog.Ref) (bool, error) {
	if ev.Type == TestEventType {
		return false, nil
	}
	s := c.Service
	eps, err := s.all(ctx, ev.AccountID)
	if err != nil {
		return false, err
	}
	var wanting []item
	for _, ep := range eps {
		if ep.Wants(ev) {
			wanting = append(wanting, ep)
		}
	}
	if len(wanting) == 0 {
		return false, nil
	}
	body, err := EncodeEvent(ev)
	if err != nil {
		return false, err
	}
	now := s.Clock.Now()
	ds := make([]delivery, len(wanting))
	tx := &dynamo.Tx{}
	for i, ep := range wanting {
		ds[i] = newDelivery(ev, body, ep.ID, now).claimed(now)
		tx.PutNew("delivery", ds[i])
	}
	eventlog.TakeOut(tx, ref)
	err = s.Table.Commit(ctx, tx, nil)
	switch {
	case eventlog.FannedOut(err):
		return true, nil // an earlier fan-out of this event recorded it
	case dynamo.FailedOn(err, "delivery"):
		// Some delivery exists already (made by a catch-up): add the
		// others one by one; the fan-out then takes the event out.
		wanting, ds, err = s.createEach(ctx, wanting, ds)
		if err != nil {
			return false, err
		}
		s.firstAttempts(ctx, wanting, ds)
		return false, nil
	case err != nil:
		return false, err
	}
	s.firstAttempts(ctx, wanting, ds)
	return true, nil
}

// createEach writes the deliveries ds (of endpoints eps) that do not exist
// yet, and returns the ones it wrote.
func (s *Service) createEach(ctx context.Context, eps []item, ds []delivery) ([]item, []delivery, error) {
	var made []item
	var out []delivery
	for i, d := range ds {
		err := s.Table.PutNew(ctx, d)
		if errors.Is(err, dynamo.ErrConditionFailed) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		made, out = append(made, eps[i]), append(out, d)
	}
	return made, out, nil
}

// firstAttempts makes the first attempt of every delivery ds[i] to
// endpoint eps[i], all at once, and records their outcomes together. An
// attempt that could not be made or recorded is logged: its delivery's
// claim runs out and the sweep makes the attempt again.
func (s *Service) firstAttempts(ctx context.Context, eps []item, ds []delivery) {
	made := make([]*outcome, len(ds))
	errs := par.Each(ctx, len(ds), 0, func(ctx context.Context, i int) error {
		secret, err := s.Keys.Secret(ds[i].AccountID, ds[i].WebhookID, eps[i].SecretNonce, eps[i].SecretKeyID)
		if err != nil {
			return err
		}
		res := s.send(ctx, eps[i].URL, secret, []byte(ds[i].Body), ds[i].EventID, ds[i].EventType, 1)
		o := outcomeOf(eps[i], ds[i], 1, res, s.Clock.Now()) // retries wait from the end of this attempt
		made[i] = &o
		return nil
	})
	var outcomes []outcome
	for i, o := range made {
		if o == nil {
			slog.WarnContext(ctx, "first webhook attempt; the sweep makes it again", "webhook_id", eps[i].ID, "event_id", ds[i].EventID, "err", errs[i])
			continue
		}
		outcomes = append(outcomes, *o)
	}
	if len(outcomes) == 0 {
		return
	}
	if err := s.record(ctx, outcomes...); err != nil {
		slog.WarnContext(ctx, "record first webhook attempts; the sweep makes them again", "event_id", ds[0].EventID, "err", err)
	}
}

// queueAttempt sends the message of an attempt after delay. A failure is
// logged only: the delivery's due time brings the sweep to it.
func (s *Service) queueAttempt(ctx context.Context, accountID, webhookID, eventID string, attempt int, delay time.Duration) {
	b, _ := json.Marshal(attemptMessage{Type: MessageType, AccountID: accountID, WebhookID: webhookID, EventID: eventID, Attempt: attempt})
	if err := s.Queue.Send(ctx, b, delay); err != nil {
		slog.WarnContext(ctx, "queue webhook attempt; the sweep will send it", "webhook_id", webhookID, "event_id", eventID, "err", err)
	}
}
