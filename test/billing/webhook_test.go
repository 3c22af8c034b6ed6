package billing_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/compose"
	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// Stripe's signed webhooks (the samples of events/) drive the same state
// machine through the payments webhook function: trial started,
// cancellation scheduled, payment failed, paid, ended; a redelivery
// changes nothing and a forged one is refused.
func TestStripeWebhooksDriveBilling(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
	g := env.Stack.Graph
	ctx := context.Background()
	seedAccount(t, env, stripepaytest.Account)

	send := func(file string) *testenv.Response {
		t.Helper()
		req := stripepaytest.Load(t, file)
		return env.Client().Do(t, "POST", routes.PaymentsWebhookPath, req.Body,
			"Stripe-Signature: "+req.Headers["stripe-signature"], "Content-Type: application/json")
	}
	types := func(since time.Time) []string {
		t.Helper()
		page, err := compose.EventStore(g).List(ctx, stripepaytest.Account, eventlog.Query{Since: since, Limit: 100, Types: []string{
			"billing.trial_started", "billing.canceled", "billing.payment_failed", "billing.activated", "billing.ended",
		}})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range page.Events {
			out = append(out, e.Type)
		}
		return out
	}
	wantStatus := []string{"trialing", "trialing", "past_due", "active", "canceled"}
	wantEvents := []string{"billing.trial_started", "billing.canceled", "billing.payment_failed", "billing.activated", "billing.ended"}
	for i, s := range stripepaytest.Samples() {
		if d := s.At.Sub(g.Clock.Now()); d > 0 {
			env.Advance(t, d.Seconds()+1)
		}
		if i == 0 {
			// A forged body is refused before anything happens.
			req := stripepaytest.Load(t, s.File)
			forged := strings.Replace(req.Body, "trial", "plan", 1)
			r := env.Client().Do(t, "POST", routes.PaymentsWebhookPath, forged, "Stripe-Signature: "+req.Headers["stripe-signature"])
			r.ExpectError(t, http.StatusBadRequest, "bad_request")
		}
		send(s.File).Expect(t, http.StatusOK)
		send(s.File).Expect(t, http.StatusOK) // delivered twice, applied once
		b, err := compose.Billing(g).Get(ctx, stripepaytest.Account)
		if err != nil {
			t.Fatal(err)
		}
		if b.Status != wantStatus[i] {
			t.Fatalf("after %s: status %s, want %s", s.File, b.Status, wantStatus[i])
		}
		if got := types(s.At.Add(-time.Minute)); len(got) != 1 || got[0] != wantEvents[i] {
			t.Fatalf("after %s: events %v, want one %s", s.File, got, wantEvents[i])
		}
	}
	// Too old for the service clock: refused.
	env.Advance(t, 600)
	send("stripe-subscription-deleted.json").ExpectError(t, http.StatusBadRequest, "bad_request")
}

// seedAccount writes an account with a primary site under a fixed id, as
// the samples name it.
func seedAccount(t *testing.T, env *testenv.Env, id string) {
	t.Helper()
	g := env.Stack.Graph
	now := g.Clock.Now()
	tx := &dynamo.Tx{}
	tx.PutNew("account", map[string]any{
		"pk": dynamo.AccountPK(id), "sk": dynamo.AccountSK, "id": id, "email": "samples@example.com", "claimed": false,
		"created_at": clock.Format(now), "primary_site_id": id + "-site", "billing_status": "none", "credential_count": 0,
	})
	tx.PutNew("site", sites.NewPrimary(id, id+"-site", "https://samples.example.com", nil, nil, env.URL+"/dashboard", now))
	if err := g.Table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
}
