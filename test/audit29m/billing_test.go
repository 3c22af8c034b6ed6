package audit29m

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestBillingMoneyNextToCurrency: spec 2 "General field rules: ... money
// is a number in US dollars next to `currency` set to `usd`", and the
// README's "Billing, credits and Studio sites": amounts "come with
// `currency: "usd"`, as all money does". Defect: the Billing object's
// `monthly_total` (money: the plan plus Studio sites) stood at the top of
// the object with no `currency` beside it (only the nested `plan` had
// one), in GET /billing, in POST /billing/activate's answer and in every
// billing.* event, in each status. Now the Billing object carries
// `currency: "usd"` next to `monthly_total`.
func TestBillingMoneyNextToCurrency(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	c := a.Client
	since := env.Now(t)

	check := func(state string, b map[string]any) {
		t.Helper()
		if _, ok := b["monthly_total"].(float64); !ok {
			t.Errorf("%s: monthly_total = %v, want a number", state, b["monthly_total"])
		}
		if b["currency"] != "usd" {
			t.Errorf("%s: billing currency = %v (present: %v), want \"usd\" next to monthly_total: %v", state, b["currency"], has(b, "currency"), b)
		}
	}
	get := func() map[string]any {
		return c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	}

	check("status none", get())
	env.Trial(t, a, testenv.TestCardOK)
	check("status trialing", get())
	act := c.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: audit29m-act").Expect(t, http.StatusOK).JSON(t)
	check("POST /billing/activate", act["billing"].(map[string]any))
	check("status active", get())
	env.CancelAtPeriodEnd(t, a)
	check("set to cancel", get())

	events := c.EventsSince(t, since, "billing.trial_started", "billing.activated", "billing.canceled")
	if len(events) != 3 {
		t.Fatalf("billing events %d, want 3: %v", len(events), events)
	}
	for _, e := range events {
		check("event "+e.Type, e.Data["billing"].(map[string]any))
	}
}

// has reports whether m has key.
func has(m map[string]any, key string) bool {
	_, ok := m[key]
	return ok
}
