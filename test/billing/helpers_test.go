// Package billing_test walks the billing state machine of spec 3 over
// HTTP against a dev stack: the simulated processor's test cards, its
// hosted checkout and portal, and the dev clock. Each test starts its own
// stack with the background scheduler off, so time moves only when the
// test says and scheduled work runs only when it asks.
package billing_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/compose"
	"rvcontent/shared/feature/billing"
	"rvcontent/test/testenv"
)

// Test cards of the simulated processor (DEV_HARNESS.md).
const (
	cardOK        = "4242424242424242"
	cardDeclined  = "4000000000000002"
	cardFailLater = "4000000000000341"
	cardAuth      = "4000002500003155"
	cardBadCheck  = "4000000000000101"
)

const day = 24 * 3600

// rig is one dev stack and one account on it.
type rig struct {
	env  *testenv.Env
	acct *testenv.Account
}

func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	return &rig{env: env, acct: env.NewAccount(t, "")}
}

// another returns a second account on the same stack.
func (r *rig) another(t *testing.T) *rig {
	return &rig{env: r.env, acct: r.env.NewAccount(t, "")}
}

func (r *rig) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return r.acct.Client.Agent(t, method, path, body, headers...)
}

// local turns an absolute link of the stack into a path for the client.
func (r *rig) local(t *testing.T, link string) string {
	t.Helper()
	if !strings.HasPrefix(link, r.env.URL+"/") {
		t.Fatalf("link %q is not on the stack %s", link, r.env.URL)
	}
	return strings.TrimPrefix(link, r.env.URL)
}

// billing returns GET /billing's billing object.
func (r *rig) billing(t *testing.T) map[string]any {
	t.Helper()
	return r.api(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}

// checkoutLink asks for a checkout link and returns the checkout object.
func (r *rig) checkoutLink(t *testing.T) map[string]any {
	t.Helper()
	return r.api(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
}

// pay completes the account's checkout with card, as the owner would on
// the hosted page, and returns the page's answer.
func (r *rig) pay(t *testing.T, card string) *testenv.Response {
	t.Helper()
	url := r.checkoutLink(t)["checkout_url"].(string)
	return r.env.Client().Do(t, "POST", r.local(t, url), map[string]any{"card": card})
}

// trial starts a trial with card.
func (r *rig) trial(t *testing.T, card string) {
	t.Helper()
	r.pay(t, card).Expect(t, http.StatusOK)
	if s := r.billing(t)["status"]; s != "trialing" {
		t.Fatalf("status after trial checkout = %v, want trialing", s)
	}
}

// active starts a trial with card and ends it now, so the plan is paid.
func (r *rig) active(t *testing.T, card string) {
	t.Helper()
	r.trial(t, cardOK)
	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-"+r.acct.ID).Expect(t, http.StatusOK)
	if card != cardOK {
		r.portal(t, "card", map[string]any{"card": card}).Expect(t, http.StatusOK)
	}
}

// portal posts action (cancel, resume, card) to a fresh portal link.
func (r *rig) portal(t *testing.T, action string, body any) *testenv.Response {
	t.Helper()
	p := r.api(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)
	return r.env.Client().Do(t, "POST", r.local(t, p["portal_url"].(string))+"/"+action, body)
}

// charge is one charge of the simulated processor.
type charge struct {
	ID          string  `json:"id"`
	Amount      float64 `json:"amount"`
	Status      string  `json:"status"`
	Description string  `json:"description"`
	FailureCode *string `json:"failure_code"`
}

// charges returns every charge the processor made for the account and the
// total of those that succeeded.
func (r *rig) charges(t *testing.T) ([]charge, float64) {
	t.Helper()
	var out struct {
		Charges        []charge `json:"charges"`
		TotalSucceeded float64  `json:"total_succeeded"`
	}
	r.env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+r.acct.ID, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Charges, out.TotalSucceeded
}

// succeeded returns the amounts of the charges that succeeded.
func (r *rig) succeeded(t *testing.T) []float64 {
	t.Helper()
	list, _ := r.charges(t)
	var out []float64
	for _, c := range list {
		if c.Status == "succeeded" {
			out = append(out, c.Amount)
		}
	}
	return out
}

// count returns how many events of typ the account has.
func (r *rig) count(t *testing.T, typ string) int {
	t.Helper()
	return len(r.acct.Client.Events(t, typ))
}

// advance moves the service clock and runs the scheduled work.
func (r *rig) advance(t *testing.T, seconds float64) {
	t.Helper()
	r.env.Advance(t, seconds)
	r.env.RunScheduled(t)
}

// gate asks the one gate, in the stack's process, whether the account may
// use its primary site for need now.
func (r *rig) gate(t *testing.T, need billing.Need) error {
	t.Helper()
	return compose.Gate(r.env.Stack.Graph).Check(context.Background(), r.acct.ID, r.acct.SiteID, need)
}

// credits returns the articles balance of site.
func (r *rig) articles(t *testing.T, site string) float64 {
	t.Helper()
	c := r.api(t, "GET", "/sites/"+site+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
	return c["articles"].(map[string]any)["balance"].(float64)
}

func money(v float64) string { return fmt.Sprintf("%.2f", v) }
