package billing_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/edge/pages"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
	"rvcontent/test/dynamotest"
)

// dayProcessor is a processor whose checkout sessions close after 24
// hours, as Stripe's do, and whose subscription schedules cancellation
// when cancel is set. Only Checkout, Subscription, CancelNow and
// ExpireCheckout are used.
type dayProcessor struct {
	payments.Processor
	clock    clock.Clock
	sessions []payments.CheckoutRequest
	cancel   bool
	// cancelled are the subscriptions CancelNow ended.
	cancelled []string
	// expired are the checkout sessions ExpireCheckout closed.
	expired []string
	// portals are the portal sessions Portal opened (portallink_test.go).
	portals []payments.PortalRequest
}

func (p *dayProcessor) ExpireCheckout(_ context.Context, _, id string) error {
	p.expired = append(p.expired, id)
	return nil
}

func (p *dayProcessor) Subscription(_ context.Context, _, ref string) (payments.Subscription, error) {
	return payments.Subscription{Ref: ref, Status: payments.StatusTrialing, CancelAtPeriodEnd: p.cancel}, nil
}

func (p *dayProcessor) Checkout(_ context.Context, req payments.CheckoutRequest) (payments.Link, error) {
	p.sessions = append(p.sessions, req)
	n := len(p.sessions)
	expires := p.clock.Now().Add(24 * time.Hour)
	if req.ExpiresAt.Before(expires) {
		expires = req.ExpiresAt
	}
	return payments.Link{ID: fmt.Sprintf("cs_%d", n), URL: fmt.Sprintf("https://pay.example/cs_%d", n), ExpiresAt: expires, CustomerRef: "cus_1"}, nil
}

type relayRig struct {
	svc     *billing.Service
	clock   *clock.Fixed
	proc    *dayProcessor
	account string
	page    *httptest.Server
}

func newRelayRig(t *testing.T) *relayRig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	r := &relayRig{clock: &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}, account: ids.New()}
	r.proc = &dayProcessor{clock: r.clock}
	r.svc = &billing.Service{
		Table: table, Clock: r.clock, Events: &eventlog.Writer{Clock: r.clock}, Sites: &sites.Store{Table: table},
		Processor: r.proc, DashboardURL: "https://app.example",
		Links: &billing.Links{BaseURL: "https://svc.example", Keys: secret.Static(strings.Repeat("k", 32))},
	}
	if err := table.Put(context.Background(), map[string]string{"pk": dynamo.AccountPK(r.account), "sk": dynamo.AccountSK}); err != nil {
		t.Fatal(err)
	}
	// The link's page asks the billing function's endpoint to open the
	// session, as the pages function does (here in-process, without the
	// Lambda invoke between them).
	fn := http.NewServeMux()
	handlers := (&agentapi.Billing{Service: r.svc}).Handlers()
	fn.HandleFunc(routes.OpenCheckoutSession.Pattern(), handlers[routes.OpenCheckoutSession.Key()])
	fn.HandleFunc(routes.OpenPortalSession.Pattern(), handlers[routes.OpenPortalSession.Key()])
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+billing.CheckoutLinkPath, (&pages.Checkouts{Billing: &pages.API{Handler: fn}}).Open)
	mux.HandleFunc("GET "+billing.PortalLinkPath, (&pages.Portals{Billing: &pages.API{Handler: fn}}).Open)
	r.page = httptest.NewServer(mux)
	t.Cleanup(r.page.Close)
	return r
}

