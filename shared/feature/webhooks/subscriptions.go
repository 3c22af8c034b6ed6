package webhooks

import (
	"context"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/platform/dynamo"
)

// Subscriptions tells the event log which of an account's events its
// webhook endpoints want (eventlog.Subscribers), with one query of the
// account's endpoints (at most ten). An event no endpoint wants is recorded
// without an outbox entry, so it costs no fan-out. An endpoint created
// while such an event commits gets it from its catch-up (see CatchUp).
type Subscriptions struct{ Table *dynamo.Table }

var _ eventlog.Subscribers = Subscriptions{}

// Wanted reads the account's endpoints and returns whether one of them
// wants an event (Endpoint.Wants; webhook.test events are the test call's
// own).
func (s Subscriptions) Wanted(ctx context.Context, accountID string) (func(eventlog.Event) bool, error) {
	eps, err := endpoints(ctx, s.Table, accountID)
	if err != nil {
		return nil, err
	}
	return func(ev eventlog.Event) bool {
		if ev.Type == TestEventType {
			return false
		}
		for _, ep := range eps {
			if ep.Wants(ev) {
				return true
			}
		}
		return false
	}, nil
}
