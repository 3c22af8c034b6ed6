package eventlog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

// recordingDispatcher remembers the fan-out messages it was asked to
// send.
type recordingDispatcher struct {
	mu   sync.Mutex
	msgs []eventlog.FanoutMessage
}

func (d *recordingDispatcher) Dispatch(_ context.Context, ref eventlog.Ref, ev *eventlog.Event) error {
	d.mu.Lock()
	d.msgs = append(d.msgs, eventlog.FanoutMessage{Type: "fanout", Ref: ref, Event: ev})
	d.mu.Unlock()
	return nil
}

func (d *recordingDispatcher) take() []eventlog.FanoutMessage {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.msgs
	d.msgs = nil
	return out
}

type rig struct {
	table    *dynamo.Table
	clock    *clock.Fixed
	writer   *eventlog.Writer
	store    *eventlog.Store
	dispatch *recordingDispatcher
}

func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	r := &rig{table: dynamotest.Table(t), clock: &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}, dispatch: &recordingDispatcher{}}
	r.writer = &eventlog.Writer{Clock: r.clock, Dispatcher: r.dispatch}
	r.store = &eventlog.Store{Table: r.table, Clock: r.clock}
	return r
}

// emit commits one event and moves the clock on by a millisecond.
func (r *rig) emit(t *testing.T, acct, site, typ string, n int) eventlog.Event {
	t.Helper()
	tx := &dynamo.Tx{}
	e := r.writer.Emit(tx, acct, site, typ, map[string]int{"n": n})
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	r.clock.Add(time.Millisecond)
	return e
}

// walk reads every page of q and returns the event ids and page count.
func (r *rig) walk(t *testing.T, acct string, q eventlog.Query) ([]string, int) {
	t.Helper()
	var got []string
	pages := 0
	for {
		p, err := r.store.List(context.Background(), acct, q)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		if p.NextCursor == "" {
			t.Fatal("next_cursor empty")
		}
		if len(p.Events) > q.Limit {
			t.Fatalf("page of %d events, limit %d", len(p.Events), q.Limit)
		}
		for _, e := range p.Events {
			got = append(got, e.ID)
		}
		if !p.HasMore {
			return got, pages
		}
		if pages > 1000 {
			t.Fatal("paging does not end")
		}
		q.Cursor, q.Since = p.NextCursor, time.Time{}
	}
}

func TestListFiltersAndPages(t *testing.T) {
	r := newRig(t)
	acct, siteA, siteB := ids.New(), ids.New(), ids.New()
	var all, typeX, onA, xOnB []string
	for i := 0; i < 60; i++ {
		typ, site := "type.x", ""
		switch i % 3 {
		case 1:
			typ, site = "type.y", siteA
		case 2:
			site = siteB
		}
		e := r.emit(t, acct, site, typ, i)
		all = append(all, e.ID)
		if typ == "type.x" {
			typeX = append(typeX, e.ID)
		}
		if site == siteA {
			onA = append(onA, e.ID)
		}
		if typ == "type.x" && site == siteB {
			xOnB = append(xOnB, e.ID)
		}
	}
	r.emit(t, ids.New(), "", "type.x", 0) // another account's event

	cases := []struct {
		name string
		q    eventlog.Query
		want []string
	}{
		{"everything by 7", eventlog.Query{Limit: 7}, all},
		{"everything by 100", eventlog.Query{Limit: 100}, all},
		{"one type", eventlog.Query{Limit: 4, Types: []string{"type.x"}}, typeX},
		{"two types", eventlog.Query{Limit: 9, Types: []string{"type.y", "type.x"}}, all},
		{"unknown type", eventlog.Query{Limit: 5, Types: []string{"type.z"}}, nil},
		{"site only", eventlog.Query{Limit: 3, SiteID: siteA}, onA},
		{"type and site", eventlog.Query{Limit: 2, Types: []string{"type.x"}, SiteID: siteB}, xOnB},
		{"since", eventlog.Query{Limit: 6, Since: mustParse(t, r, acct, all[50])}, all[50:]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _ := r.walk(t, acct, c.q)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("got %d events %v\nwant %d %v", len(got), got, len(c.want), c.want)
			}
		})
	}
}

