package lambdaedge

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/compose"
	"rvcontent/shared/compose/contentfns"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/platform/dynamo"
)

// TestScheduleEventRunsTheScheduler feeds the EventBridge sample to the
// scheduler: an event an endpoint wants whose fan-out was lost (still in
// the outbox after eventlog.SweepAge) is dispatched again.
func TestScheduleEventRunsTheScheduler(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	subscribe(t, r)
	tx := &dynamo.Tx{}
	compose.Events(r.graph).Emit(tx, sampleAccountID, "", "edge.sample", map[string]any{"n": 2})
	if err := r.table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	before := len(r.deliveries.sent())
	r.clock.Add(eventlog.SweepAge + time.Second)

	var ev events.EventBridgeEvent
	load(t, "eventbridge-schedule.json", nil, &ev)
	if ev.DetailType != "Scheduled Event" || ev.Source != "aws.events" {
		t.Fatalf("sample is a %q from %q, want a Scheduled Event from aws.events", ev.DetailType, ev.Source)
	}
	if err := contentfns.Scheduler(r.graph).Handle(ctx, ev); err != nil {
		t.Fatalf("scheduler: %v", err)
	}
	sent := r.deliveries.sent()
	if len(sent) != before+1 {
		t.Fatalf("deliveries queue got %d messages from the scheduler, want 1", len(sent)-before)
	}
	var m eventlog.FanoutMessage
	if err := json.Unmarshal([]byte(sent[len(sent)-1]), &m); err != nil || m.Type != "fanout" || m.Ref.AccountID != sampleAccountID {
		t.Errorf("scheduler sent %q (%v), want the event's fan-out", sent[len(sent)-1], err)
	}
}
