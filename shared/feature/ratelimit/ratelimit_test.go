package ratelimit_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/test/dynamotest"
)

func newCounters(t *testing.T) (*ratelimit.Counters, *clock.Fixed) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	c := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 10, 0, time.UTC)}
	return &ratelimit.Counters{Table: dynamotest.Table(t), Clock: c}, c
}

func TestHitCountsEveryCallInItsWindow(t *testing.T) {
	c, clk := newCounters(t)
	scope := ids.New()
	for want := 1; want <= 3; want++ {
		w, err := c.Hit(context.Background(), scope, time.Minute)
		if err != nil || w.Count != want {
			t.Fatalf("hit %d: count %d, %v", want, w.Count, err)
		}
		if !w.Resets.Equal(time.Date(2026, 3, 1, 12, 1, 0, 0, time.UTC)) || w.RetryAfter() != 50 {
			t.Fatalf("window resets %v (retry after %d), want 12:01:00 (50 s)", w.Resets, w.RetryAfter())
		}
	}
	if w, _ := c.Hit(context.Background(), ids.New(), time.Minute); w.Count != 1 {
		t.Fatalf("another scope starts at %d, want 1", w.Count)
	}
	clk.Add(time.Minute)
	if w, _ := c.Hit(context.Background(), scope, time.Minute); w.Count != 1 {
		t.Fatalf("next window starts at %d, want 1", w.Count)
	}
}

func TestTakeStopsAtMaxAndGiveReturns(t *testing.T) {
	c, clk := newCounters(t)
	scope := ids.New()
	var last ratelimit.Window
	for i := 1; i <= 3; i++ {
		w, err := c.Take(context.Background(), scope, ratelimit.Day, 3)
		if err != nil || w.Count != i {
			t.Fatalf("take %d: %+v, %v", i, w, err)
		}
		last = w
	}
	w, err := c.Take(context.Background(), scope, ratelimit.Day, 3)
	if !errors.Is(err, ratelimit.ErrExhausted) {
		t.Fatalf("fourth take = %v, want ErrExhausted", err)
	}
	if want := 12*3600 - 10; w.RetryAfter() != want {
		t.Fatalf("retry after %d s, want %d (until midnight UTC)", w.RetryAfter(), want)
	}
	if err := c.GiveBack(context.Background(), scope, ratelimit.Day, last); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Take(context.Background(), scope, ratelimit.Day, 3); err != nil {
		t.Fatalf("take after give = %v, want allowed", err)
	}
	if _, err := c.Take(context.Background(), scope, ratelimit.Day, 3); !errors.Is(err, ratelimit.ErrExhausted) {
		t.Fatalf("take past max again = %v", err)
	}
	clk.Add(12 * time.Hour)
	if w, err := c.Take(context.Background(), scope, ratelimit.Day, 3); err != nil || w.Count != 1 {
		t.Fatalf("take on the next day = %+v, %v; want a fresh quota", w, err)
	}
}

func TestGiveNeverGoesBelowZero(t *testing.T) {
	c, _ := newCounters(t)
	ctx, scope := context.Background(), ids.New()
	w, err := c.Take(ctx, scope, time.Hour, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.GiveBack(ctx, ids.New(), time.Hour, w); err != nil {
		t.Fatalf("a give-back to a window never counted: %v", err)
	}
	for range 2 {
		if err := c.GiveBack(ctx, scope, time.Hour, w); err != nil {
			t.Fatal(err)
		}
	}
	if w, err := c.Take(ctx, scope, time.Hour, 1); err != nil || w.Count != 1 {
		t.Fatalf("take = %+v, %v; want count 1 (gives do not bank quota)", w, err)
	}
	if _, err := c.Take(ctx, scope, time.Hour, 1); !errors.Is(err, ratelimit.ErrExhausted) {
		t.Fatalf("second take = %v, want ErrExhausted", err)
	}
}

func TestRetryAfterAtLeastOneSecond(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 59, 999_000_000, time.UTC)
	cases := []struct {
		name   string
		resets time.Time
		want   int
	}{
		{"a millisecond left", now.Add(time.Millisecond), 1},
		{"already reset", now.Add(-time.Second), 1},
		{"rounds up", now.Add(1500 * time.Millisecond), 2},
		{"rounds up a fraction of a millisecond", now.Add(time.Second + 500*time.Microsecond), 2},
		{"whole seconds stay", now.Add(59 * time.Second), 59},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := (ratelimit.Window{Now: now, Resets: c.resets}).RetryAfter(); got != c.want {
				t.Fatalf("RetryAfter = %d, want %d", got, c.want)
			}
		})
	}
}

// GiveBack returns a count to the window that counted it, even after that
// window ended: the next window's counts stay as they are.
func TestGiveBackReturnsToTheWindowThatCounted(t *testing.T) {
	c, clk := newCounters(t)
	ctx, scope := context.Background(), ids.New()
	counted, err := c.Hit(ctx, scope, time.Minute)
	if err != nil || counted.Count != 1 {
		t.Fatalf("hit: %+v, %v", counted, err)
	}
	clk.Add(time.Minute)
	if w, err := c.Hit(ctx, scope, time.Minute); err != nil || w.Count != 1 {
		t.Fatalf("hit in the next window: %+v, %v", w, err)
	}
	if err := c.GiveBack(ctx, scope, time.Minute, counted); err != nil {
		t.Fatal(err)
	}
	if w, _ := c.Hit(ctx, scope, time.Minute); w.Count != 2 {
		t.Fatalf("the next window counts %d after a give-back for the window before, want 2", w.Count)
	}
	clk.Add(-time.Minute)
	if w, _ := c.Hit(ctx, scope, time.Minute); w.Count != 1 {
		t.Fatalf("the first window counts %d after its give-back and one more hit, want 1", w.Count)
	}
	if err := c.GiveBack(ctx, scope, time.Minute, ratelimit.Window{}); err != nil {
		t.Fatalf("a give-back of nothing counted: %v", err)
	}
}

// TestAIGivesBackToTheHourItTook: a call given back after the hour turned
// (a model call that failed across it) returns to the hour that counted it,
// so the new hour keeps its whole budget.
func TestAIGivesBackToTheHourItTook(t *testing.T) {
	c, clk := newCounters(t)
	ctx, account := context.Background(), ids.New()
	ai := &ratelimit.AI{Counters: c, PerHour: 2}
	taken, err := ai.Take(ctx, account)
	if err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Hour)
	for range 2 {
		if _, err := ai.Take(ctx, account); err != nil {
			t.Fatalf("take in the new hour: %v", err)
		}
	}
	if err := ai.Give(ctx, account, taken); err != nil {
		t.Fatal(err)
	}
	if _, err := ai.Take(ctx, account); apperr.CodeOf(err) != apperr.RateLimited {
		t.Fatalf("a third call in the new hour after a give-back for the hour before: %v, want rate_limited", err)
	}
}
