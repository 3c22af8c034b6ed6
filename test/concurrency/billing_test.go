package concurrency

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// charges returns the amounts of the account's charges that succeeded on
// the simulated processor.
func charges(t *testing.T, env *testenv.Env, a *testenv.Account) []float64 {
	t.Helper()
	var out struct {
		Charges []struct {
			Amount float64
			Status string
		}
	}
	env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+a.ID, nil).Expect(t, http.StatusOK).Decode(t, &out)
	var amounts []float64
	for _, c := range out.Charges {
		if c.Status == "succeeded" {
			amounts = append(amounts, c.Amount)
		}
	}
	return amounts
}

// Checkout links asked for at once and completed at once, several times
// each: one trial, one billing.trial_started, one subscription.
func TestCheckoutCompletedAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	links := testenv.AtOnce(6, func(i int) *testenv.Response {
		return a.Client.Agent(t, "POST", "/billing/checkout", nil, key("co", i))
	})
	only(t, "checkout", tally(t, "checkout", links), http.StatusOK)
	got := tally(t, "pay", testenv.AtOnce(24, func(i int) *testenv.Response {
		link := links[i%len(links)].JSON(t)["checkout"].(map[string]any)["checkout_url"].(string)
		return env.Client().Do(t, "POST", local(t, env, link), map[string]any{"card": cardOK})
	}))
	t.Logf("completions: %v", got)
	if n := count(t, a, "billing.trial_started"); n != 1 {
		t.Errorf("%d billing.trial_started events, want 1", n)
	}
	b := a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "trialing" {
		t.Errorf("billing status %v, want trialing", b["status"])
	}
	// A second checkout is refused now (spec 4.9).
	a.Client.Agent(t, "POST", "/billing/checkout", nil).ExpectError(t, http.StatusConflict, "conflict")
	if c := charges(t, env, a); len(c) > 1 {
		t.Errorf("charges after one trial checkout: %v", c)
	}
}

// Twenty POST /billing/activate at once, each with its own key: one
// charge of 49.5, one billing.activated, the rest 409.
func TestActivateAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	env.Trial(t, a, cardOK)
	before := charges(t, env, a)
	got := tally(t, "activate", testenv.AtOnce(20, func(i int) *testenv.Response {
		return a.Client.Agent(t, "POST", "/billing/activate", nil, key("act", i))
	}))
	only(t, "activate", got, http.StatusOK, http.StatusConflict)
	if got[http.StatusOK] != 1 {
		t.Errorf("activations at once: %v, want one 200", got)
	}
	after := charges(t, env, a)
	if len(after)-len(before) != 1 || after[len(after)-1] != 49.5 {
		t.Errorf("charges %v then %v, want one more of 49.5", before, after)
	}
	if n := count(t, a, "billing.activated"); n != 1 {
		t.Errorf("%d billing.activated events, want 1", n)
	}
	c := a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/credits", nil).Expect(t, http.StatusOK).JSON(t)["credits"].(map[string]any)
	if bal := c["articles"].(map[string]any)["balance"]; bal != 30.0 {
		t.Errorf("article balance after activation %v, want 30", bal)
	}
}
