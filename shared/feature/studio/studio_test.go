package studio_test

import (
	"context"
	"errors"
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

// gatedProcessor is a payments.Processor whose Studio charges wait until
// the test releases them, and then answer with outcome.
type gatedProcessor struct {
	payments.Processor
	started chan struct{}
	release chan error
	mu      sync.Mutex
	charges int
}

func (g *gatedProcessor) SetStudioSites(_ context.Context, ch payments.StudioChange) (payments.Charge, error) {
	g.started <- struct{}{}
	if err := <-g.release; err != nil {
		return payments.Charge{}, err
	}
	g.mu.Lock()
	g.charges++
	g.mu.Unlock()
	return payments.Charge{Amount: 1234, Subscription: payments.Subscription{Ref: ch.SubscriptionRef, StudioSites: ch.To}}, nil
}

// Subscription has none to read back: the events' snapshots stand.
func (g *gatedProcessor) Subscription(context.Context, string, string) (payments.Subscription, error) {
	return payments.Subscription{}, payments.ErrNoSubscription
}

func (g *gatedProcessor) Portal(context.Context, payments.PortalRequest) (payments.Link, error) {
	return payments.Link{URL: "https://portal.example.com/x", ExpiresAt: time.Now().Add(time.Hour)}, nil
}

type nullQueue struct{}

func (nullQueue) Send(context.Context, []byte, time.Duration) error { return nil }

type rig struct {
	svc     *studio.Service
	sites   *sites.Store
	proc    *gatedProcessor
	account string
	ctx     context.Context
}

// newRig makes an account with a primary site on the paid plan.
func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	clk := &clock.Fixed{T: time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC)}
	events := &eventlog.Writer{Clock: clk}
	store := &sites.Store{Table: table}
	proc := &gatedProcessor{started: make(chan struct{}, 1), release: make(chan error, 1)}
	cr := &credits.Service{Table: table, Events: events}
	b := &billing.Service{Table: table, Clock: clk, Events: events, Credits: cr, Sites: store, Processor: proc, DashboardURL: "https://app.example.com"}
	r := &rig{
		svc: &studio.Service{Table: table, Clock: clk, Billing: b, Sites: store, Credits: cr, Events: events,
			Jobs: &jobs.Enqueuer{Clock: clk, Queue: nullQueue{}}, Counters: &ratelimit.Counters{Table: table, Clock: clk},
			DashboardURL: "https://app.example.com"},
		sites: store, proc: proc, account: ids.New(),
	}
	r.ctx = auth.With(context.Background(), auth.Principal{AccountID: r.account, Actor: auth.Actor{Type: auth.ActorAgent, ID: "k", Name: "test"}})
	tx := &dynamo.Tx{}
	tx.PutNew("account", map[string]any{"pk": dynamo.AccountPK(r.account), "sk": dynamo.AccountSK, "id": r.account, "billing_status": "none"})
	tx.PutNew("site", sites.NewPrimary(r.account, ids.New(), "https://acme.com", nil, nil, "https://app.example.com", clk.T))
	if err := table.Commit(r.ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	err := b.ProcessorEvent(r.ctx, payments.Event{ID: "evt-1", Type: payments.CheckoutCompleted, AccountID: r.account, Mode: payments.ModePlan,
		Subscription: payments.Subscription{Ref: "sub-1", Status: payments.StatusActive, PeriodStart: clk.T, PeriodEnd: clk.T.AddDate(0, 1, 0)}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (r *rig) studioSites(t *testing.T) []sites.Site {
	t.Helper()
	all, err := r.sites.All(r.ctx, r.account)
	if err != nil {
		t.Fatal(err)
	}
	var out []sites.Site
	for _, s := range all {
		if s.Kind == sites.KindStudio {
			out = append(out, s)
		}
	}
	return out
}

// add starts an add in the background and waits until its charge is in
// flight.
func (r *rig) add(t *testing.T) chan error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := r.svc.Add(r.ctx, studio.AddInput{SiteURL: "https://two.example.com", SiteName: "Two"}, "")
		done <- err
	}()
	<-r.proc.started
	return done
}

// While the charge is in flight the site is pending and another site
// change is refused; a successful charge makes it active.
func TestPendingWhileCharging(t *testing.T) {
	r := newRig(t)
	done := r.add(t)
	list := r.studioSites(t)
	if len(list) != 1 || list[0].Status != sites.StatusPending {
		t.Fatalf("during the charge: %+v, want one pending site", list)
	}
	if _, err := r.svc.Add(r.ctx, studio.AddInput{SiteURL: "https://three.example.com", SiteName: "Three"}, ""); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("a second add during the charge: %v, want conflict", err)
	}
	if _, err := r.svc.Remove(r.ctx, list[0].ID); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("removing a pending site: %v, want conflict", err)
	}
	r.proc.release <- nil
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if list = r.studioSites(t); len(list) != 1 || list[0].Status != sites.StatusActive {
		t.Fatalf("after the charge: %+v", list)
	}
	if r.proc.charges != 1 {
		t.Fatalf("%d charges, want 1", r.proc.charges)
	}
}

// A declined charge leaves nothing: no site, no lock.
func TestDeclinedChargeLeavesNothing(t *testing.T) {
	r := newRig(t)
	done := r.add(t)
	r.proc.release <- payments.ErrDeclined
	err := <-done
	if !apperr.Is(err, apperr.PaymentFailed) {
		t.Fatalf("declined: %v, want payment_failed", err)
	}
	var e *apperr.Error
	if !errors.As(err, &e) || e.ActionURL == "" {
		t.Fatalf("payment_failed without action_url: %v", err)
	}
	if list := r.studioSites(t); len(list) != 0 {
		t.Fatalf("sites after a declined charge: %+v", list)
	}
	done = r.add(t) // the lock was released
	r.proc.release <- payments.ErrAuthentication
	if err := <-done; !apperr.Is(err, apperr.HumanRequired) {
		t.Fatalf("authentication: %v, want human_required", err)
	}
	if list := r.studioSites(t); len(list) != 0 {
		t.Fatalf("sites after a refused charge: %+v", list)
	}
}
