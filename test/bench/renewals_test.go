package bench

import (
	"context"
	"errors"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"rvcontent/shared/dev/simpay"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// backlog is how many renewals fall due in the same minute.
const backlog = 10_000

// schedulerTimeout is the scheduler function's timeout in AWS (infra): each
// run of the renewals task gets it, as a Lambda invocation would.
const schedulerTimeout = 50 * time.Second

// BenchmarkRenewalBacklog makes 10,000 paid subscriptions whose periods end
// in the same minute, moves the clock past it, and runs the renewals task
// as the scheduler would (each run with the scheduler function's 50 s)
// until none is due. It reports renewals per second, the time to drain the
// backlog, and how many scheduler runs (one a minute) that took; each
// renewal is the processor's charge and the billing service's invoice.paid
// (period, credits, activity).
func BenchmarkRenewalBacklog(b *testing.B) {
	e := env(b)
	proc, ok := e.Stack.Graph.Payments.(*simpay.Processor)
	if !ok {
		b.Fatalf("the stack's processor is %T", e.Stack.Graph.Payments)
	}
	table := e.Stack.Graph.Table
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		g := &errgroup.Group{}
		g.SetLimit(16)
		for j := 0; j < backlog; j++ {
			g.Go(func() error {
				id := ids.New()
				tx := &dynamo.Tx{}
				tx.PutNew("account", map[string]any{"pk": dynamo.AccountPK(id), "sk": dynamo.AccountSK, "id": id, "billing_status": "none"})
				if err := table.Commit(ctx, tx, nil); err != nil {
					return err
				}
				return proc.Subscribe(ctx, id, "renewal-"+id+"@example.com", "4242424242424242")
			})
		}
		if err := g.Wait(); err != nil {
			b.Fatal(err)
		}
		e.Advance(b, 32*24*3600) // past every period's end
		settle(b, e)
		b.StartTimer()

		start := time.Now()
		runs := 0
		for {
			runs++
			run, cancel := context.WithTimeout(ctx, schedulerTimeout)
			err := proc.Renew(run)
			cancel()
			if err != nil && !errors.Is(err, context.DeadlineExceeded) {
				b.Fatal(err)
			}
			left, err := dynamo.Due[map[string]any](ctx, table, simpay.RenewalKind, clock.SortKey(proc.Clock.Now())+"~", 1)
			if err != nil {
				b.Fatal(err)
			}
			if len(left) == 0 {
				break
			}
		}
		took := time.Since(start)
		b.ReportMetric(float64(backlog)/took.Seconds(), "renewals/s")
		b.ReportMetric(took.Seconds(), "drain-s")
		b.ReportMetric(float64(runs), "scheduler-runs")
	}
}
