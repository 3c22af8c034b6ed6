package billing_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// CancelNow records the subscriptions cancelled at once.
func (p *dayProcessor) CancelNow(_ context.Context, _, ref string) error {
	p.cancelled = append(p.cancelled, ref)
	return nil
}

// tombstone makes the rig's account a deleted one, as erasure does.
func (r *relayRig) tombstone(t *testing.T) {
	t.Helper()
	err := r.svc.Table.Put(context.Background(), map[string]string{"pk": dynamo.AccountPK(r.account), "sk": dynamo.AccountSK, "deleted_at": "2026-03-01T12:00:00.000000Z"})
	if err != nil {
		t.Fatal(err)
	}
}

// A checkout the owner completes on a page opened before the account was
// deleted starts nothing: the processor's subscription is cancelled at
// once (nothing is charged for an account that no longer exists), the
// completion is refused, and no billing record comes back for the erased
// account. The service's own checkout link of a deleted account opens no
// new session.
func TestCheckoutOfDeletedAccount(t *testing.T) {
	r := newRelayRig(t)
	link := r.checkout(t).CheckoutURL
	r.tombstone(t)
	sessions := len(r.proc.sessions)
	if status, _ := r.open(t, link); status != http.StatusNotFound {
		t.Fatalf("checkout link of a deleted account = %d, want 404", status)
	}
	if len(r.proc.sessions) != sessions {
		t.Fatal("the link of a deleted account opened a checkout session")
	}
	err := r.svc.ProcessorEvent(context.Background(), payments.Event{
		ID: "evt_1", Type: payments.CheckoutCompleted, AccountID: r.account, Mode: payments.ModeTrial,
		Subscription: payments.Subscription{
			Ref: "sub_1", CustomerRef: "cus_1", Status: payments.StatusTrialing,
			TrialEnd: r.clock.T.Add(7 * 24 * time.Hour), PeriodStart: r.clock.T, PeriodEnd: r.clock.T.Add(7 * 24 * time.Hour),
		},
	})
	if !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("checkout completed for a deleted account: %v, want conflict", err)
	}
	if len(r.proc.cancelled) != 1 || r.proc.cancelled[0] != "sub_1" {
		t.Fatalf("cancelled at the processor: %v, want [sub_1]", r.proc.cancelled)
	}
	// The subscription's end, reported back, needs nothing.
	err = r.svc.ProcessorEvent(context.Background(), payments.Event{
		ID: "evt_2", Type: payments.SubscriptionEnded, AccountID: r.account,
		Subscription: payments.Subscription{Ref: "sub_1", CustomerRef: "cus_1", Status: payments.StatusCanceled},
	})
	if err != nil {
		t.Fatalf("end of a deleted account's subscription: %v", err)
	}
	b, err := r.svc.Get(context.Background(), r.account)
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != "none" {
		t.Fatalf("billing of a deleted account: %+v", b)
	}
}
