package eventlog

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/queue"
)

// Consumer receives every committed event once its fan-out runs (the
// webhooks feature turns it into deliveries). It must be idempotent: the
// outbox guarantees at least once.
type Consumer interface {
	Consume(ctx context.Context, ev Event) error
}

// QueueDispatcher dispatches events by sending their reference to the
// deliveries queue.
type QueueDispatcher struct {
	Queue queue.Sender
}

// FanoutMessage is the deliveries-queue message that starts an event's
// fan-out.
type FanoutMessage struct {
	Type string `json:"type"` // "fanout"
	Ref  Ref    `json:"ref"`
}

// Dispatch sends the fan-out message for ref.
func (d *QueueDispatcher) Dispatch(ctx context.Context, ref Ref) error {
	b, _ := json.Marshal(FanoutMessage{Type: "fanout", Ref: ref})
	return d.Queue.Send(ctx, b, 0)
}

// Fanout hands an event to every consumer, then takes it out of the outbox.
type Fanout struct {
	Store      *Store
	Consumers  []Consumer
	Dispatcher Dispatcher
}

// Run fans out the event at ref.
func (f *Fanout) Run(ctx context.Context, ref Ref) error {
	it, err := f.Store.Get(ctx, ref)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil // expired
	}
	if err != nil {
		return err
	}
	if it.GSI1PK == "" {
		return nil // already fanned out
	}
	for _, c := range f.Consumers {
		if err := c.Consume(ctx, it.Event); err != nil {
			return err
		}
	}
	return f.Store.Dispatched(ctx, ref)
}

// Handle consumes fan-out messages from an SQS batch, reporting failed
// records for retry. Messages of other types are left to other handlers and
// reported as handled=false.
func (f *Fanout) Handle(ctx context.Context, rec events.SQSMessage) (handled bool, err error) {
	var m FanoutMessage
	if json.Unmarshal([]byte(rec.Body), &m) != nil || m.Type != "fanout" {
		return false, nil
	}
	return true, f.Run(ctx, m.Ref)
}

// SweepAge is how long an event may wait in the outbox before the sweep
// dispatches it again.
const SweepAge = time.Minute

// Sweep re-dispatches events that have waited in the outbox longer than
// SweepAge. It returns how many it dispatched.
func (f *Fanout) Sweep(ctx context.Context) (int, error) {
	refs, err := f.Store.Pending(ctx, f.Store.Clock.Now().Add(-SweepAge), 500)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, ref := range refs {
		if err := f.Dispatcher.Dispatch(ctx, ref); err != nil {
			slog.WarnContext(ctx, "outbox sweep dispatch", "err", err)
			continue
		}
		n++
	}
	return n, nil
}
