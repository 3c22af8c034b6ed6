package eventlog_test

import (
	"context"
	"testing"
	"time"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// TestLateCommitsPagedThroughRepeatNothing: when more late events than a
// page holds commit behind events a poller already read beyond the settle
// horizon, paging through the late ones with next_cursor returns each
// once and then does not return the already-read events again (README,
// Events: "Polling with next_cursor neither misses a late event nor
// repeats one"), whether the late events are still fresh or already
// settled when they are read. The cursor of a page that stopped before the
// events it listed as read dropped that list, so the next pages repeated
// them.
func TestLateCommitsPagedThroughRepeatNothing(t *testing.T) {
	for _, settled := range []bool{false, true} {
		name := map[bool]string{false: "fresh", true: "settled"}[settled]
		t.Run(name, func(t *testing.T) {
			r := newRig(t)
			acct := ids.New()
			ctx := context.Background()
			first := r.emit(t, acct, "", "a", 1)
			r.clock.Add(time.Minute) // first is settled

			// Two late events take their creation time now and commit only
			// after later events were written and read.
			var late []*dynamo.Tx
			var lateIDs []string
			for i := 0; i < 2; i++ {
				tx := &dynamo.Tx{}
				lateIDs = append(lateIDs, r.writer.Emit(tx, acct, "", "late", i).ID)
				late = append(late, tx)
				r.clock.Add(time.Millisecond)
			}
			r.clock.Add(time.Second)
			read := []string{r.emit(t, acct, "", "a", 2).ID, r.emit(t, acct, "", "a", 3).ID}

			p, err := r.store.List(ctx, acct, eventlog.Query{Limit: 10})
			if err != nil || len(p.Events) != 3 || p.Events[0].ID != first.ID || p.Events[1].ID != read[0] || p.Events[2].ID != read[1] {
				t.Fatalf("first poll = %+v, %v", p.Events, err)
			}
			for _, tx := range late {
				if err := r.table.Commit(ctx, tx, nil); err != nil {
					t.Fatal(err)
				}
			}
			if settled {
				r.clock.Add(eventlog.Settle + time.Minute)
			}

			var got []string
			cursor := p.NextCursor
			for page := 0; page < 6; page++ {
				p, err = r.store.List(ctx, acct, eventlog.Query{Limit: 1, Cursor: cursor})
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range p.Events {
					got = append(got, e.ID)
				}
				cursor = p.NextCursor
				if !p.HasMore {
					break
				}
			}
			if len(got) != 2 || got[0] != lateIDs[0] || got[1] != lateIDs[1] {
				t.Fatalf("paging after the late commits returned %v, want only the late events %v (already read: %v)", got, lateIDs, read)
			}
			if p, err = r.store.List(ctx, acct, eventlog.Query{Limit: 10, Cursor: cursor}); err != nil || len(p.Events) != 0 {
				t.Fatalf("poll with nothing new = %+v, %v", p.Events, err)
			}
		})
	}
}
