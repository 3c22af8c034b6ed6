package ratelimit_test

import (
	"context"
	"testing"
	"time"

	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

// TestTakeInCommitsWithTheAction counts in the caller's transaction: a
// spent quota fails the whole commit, nothing else of it is written, and
// Exhausted names the scope.
func TestTakeInCommitsWithTheAction(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 23, 0, 0, 0, time.UTC)}
	c := &ratelimit.Counters{Table: table, Clock: clk}
	scope, ctx := ids.New(), context.Background()
	mark := func(i int) error {
		tx := &dynamo.Tx{}
		w := c.TakeIn(tx, scope, ratelimit.Day, 2)
		if want := int(time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC).Sub(clk.Now()).Seconds()); i < 4 && w.RetryAfter() != want {
			t.Fatalf("retry after %d, want %d (midnight UTC)", w.RetryAfter(), want)
		}
		tx.Put("marker", map[string]any{"pk": "MARK#" + scope, "sk": string(rune('0' + i))}, "", nil)
		return table.Commit(ctx, tx, nil)
	}
	for i := 1; i <= 2; i++ {
		if err := mark(i); err != nil {
			t.Fatalf("take %d: %v", i, err)
		}
	}
	err := mark(3)
	if !ratelimit.Exhausted(err, scope) || ratelimit.Exhausted(err, "other") {
		t.Fatalf("third take: %v", err)
	}
	var m map[string]any
	if err := table.Get(ctx, "MARK#"+scope, "3", &m); err != dynamo.ErrNotFound {
		t.Fatalf("the refused transaction wrote its other item: %v", err)
	}
	// Without a maximum it always counts; the next day starts again.
	tx := &dynamo.Tx{}
	c.TakeIn(tx, scope, ratelimit.Day, 0)
	if err := table.Commit(ctx, tx, nil); err != nil {
		t.Fatalf("unlimited take: %v", err)
	}
	clk.Add(time.Hour)
	if err := mark(4); err != nil {
		t.Fatalf("next day: %v", err)
	}
}
