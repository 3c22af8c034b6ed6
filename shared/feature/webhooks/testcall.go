package webhooks

import (
	"context"
	"log/slog"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
)

// TestResult is the answer of POST /webhooks/{id}/test.
type TestResult struct {
	// Status is the endpoint's HTTP status, nil when no answer came.
	Status     *int    `json:"status"`
	DurationMS int64   `json:"duration_ms"`
	Error      *string `json:"error"`
	EventID    string  `json:"event_id"`
}

// Test sends a signed webhook.test event to endpoint id now, whatever it is
// subscribed to and even while disabled, and returns the outcome. The event
// is recorded in the event log like any other; the attempt is made once,
// not retried, and shows in the attempt log and the endpoint's last
// delivery like any other.
func (s *Service) Test(ctx context.Context, id string) (TestResult, error) {
	p, _ := auth.From(ctx)
	ep, err := s.get(ctx, p.AccountID, id)
	if err != nil {
		return TestResult{}, err
	}
	secret, err := s.Keys.Secret(p.AccountID, id, ep.SecretNonce, ep.SecretKeyID)
	if err != nil {
		return TestResult{}, &apperr.Error{Code: errNotConfigured.Code, Op: "webhooks.Test", Message: errNotConfigured.Message, RetryAfter: 60, Err: err}
	}
	etx := &dynamo.Tx{}
	ev := s.Events.Emit(etx, p.AccountID, "", TestEventType, map[string]any{"webhook_id": id})
	if err := s.Table.Commit(ctx, etx, nil); err != nil {
		return TestResult{}, apperr.Wrap("webhooks.Test", err)
	}
	body, err := EncodeEvent(ev)
	if err != nil {
		return TestResult{}, apperr.Wrap("webhooks.Test", err)
	}
	res := s.send(ctx, ep.URL, secret, body, ev.ID, ev.Type, 1)
	now := s.Clock.Now()
	tx := &dynamo.Tx{}
	addEntry(tx, ep, newAttempt(DeliveryID(id, ev.ID), ev.ID, ev.Type, 1, res, now, nil), now)
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		slog.WarnContext(ctx, "record webhook test attempt", "webhook_id", id, "err", err)
	} else {
		s.noteHealth(ctx, ep, res, now)
	}
	return TestResult{Status: res.Status, DurationMS: res.Duration.Milliseconds(), Error: res.Message(), EventID: ev.ID}, nil
}
