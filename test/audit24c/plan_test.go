package audit24c

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestPaymentFailedOver48HoursAgoStopsKeys: public-articles-api.md 7, 402
// subscription_required when "payment failed over 48 hours ago", "no,
// until the plan is fixed; the same key works again afterwards and saved
// cursors stay valid", and "The 402 message tells the user the site is not
// active on a plan and points to the billing page of the dashboard". A
// renewal declined by the card on file moves the plan to past_due; the key
// keeps working through the 48 hours of grace, answers 402 once they are
// over, and works again (with the cursor it had) when a working card pays.
func TestPaymentFailedOver48HoursAgoStopsKeys(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := newOwner(t, env, "https://renewal-audit24c.example.com", true)
	o.written(t, "Before the renewal")
	cursor := o.Public(t, "GET", "/articles?limit=100", nil).Expect(t, http.StatusOK).JSON(t)["next_since"].(string)

	portal := func(action string, body any) {
		t.Helper()
		link := o.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
		env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL)+"/"+action, body).Expect(t, http.StatusOK)
	}
	status := func() string {
		t.Helper()
		return o.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["status"].(string)
	}
	portal("card", map[string]any{"card": "4000000000000341"})
	end := o.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["current_period_end"].(string)
	env.AdvancePast(t, end, time.Minute)
	env.RunScheduled(t)
	if s := status(); s != "past_due" {
		t.Fatalf("billing status %s after a declined renewal, want past_due", s)
	}
	// Within the grace: the key works.
	env.Advance(t, 47*3600)
	o.Public(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
	// Past it: 402 on every operation, in the public shape.
	env.Advance(t, 2*3600)
	for _, call := range [][2]string{{"GET", "/ping"}, {"GET", "/articles?limit=100&since=" + cursor}} {
		resp := o.Public(t, call[0], call[1], nil).Expect(t, http.StatusPaymentRequired)
		body := resp.JSON(t)
		msg, _ := body["error"].(string)
		if len(body) != 2 || body["code"] != "subscription_required" || !strings.Contains(msg, "not active") || !strings.Contains(msg, "/dashboard/billing") {
			t.Fatalf("%s %s: 402 body %s", call[0], call[1], resp.Body)
		}
		wantCORS(t, call[1], resp.Header)
	}
	// A working card pays: the same key and cursor work again.
	portal("card", map[string]any{"card": testenv.TestCardOK})
	env.RunScheduled(t)
	if s := status(); s != "active" {
		t.Fatalf("billing status %s after a working card, want active", s)
	}
	page := o.Public(t, "GET", "/articles?limit=100&since="+cursor, nil).Expect(t, http.StatusOK).JSON(t)
	if page["count"] != float64(1) {
		t.Fatalf("page after the plan was fixed: %v", page)
	}
}
