package eventlog

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/queue"
)

// Consumer turns a committed event into its work (the webhooks feature into
// deliveries). It must be idempotent: the outbox guarantees at least once.
type Consumer interface {
	// Consume records the work of ev and reports whether it took the event
	// out of the outbox itself (TakeOut, in the transaction that records
	// the work); when it did not, the fan-out does once Consume succeeds.
	Consume(ctx context.Context, ev Event, ref Ref) (tookOut bool, err error)
}

// QueueDispatcher dispatches events by sending their reference (and the
// event, when it fits a queue message) to the deliveries queue.
type QueueDispatcher struct {
	Queue queue.Sender
}

// FanoutMessage is the deliveries-queue message that starts an event's
// fan-out. Event is the event itself when it fits the message; without it
// the fan-out reads the event.
type FanoutMessage struct {
	Type  string `json:"type"` // "fanout"
	Ref   Ref    `json:"ref"`
	Event *Event `json:"event,omitempty"`
}

// maxMessage is the largest fan-out message that carries its event, well
// within SQS's 256 KiB.
const maxMessage = 192 << 10

// Dispatch sends the fan-out message for ref.
func (d *QueueDispatcher) Dispatch(ctx context.Context, ref Ref, ev *Event) error {
	b, _ := json.Marshal(FanoutMessage{Type: "fanout", Ref: ref, Event: ev})
	if len(b) > maxMessage {
		b, _ = json.Marshal(FanoutMessage{Type: "fanout", Ref: ref})
	}
	return d.Queue.Send(ctx, b, 0)
}

// Fanout hands an event to its consumer, then makes sure it left the
// outbox.
type Fanout struct {
	Store      *Store
	Consumer   Consumer
	Dispatcher Dispatcher
}

// Run fans out the event of m.
func (f *Fanout) Run(ctx context.Context, m FanoutMessage) error {
	ev := m.Event
	if ev == nil {
		it, err := f.Store.Get(ctx, m.Ref)
		if errors.Is(err, dynamo.ErrNotFound) {
			return nil // expired
		}
		if err != nil {
			return err
		}
		if it.GSI1PK == "" {
			return nil // already fanned out
		}
		ev = &it.Event
	}
	took, err := f.Consumer.Consume(ctx, *ev, m.Ref)
	if err != nil || took {
		return err
	}
	return f.Store.Dispatched(ctx, m.Ref)
}

// Handle consumes fan-out messages from an SQS batch, reporting failed
// records for retry. Messages of other types are left to other handlers and
// reported as handled=false.
func (f *Fanout) Handle(ctx context.Context, rec events.SQSMessage) (handled bool, err error) {
	var m FanoutMessage
	if json.Unmarshal([]byte(rec.Body), &m) != nil || m.Type != "fanout" {
		return false, nil
	}
	return true, f.Run(ctx, m)
}

// OutboxWrite names the write TakeOut adds.
const OutboxWrite = "outbox"

// TakeOut adds to tx the event at ref's leaving the outbox, on the
// condition that it is still in it: the transaction that records an
// event's fan-out commits once, and a fan-out that runs again fails it
// (FannedOut).
func TakeOut(tx *dynamo.Tx, ref Ref) {
	tx.Update(OutboxWrite, dynamo.EventsPK(ref.AccountID), ref.SK, &types.Update{
		UpdateExpression:    aws.String("REMOVE gsi1pk, gsi1sk"),
		ConditionExpression: aws.String("attribute_exists(gsi1pk)"),
	})
}

// FannedOut reports whether err is the failed commit of a TakeOut whose
// event had left the outbox already (or expired).
func FannedOut(err error) bool { return dynamo.FailedOn(err, OutboxWrite) }

// SweepAge is how long an event may wait in the outbox before the sweep
// dispatches it again.
const SweepAge = time.Minute

// Sweep re-dispatches events that have waited in the outbox longer than
// SweepAge. It returns how many it dispatched.
func (f *Fanout) Sweep(ctx context.Context) (int, error) {
	items, err := f.Store.Pending(ctx, f.Store.Clock.Now().Add(-SweepAge), 500)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, it := range items {
		if err := f.Dispatcher.Dispatch(ctx, Ref{AccountID: it.AccountID, SK: it.SK}, &it.Event); err != nil {
			slog.WarnContext(ctx, "outbox sweep dispatch", "err", err)
			continue
		}
		n++
	}
	return n, nil
}
