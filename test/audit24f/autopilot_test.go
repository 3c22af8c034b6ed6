package audit24f

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestAutopilotSlotWithOnlyHandWrittenArticlesRecordsQueueEmpty: README
// ("Autopilot"): "At each slot the scheduler starts generations of
// scheduled articles ... With nothing scheduled it records
// autopilot.queue_empty {site_id, weekly_cadence} once per slot"; spec 6:
// autopilot.queue_empty fires when the "autopilot [is] due with nothing
// scheduled". A scheduled article that already has a body is nothing the
// autopilot can write (generate answers 409 for it), so a slot whose only
// scheduled article is hand-written has nothing scheduled to write: the
// agent must hear of it, and the article stays as the owner wrote it.
// Before the fix the slot passed silently (no event), every slot, and
// scheduled_articles counted the hand-written article.
func TestAutopilotSlotWithOnlyHandWrittenArticlesRecordsQueueEmpty(t *testing.T) {
	env, acct := testenv.StartScanned(t, "handwritten-audit24f")
	env.PaidPlan(t, acct)
	c, base := acct.Client, "/sites/"+acct.SiteID
	deleteScheduled(t, acct)
	body := "# Our launch day\n\nThe owner wrote this one by hand."
	art := c.Agent(t, "POST", base+"/articles", map[string]any{"title": "Our launch day", "status": "scheduled", "body_markdown": body}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := art["id"].(string)
	c.Agent(t, "POST", base+"/articles/"+id+"/generate", nil).ExpectError(t, http.StatusConflict, "conflict")

	var ap struct {
		Autopilot struct {
			NextRunAt         string `json:"next_run_at"`
			ScheduledArticles int    `json:"scheduled_articles"`
		} `json:"autopilot"`
	}
	c.Agent(t, "PATCH", base+"/autopilot", map[string]any{"enabled": true, "weekly_cadence": 14}).Expect(t, http.StatusOK).Decode(t, &ap)
	if ap.Autopilot.ScheduledArticles != 0 {
		t.Errorf("scheduled_articles = %d with only a hand-written scheduled article, want 0 (nothing the autopilot writes)", ap.Autopilot.ScheduledArticles)
	}
	env.AdvancePast(t, ap.Autopilot.NextRunAt, 1e9)
	env.RunScheduled(t)

	empty := eventsOf(t, c, "autopilot.queue_empty")
	if len(empty) != 1 || empty[0]["site_id"] != acct.SiteID || empty[0]["weekly_cadence"] != 14.0 {
		t.Fatalf("autopilot.queue_empty after a slot with nothing it can write = %v, want one {site_id, weekly_cadence: 14}", empty)
	}
	if n := len(c.Events(t, "article.generated", "article.generation_failed")); n != 0 {
		t.Fatalf("%d generation events, want none", n)
	}
	got := c.Agent(t, "GET", base+"/articles/"+id, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if got["status"] != "scheduled" || got["body_markdown"] != body {
		t.Fatalf("the hand-written article after the slot: status %v, body %q", got["status"], got["body_markdown"])
	}
}