// mustParse returns the created_at of event id of acct.
func mustParse(t *testing.T, r *rig, acct, id string) time.Time {
	t.Helper()
	p, err := r.store.List(context.Background(), acct, eventlog.Query{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range p.Events {
		if e.ID == id {
			ts, err := clock.Parse(e.CreatedAt)
			if err != nil {
				t.Fatal(err)
			}
			return ts
		}
	}
	t.Fatalf("event %s not listed", id)
	return time.Time{}
}

func TestCursorAlwaysSetAndResumes(t *testing.T) {
	r := newRig(t)
	acct := ids.New()
	p, err := r.store.List(context.Background(), acct, eventlog.Query{Limit: 10})
	if err != nil || len(p.Events) != 0 || p.HasMore || p.NextCursor == "" {
		t.Fatalf("empty feed = %+v, %v; want no events, has_more false and a cursor", p, err)
	}
	first := r.emit(t, acct, "", "a", 1)
	p, err = r.store.List(context.Background(), acct, eventlog.Query{Limit: 10, Cursor: p.NextCursor})
	if err != nil || len(p.Events) != 1 || p.Events[0].ID != first.ID {
		t.Fatalf("poll after one event = %+v, %v", p, err)
	}
	again, err := r.store.List(context.Background(), acct, eventlog.Query{Limit: 10, Cursor: p.NextCursor})
	if err != nil || len(again.Events) != 0 || again.NextCursor == "" {
		t.Fatalf("poll with nothing new = %+v, %v", again, err)
	}
	// Filtered-out events move the cursor on too.
	r.emit(t, acct, "", "b", 2)
	skip, err := r.store.List(context.Background(), acct, eventlog.Query{Limit: 10, Cursor: again.NextCursor, Types: []string{"a"}})
	if err != nil || len(skip.Events) != 0 {
		t.Fatalf("filtered poll = %+v, %v", skip, err)
	}
	if unfiltered, _ := r.store.List(context.Background(), acct, eventlog.Query{Limit: 10, Cursor: skip.NextCursor}); len(unfiltered.Events) != 0 {
		t.Fatalf("the cursor did not move past the filtered-out event: %+v", unfiltered.Events)
	}
	third := r.emit(t, acct, "", "a", 3)
	p, err = r.store.List(context.Background(), acct, eventlog.Query{Limit: 10, Cursor: skip.NextCursor, Types: []string{"a"}})
	if err != nil || len(p.Events) != 1 || p.Events[0].ID != third.ID {
		t.Fatalf("poll after filtered events = %+v, %v", p, err)
	}
}

func TestEventShapeAndRetention(t *testing.T) {
	r := newRig(t)
	acct, site := ids.New(), ids.New()
	e := r.emit(t, acct, site, "site.thing", 7)
	r.emit(t, acct, "", "account.thing", 8)
	p, err := r.store.List(context.Background(), acct, eventlog.Query{Limit: 10})
	if err != nil || len(p.Events) != 2 {
		t.Fatalf("list = %+v, %v", p, err)
	}
	got := p.Events[0]
	if got.ID != e.ID || got.Type != "site.thing" || got.AccountID != acct || got.SiteID == nil || *got.SiteID != site || string(got.Data) != `{"n":7}` {
		t.Fatalf("event = %+v", got)
	}
	if p.Events[1].SiteID != nil {
		t.Fatalf("account-wide event has site_id %v", *p.Events[1].SiteID)
	}
	b, _ := json.Marshal(p.Events[1])
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for _, k := range []string{"id", "type", "created_at", "account_id", "site_id", "data"} {
		if _, ok := m[k]; !ok {
			t.Fatalf("event JSON lacks %q: %s", k, b)
		}
	}
	r.clock.Add(eventlog.Retention + time.Hour)
	p, err = r.store.List(context.Background(), acct, eventlog.Query{Limit: 10, Since: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil || len(p.Events) != 0 {
		t.Fatalf("after 30 days: %d events, %v; want none", len(p.Events), err)
	}
}

func TestBadCursor(t *testing.T) {
	r := newRig(t)
	for _, c := range []string{
		"garbage", "eyJzayI6IngifQ", // {"sk":"x"}
		// A position no cursor of the feed holds: past every time, or not a time.
		"eyJhZnRlciI6IngifQ", // {"after":"x"}
		"eyJhZnRlciI6Ijk5OTk5OTk5OTk5OTk5OTk5OTk5Iiwic2VlbiI6ImEifQ",      // {"after":"99999999999999999999","seen":"a"}
		"eyJhZnRlciI6IjIwMjYtMDEtMDFUMDA6MDA6MDAuMDAwMDAwMDAwWiNub3BlIn0", // {"after":"2026-01-01T00:00:00.000000000Z#nope"}
	} {
		_, err := r.store.List(context.Background(), ids.New(), eventlog.Query{Limit: 5, Cursor: c})
		if !apperr.Is(err, apperr.ValidationFailed) {
			t.Fatalf("cursor %q: %v, want validation_failed", c, err)
		}
	}
}

// countingConsumer counts the events it consumes.
type countingConsumer struct {
	mu  sync.Mutex
	ids []string
}

func (c *countingConsumer) Consume(_ context.Context, ev eventlog.Event, _ eventlog.Ref) (bool, error) {
	c.mu.Lock()
	c.ids = append(c.ids, ev.ID)
	c.mu.Unlock()
	return false, nil
}

func TestOutboxFanoutAndSweep(t *testing.T) {
	r := newRig(t)
	consumer := &countingConsumer{}
	f := &eventlog.Fanout{Store: r.store, Consumer: consumer, Dispatcher: r.dispatch}
	acct := ids.New()
	e1 := r.emit(t, acct, "", "a", 1)
	e2 := r.emit(t, acct, "", "b", 2)
	msgs := r.dispatch.take()
	if len(msgs) != 2 || msgs[0].Ref.AccountID != acct || msgs[0].Event == nil || msgs[0].Event.ID != e1.ID {
		t.Fatalf("dispatched after commit: %+v, want 2 messages carrying their events", msgs)
	}
	// The first fan-out runs; the second message is lost.
	if err := f.Run(context.Background(), msgs[0]); err != nil {
		t.Fatal(err)
	}
	// A duplicate, as a message without its event (read from the table).
	if err := f.Run(context.Background(), eventlog.FanoutMessage{Type: "fanout", Ref: msgs[0].Ref}); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.Sweep(context.Background()); n != 0 {
		t.Fatalf("sweep before SweepAge dispatched %d", n)
	}
	r.clock.Add(eventlog.SweepAge + time.Second)
	n, err := f.Sweep(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("sweep = %d, %v; want only the lost event", n, err)
	}
	swept := r.dispatch.take()
	if len(swept) != 1 || swept[0].Ref != msgs[1].Ref || swept[0].Event == nil || swept[0].Event.ID != e2.ID {
		t.Fatalf("sweep dispatched %+v, want %+v with its event", swept, msgs[1].Ref)
	}
	if err := f.Run(context.Background(), swept[0]); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.Sweep(context.Background()); n != 0 {
		t.Fatalf("sweep after fan-out dispatched %d", n)
	}
	if fmt.Sprint(consumer.ids) != fmt.Sprint([]string{e1.ID, e2.ID}) {
		t.Fatalf("consumed %v, want each event once", consumer.ids)
	}
}

// wants wants the events of the types it lists, and counts its reads.
type wants struct {
	mu    sync.Mutex
	types []string
	reads int
}

func (w *wants) Wanted(context.Context, string) (func(eventlog.Event) bool, error) {
	w.mu.Lock()
	w.reads++
	w.mu.Unlock()
	return func(ev eventlog.Event) bool { return slices.Contains(w.types, ev.Type) }, nil
}

// TestEventsNothingWantsSkipTheOutbox: the subscribers are read once per
// account and transaction; an event nothing wants is recorded (GET /events
// shows it) without an outbox entry and is never dispatched, so neither the
// fan-out nor the sweep does anything for it.
func TestEventsNothingWantsSkipTheOutbox(t *testing.T) {
	r := newRig(t)
	subs := &wants{types: []string{"wanted"}}
	r.writer.Subscribers = subs
	acct := ids.New()
	tx := &dynamo.Tx{}
	for _, typ := range []string{"ignored", "wanted", "ignored"} {
		r.writer.Emit(tx, acct, "", typ, map[string]any{})
	}
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	if subs.reads != 1 {
		t.Fatalf("subscribers read %d times for one transaction, want 1", subs.reads)
	}
	msgs := r.dispatch.take()
	if len(msgs) != 1 || msgs[0].Event.Type != "wanted" {
		t.Fatalf("dispatched %+v, want only the wanted event", msgs)
	}
	r.clock.Add(eventlog.SweepAge + time.Second)
	if pending, err := r.store.Pending(context.Background(), r.clock.Now(), 10); err != nil || len(pending) != 1 || pending[0].Type != "wanted" {
		t.Fatalf("outbox holds %+v (%v), want only the wanted event", pending, err)
	}
	if p, err := r.store.List(context.Background(), acct, eventlog.Query{Limit: 10}); err != nil || len(p.Events) != 3 {
		t.Fatalf("the feed shows %d events (%v), want all 3", len(p.Events), err)
	}
}

// An event whose transaction commits a little after its creation time, so
// it sorts behind events a poller already read, still reaches the poller,
// once; events read beyond the settle horizon are not repeated.
func TestLateCommitIsNotSkipped(t *testing.T) {
	r := newRig(t)
	acct := ids.New()
	ctx := context.Background()
	first := r.emit(t, acct, "", "a", 1)

	// The late event is created now but commits only after a later event
	// was written and read.
	late := &dynamo.Tx{}
	lateEvent := r.writer.Emit(late, acct, "", "late", 2)
	r.clock.Add(2 * time.Second)
	second := r.emit(t, acct, "", "a", 3)

	p, err := r.store.List(ctx, acct, eventlog.Query{Limit: 10})
	if err != nil || len(p.Events) != 2 || p.Events[0].ID != first.ID || p.Events[1].ID != second.ID {
		t.Fatalf("first poll = %+v, %v", p.Events, err)
	}
	if err := r.table.Commit(ctx, late, nil); err != nil {
		t.Fatal(err)
	}
	r.clock.Add(time.Second)
	p, err = r.store.List(ctx, acct, eventlog.Query{Limit: 10, Cursor: p.NextCursor})
	if err != nil || len(p.Events) != 1 || p.Events[0].ID != lateEvent.ID {
		t.Fatalf("poll after the late commit = %+v, %v; want only the late event", p.Events, err)
	}
	p, err = r.store.List(ctx, acct, eventlog.Query{Limit: 10, Cursor: p.NextCursor})
	if err != nil || len(p.Events) != 0 {
		t.Fatalf("poll with nothing new = %+v, %v", p.Events, err)
	}

	// Long after, the cursor moves to the last event and still repeats
	// nothing.
	r.clock.Add(eventlog.Settle + time.Minute)
	third := r.emit(t, acct, "", "a", 4)
	p, err = r.store.List(ctx, acct, eventlog.Query{Limit: 10, Cursor: p.NextCursor})
	if err != nil || len(p.Events) != 1 || p.Events[0].ID != third.ID {
		t.Fatalf("poll after settling = %+v, %v", p.Events, err)
	}
}
