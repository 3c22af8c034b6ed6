package payhook_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/payhook"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/stripepay"
)

// fakeSink records the events it is given.
type fakeSink struct {
	mu  sync.Mutex
	got []payments.Event
	err error
}

func (f *fakeSink) ProcessorEvent(_ context.Context, ev payments.Event) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.got = append(f.got, ev)
	return f.err
}

// refs knows the sample subscription.
type refs struct{}

func (refs) AccountOf(_ context.Context, ref string) (string, error) {
	if ref == stripepaytest.Subscription {
		return stripepaytest.Account, nil
	}
	return "", apperr.NotFoundf("no such ref")
}

func receive(t *testing.T, rc *stripepay.Receiver, name string, mutate func(body string) string) int {
	t.Helper()
	req := stripepaytest.Load(t, name)
	if mutate != nil {
		req.Body = mutate(req.Body)
	}
	resp, err := gateway.Handler(api.ReadBody(payhook.Handler{Receiver: rc}), nil)(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode
}

func receiver(at time.Time, sink payments.Sink) *stripepay.Receiver {
	return &stripepay.Receiver{Secret: stripepaytest.Secret, StudioPriceID: stripepaytest.StudioPrice, Clock: &clock.Fixed{T: at}, Sink: sink, Refs: refs{}}
}

// Each signed sample becomes the processor event the billing state
// machine follows.
func TestReceiverConvertsSamples(t *testing.T) {
	want := []struct {
		typ    payments.EventType
		status string
		cancel bool
	}{
		{payments.CheckoutCompleted, payments.StatusTrialing, false},
		{payments.SubscriptionUpdated, payments.StatusTrialing, true},
		{payments.InvoiceFailed, payments.StatusActive, false},
		{payments.InvoicePaid, payments.StatusActive, false},
		{payments.SubscriptionEnded, payments.StatusCanceled, false},
	}
	for i, s := range stripepaytest.Samples() {
		t.Run(s.File, func(t *testing.T) {
			sink := &fakeSink{}
			if code := receive(t, receiver(s.At.Add(time.Minute), sink), s.File, nil); code != http.StatusOK {
				t.Fatalf("status %d", code)
			}
			if len(sink.got) != 1 {
				t.Fatalf("%d events, want 1", len(sink.got))
			}
			ev := sink.got[0]
			w := want[i]
			if ev.Type != w.typ || ev.AccountID != stripepaytest.Account || ev.Subscription.Ref != stripepaytest.Subscription ||
				ev.Subscription.Status != w.status || ev.Subscription.CancelAtPeriodEnd != w.cancel || ev.ID == "" {
				t.Fatalf("event %+v, want %+v", ev, w)
			}
			if ev.Subscription.PeriodStart.IsZero() || !ev.Subscription.PeriodEnd.After(ev.Subscription.PeriodStart) {
				t.Fatalf("period %v to %v", ev.Subscription.PeriodStart, ev.Subscription.PeriodEnd)
			}
		})
	}
	checkout := &fakeSink{}
	receive(t, receiver(stripepaytest.Start, checkout), "stripe-checkout-completed.json", nil)
	if ev := checkout.got[0]; ev.Mode != payments.ModeTrial || !ev.Subscription.TrialEnd.Equal(stripepaytest.Start.Add(7*24*time.Hour)) {
		t.Fatalf("checkout event: %+v", ev)
	}
}

// A body that is not what was signed, a signature too old for the service
// clock, and a receiver without a secret are refused; nothing is applied.
func TestReceiverRefuses(t *testing.T) {
	s := stripepaytest.Samples()[0]
	sink := &fakeSink{}
	if code := receive(t, receiver(s.At, sink), s.File, func(b string) string { return strings.Replace(b, "trial", "plan", 1) }); code != http.StatusBadRequest {
		t.Fatalf("tampered body: status %d, want 400", code)
	}
	if code := receive(t, receiver(s.At.Add(6*time.Minute), sink), s.File, nil); code != http.StatusBadRequest {
		t.Fatalf("stale signature: status %d, want 400", code)
	}
	if code := receive(t, receiver(s.At.Add(-6*time.Minute), sink), s.File, nil); code != http.StatusBadRequest {
		t.Fatalf("signature from the future: status %d, want 400", code)
	}
	off := receiver(s.At, sink)
	off.Secret = ""
	if code := receive(t, off, s.File, nil); code != http.StatusNotFound {
		t.Fatalf("no secret: status %d, want 404", code)
	}
	if len(sink.got) != 0 {
		t.Fatalf("refused webhooks applied %d events", len(sink.got))
	}
}

// A failure to apply answers 500 so Stripe delivers again; an event for
// no known account is acknowledged.
func TestReceiverRetriesFailures(t *testing.T) {
	s := stripepaytest.Samples()[1]
	failing := &fakeSink{err: context.DeadlineExceeded}
	if code := receive(t, receiver(s.At, failing), s.File, nil); code != http.StatusInternalServerError {
		t.Fatalf("failed apply: status %d, want 500", code)
	}
	unknown := &fakeSink{err: apperr.NotFoundf("no account")}
	if code := receive(t, receiver(s.At, unknown), s.File, nil); code != http.StatusOK {
		t.Fatalf("unknown account: status %d, want 200", code)
	}
}
