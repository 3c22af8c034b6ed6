package audit27f

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestAutopilotSkipsBodyWithoutWords checks the autopilot and generation
// agree on what a body is. README, Autopilot: "At each slot the scheduler
// starts generations of scheduled articles without a body (a hand-written
// one waits for `finish`; `scheduled_articles` counts the others)" and
// "With nothing scheduled it records `autopilot.queue_empty`"; Generate:
// "an article that ... already has a body answers 409". A body of only an
// HTML comment has no words a reader sees (word_count 0) but is a body:
// generation refuses it. Before the fix the autopilot took word_count 0
// for no body: it counted the article in `scheduled_articles`, and its
// slot tried to write it, was refused and recorded nothing (no
// queue_empty), so the owner was told an article waited that the
// autopilot would never write. One rule (a body is any Markdown that is
// not blank) now decides both.
func TestAutopilotSkipsBodyWithoutWords(t *testing.T) {
	env, a := testenv.StartQuietAccount(t)
	a.Client.WaitJob(t, a.ScanJob) // acme.com is unreachable: no planned articles
	env.Trial(t, a, testenv.TestCardOK)
	art := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{
		"title": "Launch day checklist", "keyword": "launch day checklist", "status": "scheduled",
		"body_markdown": "<!-- outline: pads, engines, safety talk -->",
	}).Expect(t, http.StatusCreated).Article(t)
	if wc, _ := art["word_count"].(float64); wc != 0 {
		t.Fatalf("word_count %v of a comment-only body, want 0", art["word_count"])
	}
	id := art["id"].(string)
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles/"+id+"/generate", nil).ExpectError(t, http.StatusConflict, "conflict")

	ap := a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID+"/autopilot", map[string]any{"enabled": true}).Expect(t, http.StatusOK).JSON(t)["autopilot"].(map[string]any)
	if n, _ := ap["scheduled_articles"].(float64); n != 0 {
		t.Errorf("scheduled_articles %v, want 0: the only scheduled article has a body (generation refuses it)", ap["scheduled_articles"])
	}
	since := env.Now(t)
	env.AdvancePast(t, ap["next_run_at"].(string), time.Minute)
	env.RunScheduled(t)
	if evs := a.Client.EventsSince(t, since, "autopilot.queue_empty"); len(evs) != 1 {
		t.Errorf("%d autopilot.queue_empty events at the slot, want 1: nothing scheduled can be written", len(evs))
	}
	if got := a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/articles/"+id, nil).Expect(t, http.StatusOK).Article(t); got["status"] != "scheduled" || got["body_markdown"] != "<!-- outline: pads, engines, safety talk -->" {
		t.Fatalf("the article changed: %v", got)
	}
}
