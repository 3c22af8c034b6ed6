package audit23b

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

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

// stripe is a dev stack that takes Stripe's signed webhooks for the
// account of the stripepaytest samples.
type stripe struct {
	env *testenv.Env
}

func newStripe(t *testing.T) *stripe {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
	g := env.Stack.Graph
	id, now := stripepaytest.Account, g.Clock.Now()
	tx := &dynamo.Tx{}
	tx.PutNew("account", map[string]any{
		"pk": dynamo.AccountPK(id), "sk": dynamo.AccountSK, "id": id, "email": "audit23b@example.com", "claimed": false,
		"created_at": clock.Format(now), "primary_site_id": id + "-site", "billing_status": "none", "credential_count": 0,
	})
	tx.PutNew("site", sites.NewPrimary(id, id+"-site", "https://audit23b.example.com", nil, nil, env.URL+"/dashboard", now))
	if err := g.Table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	return &stripe{env: env}
}

// at moves the service clock to at (when it is later).
func (s *stripe) at(t *testing.T, at time.Time) {
	t.Helper()
	if d := at.Sub(s.env.Stack.Graph.Clock.Now()); d > 0 {
		s.env.Advance(t, d.Seconds()+1)
	}
}

// send delivers a signed webhook request.
func (s *stripe) send(t *testing.T, req events.APIGatewayV2HTTPRequest) {
	t.Helper()
	s.env.Client().Do(t, "POST", routes.PaymentsWebhookPath, req.Body,
		"Stripe-Signature: "+req.Headers["stripe-signature"], "Content-Type: application/json").Expect(t, http.StatusOK)
}

// invoice delivers, signed now, stripepaytest.Invoice of the arguments.
func (s *stripe) invoice(t *testing.T, eventID string, paid bool, start, end, created time.Time) {
	t.Helper()
	s.send(t, stripepaytest.Request(stripepaytest.Invoice(eventID, paid, start, end, created), s.env.Stack.Graph.Clock.Now()))
}

// resetStarts returns the period_start of every credits.reset the account
// recorded, sorted, read from the stored events (the feed only goes back a
// few weeks, and the test spans months).
func (s *stripe) resetStarts(t *testing.T) []string {
	t.Helper()
	in, err := dynamo.Partition(dynamo.EventsPK(stripepaytest.Account)).Input()
	if err != nil {
		t.Fatal(err)
	}
	rows, _, err := s.env.Stack.Graph.Table.Query(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	items, err := dynamo.UnmarshalList[eventlog.Item](rows)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range items {
		if it.Type != "credits.reset" {
			continue
		}
		var d struct {
			Credits struct {
				PeriodStart string `json:"period_start"`
			} `json:"credits"`
		}
		if err := json.Unmarshal(it.Data, &d); err != nil {
			t.Fatal(err)
		}
		out = append(out, d.Credits.PeriodStart)
	}
	sort.Strings(out)
	return out
}

// TestEveryRenewalRecordsOneCreditsResetWhateverTheReportOrder: defect:
// when the report of a renewal (Stripe's invoice.paid) overtook the report
// of the renewal before it, the late one granted nothing and recorded
// nothing, so that period's credits.reset never fired. Rule (spec 6:
// credits.reset, "new period credits granted"; README: credits are granted
// "at each new period once an invoice has been paid"): every period start
// that grants credits records exactly one credits.reset, whatever the order
// the reports arrive in; a late report neither rolls the balances back to
// its period nor records a second reset when it is delivered again or
// followed by another report of the same period; the end state is the
// latest period's grant.
func TestEveryRenewalRecordsOneCreditsResetWhateverTheReportOrder(t *testing.T) {
	s := newStripe(t)
	trialEnd := stripepaytest.Start.Add(7 * 24 * time.Hour)
	m1, m2, m3 := trialEnd.AddDate(0, 1, 0), trialEnd.AddDate(0, 2, 0), trialEnd.AddDate(0, 3, 0)

	s.at(t, stripepaytest.Start)
	s.send(t, stripepaytest.Load(t, "stripe-checkout-completed.json"))
	s.at(t, trialEnd.Add(time.Minute))
	s.invoice(t, "evt_a23b_p1", true, trialEnd, m1, trialEnd)

	// The next two renewals are reported out of order, and the earlier one
	// twice, then once more as a failed attempt of the same period.
	s.at(t, m2.Add(time.Hour))
	s.invoice(t, "evt_a23b_p3", true, m2, m3, m2)
	s.invoice(t, "evt_a23b_p2", true, m1, m2, m1)
	s.invoice(t, "evt_a23b_p2", true, m1, m2, m1) // delivered again
	s.invoice(t, "evt_a23b_p2_failed", false, m1, m2, m1)

	want := []string{clock.Format(stripepaytest.Start), clock.Format(trialEnd), clock.Format(m1), clock.Format(m2)}
	if got := s.resetStarts(t); len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Fatalf("credits.reset period starts %v, want one each of %v", got, want)
	}
	ctx := context.Background()
	c, err := compose.Credits(s.env.Stack.Graph).Get(ctx, stripepaytest.Account, stripepaytest.Account+"-site")
	if err != nil {
		t.Fatal(err)
	}
	if c.PeriodStart == nil || *c.PeriodStart != clock.Format(m2) || c.Articles.Balance != 30 || c.Articles.Allowance != 30 {
		t.Fatalf("credits after the late report: period_start %v, articles %+v; want the latest period's 30", c.PeriodStart, c.Articles)
	}
	b, err := compose.Billing(s.env.Stack.Graph).Get(ctx, stripepaytest.Account)
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != "active" || b.CurrentPeriodEnd == nil || *b.CurrentPeriodEnd != clock.Format(m3) {
		t.Fatalf("billing after the late reports: status %s, current_period_end %v; want active until %s", b.Status, b.CurrentPeriodEnd, clock.Format(m3))
	}
}
