// Package eventlog is the account's event store (spec 6). Events are written
// in the same transaction as the change they report, kept 30 days, and read
// through GET /events. Each new event that something will deliver also sits
// in an outbox (a sparse index entry) until its fan-out has recorded its
// deliveries; a scheduled sweep picks up any event whose fan-out did not
// happen, so no event is lost when a function dies between the write and
// the enqueue. An event nothing wants (checked right before its
// transaction commits) is written without the entry and costs nothing more.
package eventlog

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Retention is how long events are kept (spec 8).
const Retention = 30 * 24 * time.Hour

// OutboxKind is the due-work kind of events awaiting fan-out.
const OutboxKind = "outbox"

// Event is one event as GET /events and webhooks show it.
type Event struct {
	ID        string          `json:"id" dynamodbav:"id"`
	Type      string          `json:"type" dynamodbav:"type"`
	CreatedAt string          `json:"created_at" dynamodbav:"created_at"`
	AccountID string          `json:"account_id" dynamodbav:"account_id"`
	SiteID    *string         `json:"site_id" dynamodbav:"site_id"`
	Data      json.RawMessage `json:"data" dynamodbav:"data"`
}

// Item is an event as stored: the event, its keys, and the outbox entry
// (GSI1) while its fan-out is pending.
type Item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Event
	GSI1PK string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK string `dynamodbav:"gsi1sk,omitempty"`
	TTL    int64  `dynamodbav:"ttl"`
}

// Ref locates a stored event.
type Ref struct {
	AccountID string `json:"account_id"`
	SK        string `json:"sk"`
}

// Dispatcher starts the fan-out of a committed event (for example by
// queueing it for the webhook sender); ev, when not nil, is the event
// itself, so the fan-out need not read it. Errors are logged: the outbox
// sweep retries.
type Dispatcher interface {
	Dispatch(ctx context.Context, ref Ref, ev *Event) error
}

// Subscribers tells which of an account's events something will deliver
// (the webhook endpoints that want them).
type Subscribers interface {
	// Wanted reads, as of now, what the account's subscribers want, and
	// returns whether they want an event.
	Wanted(ctx context.Context, accountID string) (func(Event) bool, error)
}

// Writer adds events to transactions.
type Writer struct {
	Clock      clock.Clock
	Dispatcher Dispatcher
	// Subscribers, when set, is asked right before an event's transaction
	// commits (once per account and transaction, beside the other checks)
	// whether anything wants the event: an event nothing wants is written
	// without an outbox entry and never dispatched, so it costs no
	// delivery work. Without it, every event goes through the outbox.
	Subscribers Subscribers
}

// Emit adds an event of type typ with data to tx, and its dispatch after
// commit. siteID is empty for account-wide events.
func (w *Writer) Emit(tx *dynamo.Tx, accountID, siteID, typ string, data any) Event {
	now := w.Clock.Now()
	raw, err := json.Marshal(data)
	if err != nil {
		raw = []byte("{}")
		slog.Error("encode event data", "type", typ, "err", err)
	}
	e := Event{ID: ids.Sortable(), Type: typ, CreatedAt: clock.Format(now), AccountID: accountID, Data: raw}
	if siteID != "" {
		e.SiteID = aws.String(siteID)
	}
	sk := dynamo.TimeKey(clock.SortKey(now), e.ID)
	av, err := attributevalue.MarshalMap(Item{
		PK: dynamo.EventsPK(accountID), SK: sk, Event: e,
		GSI1PK: dynamo.DuePK(OutboxKind), GSI1SK: dynamo.TimeKey(clock.SortKey(now), accountID+"#"+e.ID),
		TTL: now.Add(Retention).Unix(),
	})
	if err != nil {
		tx.Put("event:"+typ, e, "", nil) // fails the commit with the marshalling error
		return e
	}
	tx.Raw("event:"+typ, types.TransactWriteItem{Put: &types.Put{Item: av}})
	entry := &pending{event: e, item: av}
	if w.Subscribers != nil {
		batch := tx.Local(batchKey{accountID}, func() any {
			b := &batch{accountID: accountID, subscribers: w.Subscribers}
			tx.BeforeCommit(b.check)
			return b
		}).(*batch)
		batch.entries = append(batch.entries, entry)
	}
	if w.Dispatcher != nil {
		ref := Ref{AccountID: accountID, SK: sk}
		tx.AfterCommit(func(ctx context.Context) {
			if entry.unwanted {
				return
			}
			if err := w.Dispatcher.Dispatch(ctx, ref, &entry.event); err != nil {
				slog.WarnContext(ctx, "dispatch event; the outbox sweep will retry", "event_id", e.ID, "err", err)
			}
		})
	}
	return e
}

// Store reads events and manages the outbox.
type Store struct {
	Table *dynamo.Table
	Clock clock.Clock
}

// Get reads one stored event.
func (s *Store) Get(ctx context.Context, ref Ref) (Item, error) {
	var it Item
	err := s.Table.Get(ctx, dynamo.EventsPK(ref.AccountID), ref.SK, &it)
	return it, err
}

// Dispatched takes the event out of the outbox once its fan-out is queued.
func (s *Store) Dispatched(ctx context.Context, ref Ref) error {
	_, err := s.Table.Update(ctx, dynamo.EventsPK(ref.AccountID), ref.SK, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("REMOVE gsi1pk, gsi1sk"),
		ConditionExpression: aws.String("attribute_exists(pk)"),
	})
	if err == dynamo.ErrConditionFailed {
		return nil
	}
	return err
}

// Pending returns up to limit events that entered the outbox before cutoff
// and are still in it.
func (s *Store) Pending(ctx context.Context, cutoff time.Time, limit int) ([]Item, error) {
	return dynamo.Due[Item](ctx, s.Table, OutboxKind, clock.SortKey(cutoff), limit)
}
