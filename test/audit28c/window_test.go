package audit28c

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestCreditsInRenewalWindowAreTheNewPeriods: README "Period ends" ("A
// renewal is due the moment a period ends. Until the processor reports it
// ..., an active subscription that is not set to cancel is already in the
// next period ...: current_period_end, the quote's renews_at ... all use
// it, never an ended period") and "Billing, credits and Studio sites"
// (GET /sites/{site_id}/credits returns "the site's credit balances for
// the current billing period"; "each period that grants credits records
// exactly one" credits.reset). Defect: between a period's end and the
// renewal's report, GET /billing showed the new period while GET
// /credits still showed the ended one (period_end in the past), an
// article written then spent the ended period's credit (refused with
// insufficient_credits when that one was used up), and the renewal's
// report then granted the new period in full again. The credits now roll
// into the new period at its start: the window shows the new period's
// bounds and allowance, a spend in it comes from that period and stays
// spent when the renewal is reported, and the period records one
// credits.reset.
func TestCreditsInRenewalWindowAreTheNewPeriods(t *testing.T) {
	env, a := testenv.StartScanned(t, "audit28c-window")
	env.PaidPlan(t, a)
	end := billingOf(t, a)["current_period_end"].(string)
	env.AdvancePast(t, end, time.Minute) // the scheduler does not run: the renewal is not reported yet

	next := billingOf(t, a)["current_period_end"]
	c := creditsOf(t, a, a.SiteID)
	if c["period_start"] != end || c["period_end"] != next || balance(c, "articles") != 30 {
		t.Fatalf("credits after the period ended, before its renewal is reported: %v; want period %s to %v (GET /billing's current_period_end) with 30 articles", c, end, next)
	}

	art := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": "Launch pads for classrooms", "keyword": "classroom launch pads", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	job := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles/"+art["id"].(string)+"/generate", nil, "Idempotency-Key: audit28c-window").
		Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	a.Client.WaitJob(t, job["id"].(string))
	if c := creditsOf(t, a, a.SiteID); c["period_start"] != end || balance(c, "articles") != 29 {
		t.Fatalf("credits after writing an article in the new period: %v; want the period from %s with 29 articles", c, end)
	}

	env.RunScheduled(t) // the renewal is reported
	if b := billingOf(t, a); b["status"] != "active" || b["current_period_end"] != next {
		t.Fatalf("billing after the renewal: %v, want active until %v", b, next)
	}
	if c := creditsOf(t, a, a.SiteID); c["period_start"] != end || c["period_end"] != next || balance(c, "articles") != 29 {
		t.Errorf("credits once the renewal is reported: %v; want the period from %s to %v with the 29 articles left", c, end, next)
	}
	resets := 0
	for _, ev := range a.Client.Events(t, "credits.reset") {
		if cr, _ := ev.Data["credits"].(map[string]any); cr["period_start"] == end {
			resets++
		}
	}
	if resets != 1 {
		t.Errorf("%d credits.reset events for the period from %s, want 1", resets, end)
	}
}
