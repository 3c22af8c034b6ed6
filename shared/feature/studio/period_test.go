package studio_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/studio"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
	"rvcontent/test/dynamotest"
)

// lateProcessor is a processor like Stripe whose webhooks are late: its
// subscription rolls into the next period the moment one ends (so it
// prorates Studio charges against the period the charge falls in), but it
// has not reported the renewal yet.
type lateProcessor struct {
	payments.Processor
	anchor time.Time
	mu     sync.Mutex
	qty    int
}

func (p *lateProcessor) SetStudioSites(_ context.Context, ch payments.StudioChange) (payments.Charge, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ch.From != p.qty {
		return payments.Charge{}, payments.ErrConflict
	}
	p.qty = ch.To
	var amount payments.Cents
	if ch.Prorate && ch.To > ch.From {
		n := 1
		for !payments.AddMonths(p.anchor, n).After(ch.ProrationDate) {
			n++
		}
		amount = payments.Prorate(payments.StudioSiteCents, payments.AddMonths(p.anchor, n-1), payments.AddMonths(p.anchor, n), ch.ProrationDate)
	}
	return payments.Charge{Amount: amount, Subscription: payments.Subscription{Ref: ch.SubscriptionRef, StudioSites: ch.To}}, nil
}

// Subscription has none to read back: the events' snapshots stand.
func (p *lateProcessor) Subscription(context.Context, string, string) (payments.Subscription, error) {
	return payments.Subscription{}, payments.ErrNoSubscription
}

func (p *lateProcessor) Portal(context.Context, payments.PortalRequest) (payments.Link, error) {
	return payments.Link{URL: "https://portal.example.com/x", ExpiresAt: time.Now().Add(time.Hour)}, nil
}

// TestNothingPricedAgainstAnEndedPeriod: a Studio site is removed at the
// period's end and archived an hour later, before the processor reports
// the renewal. GET /billing, the quote and the restore all work in the
// period the renewal starts: the quote's renews_at is the next period's
// end, the restore charges the quoted, prorated amount (not 0) and grants
// the new period's credits, a quote from the ended period is refused, and
// the late renewal keeps the restored site's balance.
func TestNothingPricedAgainstAnEndedPeriod(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	start := time.Date(2026, 1, 31, 10, 0, 0, 0, time.UTC)
	clk := &clock.Fixed{T: start}
	events := &eventlog.Writer{Clock: clk}
	store := &sites.Store{Table: table}
	proc := &lateProcessor{anchor: start}
	cr := &credits.Service{Table: table, Events: events}
	b := &billing.Service{Table: table, Clock: clk, Events: events, Credits: cr, Sites: store, Processor: proc, DashboardURL: "https://app.example.com"}
	svc := &studio.Service{Table: table, Clock: clk, Billing: b, Sites: store, Credits: cr, Events: events,
		Jobs: &jobs.Enqueuer{Clock: clk, Queue: nullQueue{}}, Counters: &ratelimit.Counters{Table: table, Clock: clk}, DashboardURL: "https://app.example.com"}
	account := ids.New()
	ctx := auth.With(context.Background(), auth.Principal{AccountID: account, Actor: auth.Actor{Type: auth.ActorAgent, ID: "k", Name: "test"}})
	tx := &dynamo.Tx{}
	tx.PutNew("account", map[string]any{"pk": dynamo.AccountPK(account), "sk": dynamo.AccountSK, "id": account, "billing_status": "none"})
	tx.PutNew("site", sites.NewPrimary(account, ids.New(), "https://acme.com", nil, nil, "https://app.example.com", clk.T))
	if err := table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	end := payments.AddMonths(start, 1)  // Feb 28
	next := payments.AddMonths(start, 2) // Mar 31, the anchor's day again
	if err := b.ProcessorEvent(ctx, payments.Event{ID: "evt-1", Type: payments.CheckoutCompleted, AccountID: account, Mode: payments.ModePlan,
		Subscription: payments.Subscription{Ref: "sub-1", Status: payments.StatusActive, PeriodStart: start, PeriodEnd: end}}); err != nil {
		t.Fatal(err)
	}

	clk.T = start.Add(10 * 24 * time.Hour)
	added, err := svc.Add(ctx, studio.AddInput{SiteURL: "https://two.example.com", SiteName: "Two"}, "")
	if err != nil {
		t.Fatal(err)
	}
	removed, err := svc.Remove(ctx, added.Site.ID)
	if err != nil || removed.RemovesAt == nil || *removed.RemovesAt != clock.Format(end) {
		t.Fatalf("remove: %+v, %v (period ends %v)", removed, err, end)
	}
	clk.T = end.Add(-time.Minute)
	early, err := b.Quote(ctx, account)
	if err != nil {
		t.Fatal(err)
	}

	// An hour past the period's end the site is archived; the processor
	// has not reported the renewal.
	clk.T = end.Add(time.Hour)
	if err := svc.ArchiveDue(ctx); err != nil {
		t.Fatal(err)
	}
	if s, err := store.Get(ctx, account, added.Site.ID); err != nil || s.Status != sites.StatusArchived {
		t.Fatalf("after the removal time: %+v, %v", s, err)
	}
	view, err := b.Get(ctx, account)
	if err != nil || view.CurrentPeriodEnd == nil || *view.CurrentPeriodEnd != clock.Format(next) {
		t.Fatalf("GET /billing: current_period_end %v, want %v (%v)", view.CurrentPeriodEnd, next, err)
	}
	q, err := b.Quote(ctx, account)
	if err != nil {
		t.Fatal(err)
	}
	want := payments.Prorate(payments.StudioSiteCents, end, next, clk.T.Truncate(time.Second))
	if q.DueToday != want || want == 0 || q.RenewsAt == nil || *q.RenewsAt != clock.Format(next) {
		t.Fatalf("quote: due_today %v renews_at %v, want %v and %v", q.DueToday, q.RenewsAt, want, next)
	}
	if _, err := svc.Restore(ctx, added.Site.ID, &early.ProrationDate, ""); !apperr.Is(err, apperr.ValidationFailed) {
		t.Fatalf("restore with a quote of the ended period: %v, want validation_failed", err)
	}
	restored, err := svc.Restore(ctx, added.Site.ID, &q.ProrationDate, "")
	if err != nil {
		t.Fatal(err)
	}
	if restored.Charged == nil || restored.Charged.Amount != q.DueToday || restored.Site.Status != sites.StatusActive {
		t.Fatalf("restore: %+v, want the quote's %v charged", restored, q.DueToday)
	}
	c, err := cr.Get(ctx, account, added.Site.ID)
	if err != nil || c.PeriodStart == nil || *c.PeriodStart != clock.Format(end) || c.Articles.Balance != credits.StudioAllowance.Articles {
		t.Fatalf("restored site's credits: %+v, %v", c, err)
	}

	// The site spends a credit; the late renewal keeps its balance.
	if _, err := cr.Spend(ctx, credits.SpendRequest{AccountID: account, SiteID: added.Site.ID, Kind: credits.Articles, N: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.ProcessorEvent(ctx, payments.Event{ID: "evt-renewal", Type: payments.InvoicePaid, AccountID: account, Amount: payments.PlanCents,
		Subscription: payments.Subscription{Ref: "sub-1", Status: payments.StatusActive, PeriodStart: end, PeriodEnd: next}}); err != nil {
		t.Fatal(err)
	}
	if c, err := cr.Get(ctx, account, added.Site.ID); err != nil || c.Articles.Balance != credits.StudioAllowance.Articles-1 {
		t.Fatalf("after the late renewal: %+v, %v; want the spent credit kept spent", c, err)
	}
}