func (r *relayRig) checkout(t *testing.T) billing.Checkout {
	t.Helper()
	c, err := r.svc.Checkout(context.Background(), r.account, "owner@example.com")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// open opens the link in a client that does not follow redirects and
// returns the status and where it leads.
func (r *relayRig) open(t *testing.T, link string) (int, string) {
	t.Helper()
	u := r.page.URL + strings.TrimPrefix(link, "https://svc.example")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Location")
}

func (r *relayRig) advance(d time.Duration) { r.clock.T = r.clock.T.Add(d) }

// A processor whose checkout closes after a day still gets a link that
// works for 7 days: the service's own, which leads to the open session, or
// to a new one once that closed.
func TestCheckoutLinkOutlivesTheProcessorsSession(t *testing.T) {
	r := newRelayRig(t)
	c := r.checkout(t)
	if !strings.HasPrefix(c.CheckoutURL, "https://svc.example/checkout/") || c.ExpiresAt != "2026-03-08T12:00:00.000000Z" {
		t.Fatalf("checkout = %+v, want the service's own link for 7 days", c)
	}
	if status, to := r.open(t, c.CheckoutURL); status != http.StatusSeeOther || to != "https://pay.example/cs_1" {
		t.Fatalf("open = %d %q, want the first session", status, to)
	}

	r.advance(12 * time.Hour)
	if again := r.checkout(t); again.CheckoutURL != c.CheckoutURL || again.ExpiresAt != c.ExpiresAt {
		t.Fatalf("checkout again = %+v, want the same link", again)
	}
	if _, to := r.open(t, c.CheckoutURL); to != "https://pay.example/cs_1" || len(r.proc.sessions) != 1 {
		t.Fatalf("open inside the session's life = %q after %d sessions", to, len(r.proc.sessions))
	}

	r.advance(3 * 24 * time.Hour)
	if _, to := r.open(t, c.CheckoutURL); to != "https://pay.example/cs_2" {
		t.Fatalf("open after the session closed = %q, want a new session", to)
	}
	if !slices.Equal(r.proc.expired, []string{"cs_1"}) {
		t.Fatalf("expired sessions %v, want the replaced cs_1", r.proc.expired)
	}
	if req := r.proc.sessions[1]; req.Mode != payments.ModeTrial || req.CustomerRef != "cus_1" || !req.ExpiresAt.Equal(r.clock.T.Add(-84*time.Hour).Add(7*24*time.Hour)) {
		t.Fatalf("second session request = %+v", req)
	}

	r.advance(4 * 24 * time.Hour)
	if status, _ := r.open(t, c.CheckoutURL); status != http.StatusNotFound {
		t.Fatalf("open after 7 days = %d, want 404", status)
	}
	if fresh := r.checkout(t); fresh.CheckoutURL == c.CheckoutURL {
		t.Fatal("an expired link was handed out again")
	}
}

// A forged or altered link opens nothing.
func TestCheckoutLinkCannotBeForged(t *testing.T) {
	r := newRelayRig(t)
	link := r.checkout(t).CheckoutURL
	token := strings.TrimPrefix(link, "https://svc.example/checkout/")
	payload, sig, _ := strings.Cut(token, ".")
	// A later end, signed with the old signature.
	longer := base64.RawURLEncoding.EncodeToString([]byte(r.account + ".trial.4102444800"))
	for _, bad := range []string{"x", payload, payload + "." + sig[:len(sig)-2] + "AA", longer + "." + sig} {
		if _, err := r.svc.OpenCheckout(context.Background(), bad); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("token %q: %v, want not_found", bad, err)
		}
	}
	if len(r.proc.sessions) != 1 {
		t.Fatalf("%d sessions, want 1", len(r.proc.sessions))
	}
}

// Once the owner completed checkout, the link has nothing left to pay.
func TestCheckoutLinkAfterCompletion(t *testing.T) {
	r := newRelayRig(t)
	link := r.checkout(t).CheckoutURL
	err := r.svc.ProcessorEvent(context.Background(), payments.Event{
		ID: "evt_1", Type: payments.CheckoutCompleted, AccountID: r.account, Mode: payments.ModeTrial,
		Subscription: payments.Subscription{
			Ref: "sub_1", CustomerRef: "cus_1", Status: payments.StatusTrialing,
			TrialEnd: r.clock.T.Add(7 * 24 * time.Hour), PeriodStart: r.clock.T, PeriodEnd: r.clock.T.Add(7 * 24 * time.Hour),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if status, _ := r.open(t, link); status != http.StatusConflict {
		t.Fatalf("open after completion = %d, want 409", status)
	}
}

// Subscription updates follow the processor's state now, not the snapshot
// of the event that came last: a cancel and a resume delivered in the
// other order (Stripe delivers webhooks unordered) leave the account as
// the processor holds it.
func TestSubscriptionUpdatesFollowTheProcessor(t *testing.T) {
	r := newRelayRig(t)
	r.checkout(t)
	start := payments.Subscription{
		Ref: "sub_1", CustomerRef: "cus_1", Status: payments.StatusTrialing,
		TrialEnd: r.clock.T.Add(7 * 24 * time.Hour), PeriodStart: r.clock.T, PeriodEnd: r.clock.T.Add(7 * 24 * time.Hour),
	}
	event := func(id string, typ payments.EventType, cancel bool) {
		sub := start
		sub.CancelAtPeriodEnd = cancel
		if err := r.svc.ProcessorEvent(context.Background(), payments.Event{ID: id, Type: typ, AccountID: r.account, Mode: payments.ModeTrial, Subscription: sub}); err != nil {
			t.Fatal(err)
		}
	}
	cancelling := func() bool {
		b, err := r.svc.Get(context.Background(), r.account)
		if err != nil {
			t.Fatal(err)
		}
		return b.CancelAtPeriodEnd
	}
	event("evt_start", payments.CheckoutCompleted, false)
	// Cancelled, then resumed at the processor; the resume's update
	// arrives first, the cancel's last.
	r.proc.cancel = false
	event("evt_resume", payments.SubscriptionUpdated, false)
	event("evt_cancel", payments.SubscriptionUpdated, true)
	if cancelling() {
		t.Fatal("a stale cancellation that arrived last scheduled the end of a resumed subscription")
	}
	// Cancelled at the processor: an update saying otherwise does not undo it.
	r.proc.cancel = true
	event("evt_stale", payments.SubscriptionUpdated, false)
	if !cancelling() {
		t.Fatal("the processor's scheduled cancellation is not shown")
	}
}
