package audit29b

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/dev/stripepaytest"
	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// billing returns GET /billing's billing object.
func billing(t *testing.T, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}

// resets counts the account's credits.reset events by site id and
// period_start, reading every page of GET /events.
func resets(t *testing.T, a *testenv.Account) map[string]map[string]int {
	t.Helper()
	return resetsSince(t, a, "2000-01-01T00:00:00Z")
}

// resetsSince is resets of the events at or after since.
func resetsSince(t *testing.T, a *testenv.Account, since string) map[string]map[string]int {
	t.Helper()
	out := map[string]map[string]int{}
	path := "/events?since=" + since + "&limit=100&types=credits.reset"
	for {
		var page struct {
			Events     []testenv.Event `json:"events"`
			NextCursor string          `json:"next_cursor"`
			HasMore    bool            `json:"has_more"`
		}
		a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &page)
		for _, e := range page.Events {
			c, _ := e.Data["credits"].(map[string]any)
			start, _ := c["period_start"].(string)
			site := ""
			if e.SiteID != nil {
				site = *e.SiteID
			}
			if out[site] == nil {
				out[site] = map[string]int{}
			}
			out[site][start]++
		}
		if !page.HasMore {
			return out
		}
		path = "/events?limit=100&cursor=" + page.NextCursor
	}
}

// reported starts a quiet stack (scheduled work runs when a test says so)
// that also takes Stripe's signed webhooks, as a deployed stack does, and
// an account on the paid plan of the simulated processor: a test reports
// its renewals in the order it chooses, as Stripe may deliver them.
func reported(t *testing.T) (*testenv.Env, *testenv.Account) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.Stripe.WebhookSecret = stripepaytest.Secret
		c.Stripe.StudioPriceID = stripepaytest.StudioPrice
	}})
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	return env, a
}

// subscription returns the processor's id of a's subscription, as the
// simulated processor's billing portal shows it.
func subscription(t *testing.T, env *testenv.Env, a *testenv.Account) string {
	t.Helper()
	portal := a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	return env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+"/resume", nil).Expect(t, http.StatusOK).
		JSON(t)["subscription"].(map[string]any)["id"].(string)
}
