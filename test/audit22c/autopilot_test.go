// Package audit22c holds black-box tests, over HTTP against a dev stack,
// of the README's "API notes" on conventions, accounts and credentials,
// jobs, the autopilot, forum presence and OAuth: each one shows a defect an
// audit found and that its fix holds, or pins down a documented rule no
// other test checked. Each test starts its own stack with the background
// scheduler off, so time moves and scheduled work runs only when the test
// says.
package audit22c

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// autopilotOf returns the "autopilot" object of an answer.
func autopilotOf(t *testing.T, r *testenv.Response) map[string]any {
	t.Helper()
	return r.Expect(t, http.StatusOK).JSON(t)["autopilot"].(map[string]any)
}

// TestAutopilotPaceChangesOnAnArchivedSiteNeedNothing: the README says
// "turning it on needs a usable site (402 subscription_required for an
// archived or removed one); changing the pace or turning it off needs
// nothing". A PATCH that changes only the pace of an autopilot that is
// already on, sending its settings whole (`enabled: true` among them, as an
// agent that read the object and sends it back does), answered 402 on an
// archived Studio site: the service gated any `enabled: true` sent, not
// turning it on. It now changes the pace; turning an autopilot that is off
// on there still answers 402 and changes nothing.
func TestAutopilotPaceChangesOnAnArchivedSiteNeedNothing(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	env.PaidPlan(t, acct)
	var created struct{ Site struct{ ID string } }
	acct.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-one.example.com", "site_name": "Studio one"},
		"Idempotency-Key: studio-one").Expect(t, http.StatusCreated).Decode(t, &created)
	path := "/sites/" + created.Site.ID + "/autopilot"
	if on := autopilotOf(t, acct.Client.Agent(t, "PATCH", path, map[string]any{"enabled": true})); on["enabled"] != true {
		t.Fatalf("autopilot of the Studio site = %v", on)
	}

	// Its removal at the period's end archives the site.
	site := acct.Client.Agent(t, "DELETE", "/sites/"+created.Site.ID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	env.AdvancePast(t, site["removes_at"].(string), time.Minute)
	env.RunScheduled(t)
	if s := acct.Client.Agent(t, "GET", "/sites/"+created.Site.ID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); s["status"] != "archived" {
		t.Fatalf("site after its removal date = %v, want archived", s["status"])
	}

	got := autopilotOf(t, acct.Client.Agent(t, "PATCH", path, map[string]any{
		"enabled": true, "weekly_cadence": 5, "days": []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}, "time_of_day": "09:00",
	}))
	if got["enabled"] != true || got["weekly_cadence"] != 5.0 {
		t.Fatalf("pace change of an autopilot that is on = %v, want enabled with 5 a week", got)
	}
	if off := autopilotOf(t, acct.Client.Agent(t, "PATCH", path, map[string]any{"enabled": false})); off["enabled"] != false {
		t.Fatalf("turning it off = %v", off)
	}
	acct.Client.Agent(t, "PATCH", path, map[string]any{"enabled": true}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	if still := autopilotOf(t, acct.Client.Agent(t, "GET", path, nil)); still["enabled"] != false || still["next_run_at"] != nil {
		t.Fatalf("autopilot after a refused turn-on = %v", still)
	}
}

// TestAutopilotTurnedOffAndOnTheDayItWroteWaitsForTheNextDay: "A day
// writes once: after a slot started writing, a PATCH that day (a later
// time_of_day, or turning the autopilot off and on) moves next_run_at to a
// later day." After the 02:00 slot wrote, turning it off and on again with
// 20:00 as its time puts the next slot on the next day, and a run at 20:00
// that day writes nothing more.
func TestAutopilotTurnedOffAndOnTheDayItWroteWaitsForTheNextDay(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	env.Trial(t, acct, testenv.TestCardOK)
	site := "/sites/" + acct.SiteID
	for _, kw := range []string{"chisel care", "plane irons"} {
		acct.Client.Agent(t, "POST", site+"/articles", map[string]any{"title": "About " + kw, "keyword": kw, "status": "scheduled"}).
			Expect(t, http.StatusCreated)
	}
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 30, 0, 0, time.UTC)
	env.Advance(t, day.Sub(now).Seconds())
	on := autopilotOf(t, acct.Client.Agent(t, "PATCH", site+"/autopilot", map[string]any{
		"enabled": true, "weekly_cadence": 7, "days": []string{"mon", "tue", "wed", "thu", "fri", "sat", "sun"}, "time_of_day": "02:00",
	}))
	env.AdvancePast(t, on["next_run_at"].(string), time.Minute)
	env.RunScheduled(t)
	if n := len(acct.Client.Events(t, "article.generated")); n != 1 {
		t.Fatalf("%d articles written at the first slot, want 1", n)
	}

	autopilotOf(t, acct.Client.Agent(t, "PATCH", site+"/autopilot", map[string]any{"enabled": false}))
	again := autopilotOf(t, acct.Client.Agent(t, "PATCH", site+"/autopilot", map[string]any{"enabled": true, "time_of_day": "20:00"}))
	want := time.Date(day.Year(), day.Month(), day.Day()+1, 20, 0, 0, 0, time.UTC)
	if at, err := time.Parse(time.RFC3339Nano, again["next_run_at"].(string)); err != nil || !at.Equal(want) {
		t.Fatalf("next_run_at after off and on the day a slot wrote = %v, want %s", again["next_run_at"], want.Format(time.RFC3339))
	}
	env.AdvancePast(t, time.Date(day.Year(), day.Month(), day.Day(), 20, 0, 0, 0, time.UTC).Format(time.RFC3339Nano), time.Minute)
	env.RunScheduled(t)
	if n := len(acct.Client.Events(t, "article.generated")); n != 1 {
		t.Fatalf("%d articles written by the end of the day, want 1", n)
	}
}
