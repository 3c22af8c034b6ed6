package billing_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82"

	"rvcontent/shared/compose"
	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// Stripe opens a trial with an invoice of 0 USD that is paid at once
// (billing_reason subscription_create, invoice.paid). Spec 3: only
// POST /billing/activate or the trial running out into a paid invoice
// moves a trial to active (billing.activated); the trial's own invoice
// pays nothing, so the account stays trialing, with the trial's credits
// and without the paid plan.
func TestStripeTrialInvoiceDoesNotActivate(t *testing.T) {
	env := startCheckedOut(t)
	g := env.Stack.Graph
	ctx := context.Background()

	// The trial's invoice, as Stripe sends it right after the checkout.
	now := g.Clock.Now()
	trialEnd := stripepaytest.Start.Add(7 * 24 * time.Hour)
	sendInvoicePaid(t, env, "subscription_create", 0, stripepaytest.Start.Add(-time.Second), trialEnd)

	b, err := compose.Billing(g).Get(ctx, stripepaytest.Account)
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != "trialing" || b.Paid || b.TrialEndsAt == nil {
		t.Fatalf("after the trial's 0 USD invoice: status %s, paid %v, trial_ends_at %v; want an unpaid trial", b.Status, b.Paid, b.TrialEndsAt)
	}
	page, err := compose.EventStore(g).List(ctx, stripepaytest.Account, eventlog.Query{Since: now.Add(-time.Hour), Limit: 100, Types: []string{"billing.activated"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Events) != 0 {
		t.Fatalf("billing.activated after the trial's 0 USD invoice: %v", page.Events)
	}
}

// Adding a Studio site charges a prorated invoice at once
// (proration_behavior always_invoice, billing_reason subscription_update),
// which Stripe also reports as invoice.paid. The service recorded that
// charge itself (spec 4.5); the invoice starts no new period, so it grants
// no credits (credits.reset is for a new period, spec 6) and leaves the
// period as it was.
func TestStripeProrationInvoiceIsNotARenewal(t *testing.T) {
	env := startCheckedOut(t)
	g := env.Stack.Graph
	ctx := context.Background()

	// The trial runs out into the paid plan.
	trialEnd := stripepaytest.Start.Add(7 * 24 * time.Hour)
	monthEnd := trialEnd.AddDate(0, 1, 0)
	env.Advance(t, trialEnd.Sub(g.Clock.Now()).Seconds()+1)
	sendInvoicePaid(t, env, "subscription_cycle", 4950, trialEnd, monthEnd)
	before, err := compose.Billing(g).Get(ctx, stripepaytest.Account)
	if err != nil {
		t.Fatal(err)
	}
	if before.Status != "active" || !before.Paid {
		t.Fatalf("after the trial's end was paid: %+v", before)
	}

	// Ten days on, a Studio site's prorated charge is paid.
	env.Advance(t, 10*24*3600)
	now := g.Clock.Now()
	sendInvoicePaid(t, env, "subscription_update", 3300, now, monthEnd)
	after, err := compose.Billing(g).Get(ctx, stripepaytest.Account)
	if err != nil {
		t.Fatal(err)
	}
	if after.Status != "active" || *after.CurrentPeriodEnd != *before.CurrentPeriodEnd {
		t.Fatalf("after a proration invoice: %+v, want the period of %+v", after, before)
	}
	page, err := compose.EventStore(g).List(ctx, stripepaytest.Account, eventlog.Query{Since: now.Add(-time.Second), Limit: 100, Types: []string{"credits.reset", "billing.activated"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Events) != 0 {
		t.Fatalf("a proration invoice granted a new period: %v", page.Events)
	}

	// A declined Studio charge answered payment_failed and changed
	// nothing (spec 4.5); Stripe's report of that invoice does not make
	// the account past_due either.
	env.Advance(t, 3600)
	now = g.Clock.Now()
	sendInvoice(t, env, "invoice.payment_failed", "subscription_update", 3000, now, monthEnd)
	if b, err := compose.Billing(g).Get(ctx, stripepaytest.Account); err != nil || b.Status != "active" || b.PastDueSince != nil {
		t.Fatalf("after a declined proration invoice: %+v (%v), want active", b, err)
	}
	page, err = compose.EventStore(g).List(ctx, stripepaytest.Account, eventlog.Query{Since: now.Add(-time.Second), Limit: 100, Types: []string{"billing.payment_failed"}})
	if err != nil || len(page.Events) != 0 {
		t.Fatalf("billing.payment_failed after a declined proration invoice: %v (%v)", page.Events, err)
	}
}

// startCheckedOut starts a dev stack of its own that takes Stripe's test
// webhooks, seeds the Stripe test account, moves the clock to the
// recorded Stripe events' time and sends the recorded checkout: the
// account is on its trial.
func startCheckedOut(t *testing.T) *testenv.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
	seedAccount(t, env, stripepaytest.Account)
	if d := stripepaytest.Start.Sub(env.Stack.Graph.Clock.Now()); d > 0 {
		env.Advance(t, d.Seconds()+1)
	}
	checkout := stripepaytest.Load(t, "stripe-checkout-completed.json")
	env.Client().Do(t, "POST", routes.PaymentsWebhookPath, checkout.Body,
		"Stripe-Signature: "+checkout.Headers["stripe-signature"], "Content-Type: application/json").Expect(t, http.StatusOK)
	return env
}

// sendInvoicePaid posts a signed Stripe invoice.paid of the samples'
// subscription, for reason and amount (cents), billing start to end.
func sendInvoicePaid(t *testing.T, env *testenv.Env, reason string, amount int, start, end time.Time) {
	t.Helper()
	sendInvoice(t, env, "invoice.paid", reason, amount, start, end)
}

// sendInvoice posts a signed Stripe invoice event of type typ (invoice.paid
// or invoice.payment_failed) of the samples' subscription.
func sendInvoice(t *testing.T, env *testenv.Env, typ, reason string, amount int, start, end time.Time) {
	t.Helper()
	paid, status := amount, "paid"
	if typ == "invoice.payment_failed" {
		paid, status = 0, "open"
	}
	now := env.Stack.Graph.Clock.Now()
	id := fmt.Sprintf("in_Sample%s%d", strings.ReplaceAll(reason, "_", ""), now.UnixNano())
	invoice := map[string]any{
		"id": id, "object": "invoice", "billing_reason": reason, "customer": stripepaytest.Customer,
		"currency": "usd", "amount_due": amount, "amount_paid": paid, "status": status,
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
			"subscription": stripepaytest.Subscription, "metadata": map[string]any{"account_id": stripepaytest.Account},
		}},
		"lines": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "il_" + id, "object": "line_item", "amount": amount, "currency": "usd",
			"period": map[string]any{"start": start.Unix(), "end": end.Unix()},
		}}},
	}
	body, err := json.Marshal(map[string]any{
		"id": "evt_" + id, "object": "event", "api_version": stripe.APIVersion, "created": now.Unix(), "type": typ,
		"livemode": false, "pending_webhooks": 1, "request": map[string]any{"id": nil, "idempotency_key": nil},
		"data": map[string]any{"object": invoice},
	})
	if err != nil {
		t.Fatal(err)
	}
	req := stripepaytest.Request(body, now)
	env.Client().Do(t, "POST", routes.PaymentsWebhookPath, req.Body,
		"Stripe-Signature: "+req.Headers["stripe-signature"], "Content-Type: application/json").Expect(t, http.StatusOK)
}
