package audit27h

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// invoicePaid reports Stripe's invoice.paid of invoice id of a's
// subscription sub, amount cents, billing the period from start to end.
func invoicePaid(t *testing.T, env *testenv.Env, a *testenv.Account, customer, sub, id, reason string, amount int, start, end time.Time) {
	t.Helper()
	env.SendStripe(t, "invoice.paid", map[string]any{
		"id": id, "object": "invoice", "billing_reason": reason, "customer": customer,
		"currency": "usd", "amount_due": amount, "amount_paid": amount, "status": "paid",
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
			"subscription": sub, "metadata": map[string]any{"account_id": a.ID},
		}},
		"lines": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "il_" + id, "object": "line_item", "amount": amount, "currency": "usd",
			"period": map[string]any{"start": start.Unix(), "end": end.Unix()},
		}}},
	}, nil).Expect(t, http.StatusOK)
}

// now returns the service clock.
func now(t *testing.T, env *testenv.Env) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// billing returns a's billing as GET /billing shows it.
func billing(t *testing.T, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}
