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
