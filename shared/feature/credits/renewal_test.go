package credits_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/feature/credits"
	"rvcontent/shared/kernel/clock"
)

// renewedTo is a credits.Periods whose sites are in next once the period
// ending at its start is over.
type renewedTo struct{ next credits.Period }

func (p renewedTo) Renewed(_ context.Context, _, _ string, held time.Time) (credits.Period, bool, error) {
	return p.next, !held.After(p.next.Start), nil
}

// Between a period's end and the renewal's report, the balances read are
// the new period's, and concurrent spends in it grant it once (one
// credits.reset) and spend from it.
func TestRenewedPeriodRollsOnce(t *testing.T) {
	r := newRig(t, credits.PlanAllowance)
	end := r.start.AddDate(0, 1, 0)
	next := credits.Period{Start: end, End: end.AddDate(0, 1, 0), Allowance: credits.PlanAllowance}
	clk := &clock.Fixed{T: end.Add(time.Minute)}
	r.svc.Clock, r.svc.Periods = clk, renewedTo{next}
	c, err := r.svc.Get(context.Background(), r.account, r.site)
	if err != nil {
		t.Fatal(err)
	}
	if *c.PeriodStart != clock.Format(next.Start) || *c.PeriodEnd != clock.Format(next.End) || c.Articles.Balance != 30 {
		t.Fatalf("credits in the renewal window %+v, want the next period's 30", c)
	}
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := r.svc.Spend(context.Background(), credits.SpendRequest{AccountID: r.account, SiteID: r.site, Kind: credits.Articles, N: 1}, nil); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	held, err := r.svc.Held(context.Background(), r.account, r.site)
	if err != nil {
		t.Fatal(err)
	}
	if *held.PeriodStart != clock.Format(next.Start) || held.Articles.Balance != 25 {
		t.Fatalf("balances stored after 5 spends in the window %+v, want the next period's with 25 articles", held)
	}
	resets := 0
	for _, typ := range r.events(t) {
		if typ == "credits.reset:" {
			resets++
		}
	}
	if resets != 2 {
		t.Fatalf("%d credits.reset events, want 2: the ended period's and the new one's, once", resets)
	}
}
