package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/platform/dynamo"
)

// Consumer turns each committed event into deliveries: it is the
// eventlog.Consumer of the webhooks feature.
type Consumer struct{ Service *Service }

var _ eventlog.Consumer = Consumer{}

// Consume adds a delivery of ev for every endpoint of its account that
// wants it (see Endpoint.Wants), and queues each new one's first attempt. It is
// idempotent: a delivery that exists already is left alone (if its queued
// message was lost, the sweep sends it again). webhook.test events are
// delivered by the test call itself, to its endpoint only.
func (c Consumer) Consume(ctx context.Context, ev eventlog.Event) error {
	if ev.Type == TestEventType {
		return nil
	}
	s := c.Service
	eps, err := s.all(ctx, ev.AccountID)
	if err != nil {
		return err
	}
	var body []byte
	now := s.Clock.Now()
	for _, ep := range eps {
		if !ep.Wants(ev) {
			continue
		}
		if body == nil {
			if body, err = EncodeEvent(ev); err != nil {
				return err
			}
		}
		err := s.Table.PutNew(ctx, newDelivery(ev, body, ep.ID, now))
		if errors.Is(err, dynamo.ErrConditionFailed) {
			continue // an earlier fan-out of this event made it
		}
		if err != nil {
			return err
		}
		s.queueAttempt(ctx, ev.AccountID, ep.ID, ev.ID, 1, 0)
	}
	return nil
}

// queueAttempt sends the message of an attempt after delay. A failure is
// logged only: the delivery's due time brings the sweep to it.
func (s *Service) queueAttempt(ctx context.Context, accountID, webhookID, eventID string, attempt int, delay time.Duration) {
	b, _ := json.Marshal(attemptMessage{Type: MessageType, AccountID: accountID, WebhookID: webhookID, EventID: eventID, Attempt: attempt})
	if err := s.Queue.Send(ctx, b, delay); err != nil {
		slog.WarnContext(ctx, "queue webhook attempt; the sweep will send it", "webhook_id", webhookID, "event_id", eventID, "err", err)
	}
}
