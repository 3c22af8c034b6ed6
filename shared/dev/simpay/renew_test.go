package simpay_test

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/dev/simpay"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/payments"
	"rvcontent/test/dynamotest"
)

// errorLog counts the records logged at level ERROR or above.
type errorLog struct {
	slog.Handler
	n *atomic.Int64
}

func (h errorLog) Enabled(context.Context, slog.Level) bool { return true }

func (h errorLog) Handle(_ context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		h.n.Add(1)
	}
	return nil
}

func (h errorLog) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h errorLog) WithGroup(string) slog.Handler      { return h }

// Two scheduler runs that overlap renew each due subscription once between
// them; the one that loses a subscription's race neither fails nor logs an
// error, and the whole backlog is worked off in one run.
func TestOverlappingRenewalRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	var mu sync.Mutex
	renewed := map[string]int{}
	p := &simpay.Processor{Table: dynamotest.Table(t), Clock: clk, BaseURL: "http://127.0.0.1", Sink: payments.SinkFunc(func(_ context.Context, ev payments.Event) error {
		if ev.Type == payments.InvoicePaid {
			mu.Lock()
			renewed[ev.AccountID]++
			mu.Unlock()
		}
		return nil
	})}
	ctx := context.Background()
	const n = 120 // more than a page of due work
	for i := 0; i < n; i++ {
		if err := p.Subscribe(ctx, ids.New(), "o@example.com", "4242424242424242"); err != nil {
			t.Fatal(err)
		}
	}
	clk.T = payments.AddMonths(clk.T, 1).Add(time.Minute)

	errors := &atomic.Int64{}
	old := slog.Default()
	slog.SetDefault(slog.New(errorLog{n: errors}))
	defer slog.SetDefault(old)
	var wg sync.WaitGroup
	runErrs := make([]error, 2)
	for i := range runErrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runErrs[i] = p.Renew(ctx)
		}()
	}
	wg.Wait()
	for i, err := range runErrs {
		if err != nil {
			t.Errorf("run %d: %v", i, err)
		}
	}
	if errors.Load() != 0 {
		t.Errorf("%d errors logged by overlapping runs", errors.Load())
	}
	if len(renewed) != n {
		t.Fatalf("%d subscriptions renewed, want %d", len(renewed), n)
	}
	for acct, k := range renewed {
		if k != 1 {
			t.Fatalf("account %s renewed %d times", acct, k)
		}
	}
}

// A run that overtakes another's report (the scheduler fired while a
// harness run was going) ends a past-due subscription only after its
// failed renewal has reached the sink: a billing service that applies
// events in the order they arrive sees past_due before the end, never the
// end first (it drops a failed payment of an ended subscription, and the
// account would have no billing.payment_failed).
func TestRenewalReportsThePastDueBeforeTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	var (
		mu      sync.Mutex
		applied []payments.EventType // in the order the sink finished them, each event id once
		seen    = map[string]bool{}
		failIDs = map[string]int{} // reports of each failed renewal
		nested  bool
		p       *simpay.Processor
	)
	p = &simpay.Processor{Table: dynamotest.Table(t), Clock: clk, BaseURL: "http://127.0.0.1", Sink: payments.SinkFunc(func(ctx context.Context, ev payments.Event) error {
		mu.Lock()
		overtake := ev.Type == payments.InvoiceFailed && !nested
		nested = nested || overtake
		mu.Unlock()
		if overtake {
			// Another run goes through the whole due work while this
			// report is on its way.
			if err := p.Renew(ctx); err != nil {
				return err
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if ev.Type == payments.InvoiceFailed {
			failIDs[ev.ID]++
		}
		if !seen[ev.ID] {
			seen[ev.ID] = true
			applied = append(applied, ev.Type)
		}
		return nil
	})}
	ctx := context.Background()
	if err := p.Subscribe(ctx, ids.New(), "o@example.com", "4000000000000341"); err != nil {
		t.Fatal(err)
	}
	// Two period ends at once: the first renewal is declined (past_due),
	// the second ends the subscription.
	clk.T = payments.AddMonths(clk.T, 2).Add(time.Minute)
	if err := p.Renew(ctx); err != nil {
		t.Fatal(err)
	}
	failed, ended := -1, -1
	for i, typ := range applied {
		switch typ {
		case payments.InvoiceFailed:
			failed = i
		case payments.SubscriptionEnded:
			ended = i
		}
	}
	if failed < 0 || ended < 0 || failed > ended {
		t.Fatalf("events applied in the order %v: want the failed renewal before the end", applied)
	}
	// The failure reported again is the same event, which the sink drops.
	if len(failIDs) != 1 {
		t.Fatalf("failed renewal reported under %d ids (%v), want one", len(failIDs), failIDs)
	}
}
