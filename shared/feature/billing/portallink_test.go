package billing_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// Portal opens a portal session that lasts minutes, as Stripe's do.
func (p *dayProcessor) Portal(_ context.Context, req payments.PortalRequest) (payments.Link, error) {
	p.portals = append(p.portals, req)
	n := len(p.portals)
	return payments.Link{ID: fmt.Sprintf("bps_%d", n), URL: fmt.Sprintf("https://pay.example/bps_%d", n), ExpiresAt: p.clock.Now().Add(5 * time.Minute)}, nil
}

// subscribe completes the rig account's checkout: a trial subscription.
func (r *relayRig) subscribe(t *testing.T) {
	t.Helper()
	r.checkout(t)
	err := r.svc.ProcessorEvent(context.Background(), payments.Event{
		ID: "evt_sub", Type: payments.CheckoutCompleted, AccountID: r.account, Mode: payments.ModeTrial,
		Subscription: payments.Subscription{
			Ref: "sub_1", CustomerRef: "cus_1", Status: payments.StatusTrialing,
			TrialEnd: r.clock.T.Add(7 * 24 * time.Hour), PeriodStart: r.clock.T, PeriodEnd: r.clock.T.Add(7 * 24 * time.Hour),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A processor whose portal session lasts minutes still gets a portal link
// that works for 24 hours (spec 4.9, 8): the service's own, which opens a
// new portal session each time it is followed; the same link stands in
// action_url of a declined payment.
func TestPortalLinkOutlivesTheProcessorsSession(t *testing.T) {
	r := newRelayRig(t)
	r.subscribe(t)
	p, err := r.svc.Portal(context.Background(), r.account)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.PortalURL, "https://svc.example/portal/") || p.ExpiresAt != "2026-03-02T12:00:00.000000Z" {
		t.Fatalf("portal = %+v, want the service's own link for 24 hours", p)
	}
	before := len(r.proc.portals)
	r.advance(20 * time.Hour)
	if status, to := r.open(t, p.PortalURL); status != http.StatusSeeOther || to != fmt.Sprintf("https://pay.example/bps_%d", before+1) {
		t.Fatalf("open = %d %q, want a new portal session", status, to)
	}
	if req := r.proc.portals[before]; req.CustomerRef != "cus_1" || req.SubscriptionRef != "sub_1" || req.ReturnURL != "https://app.example/billing" {
		t.Fatalf("portal session request = %+v", req)
	}

	declined := r.svc.ChargeError(context.Background(), r.account, payments.ErrDeclined)
	var e *apperr.Error
	if !apperr.Is(declined, apperr.PaymentFailed) || !errors.As(declined, &e) || !strings.HasPrefix(e.ActionURL, "https://svc.example/portal/") {
		t.Fatalf("declined payment = %#v, want payment_failed with the service's portal link", declined)
	}

	r.advance(4*time.Hour + time.Second)
	if status, _ := r.open(t, p.PortalURL); status != http.StatusNotFound {
		t.Fatalf("open after 24 hours = %d, want 404", status)
	}
}

// A portal link is not a checkout link, nor the other way round; one of a
// deleted account opens nothing, and one of an account without a
// subscription has nothing to manage.
func TestPortalLinkRefusals(t *testing.T) {
	r := newRelayRig(t)
	r.subscribe(t)
	p, err := r.svc.Portal(context.Background(), r.account)
	if err != nil {
		t.Fatal(err)
	}
	checkout := "https://svc.example/checkout/" + strings.TrimPrefix(p.PortalURL, "https://svc.example/portal/")
	if status, _ := r.open(t, checkout); status != http.StatusNotFound {
		t.Fatalf("a portal token as a checkout link = %d, want 404", status)
	}
	if _, err := r.svc.OpenPortal(context.Background(), "x.y"); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("a forged portal token: %v, want not_found", err)
	}

	other := ids.New()
	if err := r.svc.Table.Put(context.Background(), map[string]string{"pk": dynamo.AccountPK(other), "sk": dynamo.AccountSK}); err != nil {
		t.Fatal(err)
	}
	link, err := r.svc.Links.PortalLinkOf(other, r.clock.T.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if status, _ := r.open(t, link); status != http.StatusConflict {
		t.Fatalf("portal link of an account without a subscription = %d, want 409", status)
	}

	before := len(r.proc.portals)
	r.tombstone(t)
	if status, _ := r.open(t, p.PortalURL); status != http.StatusNotFound {
		t.Fatalf("portal link of a deleted account = %d, want 404", status)
	}
	if len(r.proc.portals) != before {
		t.Fatal("refused portal links opened portal sessions")
	}
}
