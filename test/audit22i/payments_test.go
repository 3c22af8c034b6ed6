package audit22i

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestSignedPaymentWebhooksWithHostileDataAnswerNo5xx sends POST
// /webhooks/payments events that verify (signed with the endpoint's
// secret, on the service clock) but whose contents no processor sends:
// an amount as a string or a fraction, an event id of 2,000 characters,
// an account id of 2,000 characters. The service answered 500
// internal_error to each (a data object that does not decode into its
// type's object, or a table key over DynamoDB's size limit), so the
// processor would deliver it again for days. Now an event that cannot be
// read answers 400 bad_request, like README's "a signed event without
// `data`", and one about an account id the service never issues is
// acknowledged like any event about an unknown account; nothing is
// written: the account the samples name stays without billing.
func TestSignedPaymentWebhooksWithHostileDataAnswerNo5xx(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
	acct := env.NewAccount(t, "")
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	sent := 0
	for _, s := range stripepaytest.Samples() {
		b, err := json.Marshal(s.Body)
		if err != nil {
			t.Fatal(err)
		}
		base := strings.ReplaceAll(string(b), stripepaytest.Account, acct.ID)
		for _, c := range []struct {
			name, body string
			status     int
		}{
			{"amount as a string", strings.ReplaceAll(base, "4950", `"4950"`), http.StatusBadRequest},
			{"amount with a fraction", strings.ReplaceAll(base, "4950", `4950.5`), http.StatusBadRequest},
			{"event id of 2,000 characters", strings.Replace(base, `"evt_`, `"evt_`+strings.Repeat("e", 2000), 1), http.StatusBadRequest},
			{"account id of 2,000 characters", strings.ReplaceAll(base, acct.ID, strings.Repeat("a", 2000)), http.StatusOK},
		} {
			if !strings.Contains(c.body, "4950") && strings.Contains(c.name, "amount") {
				continue // the sample has no amount
			}
			sent++
			body := []byte(strings.ReplaceAll(c.body, `"evt_`, fmt.Sprintf(`"evt_audit%d_`, sent)))
			signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: stripepaytest.Secret, Timestamp: now})
			resp := env.Client().Do(t, "POST", routes.PaymentsWebhookPath, body, "Stripe-Signature: "+signed.Header)
			if resp.Status != c.status {
				t.Errorf("%s, %s: %d, want %d\n%.300s", s.File, c.name, resp.Status, c.status, resp.Body)
				continue
			}
			if c.status == http.StatusBadRequest {
				if code := resp.ErrorCode(t); code != "bad_request" {
					t.Errorf("%s, %s: code %q, want bad_request", s.File, c.name, code)
				}
			}
		}
	}
	if sent < 12 {
		t.Fatalf("only %d events sent", sent)
	}
	b := acct.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "none" {
		t.Errorf("after events that were refused or about no account, billing = %v, want status none", b)
	}
	if got := acct.Client.Events(t, "billing.trial_started", "billing.activated", "billing.payment_failed", "billing.canceled", "billing.ended"); len(got) != 0 {
		t.Errorf("billing events recorded: %v", got)
	}
}
