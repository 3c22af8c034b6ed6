package audit23i

import (
	"net/http"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestSweepsCountTowardTheAIRateLimit: spec 4.8, "POST
// /sites/{site_id}/forum/sweeps ... Free; counts toward the AI rate
// limit", with README "Forum presence": sweeps "take one AI-rate-limit
// unit", and "Automatic sweeps ... (not counted toward the AI limit)";
// README configuration: AI_REQUESTS_PER_HOUR is the per-account budget of
// AI-backed calls, forum sweeps among them. With a budget of 3: a sweep
// refused as a conflict (forum presence off) spends nothing; three sweeps
// run; the fourth answers 429 rate_limited with Retry-After; sweeps spend
// no forum reply credit; the automatic sweep due then still runs; an hour
// later a manual sweep runs again (the refused one took no sweep lock).
func TestSweepsCountTowardTheAIRateLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AIRequestsPerHour = 3 }})
	r := forumRigOn(t, env)
	c, base := r.Acct.Client, r.Base
	sweep := func() *testenv.Response { return c.Agent(t, "POST", base+"/sweeps", nil) }
	run := func() {
		t.Helper()
		c.WaitJob(t, sweep().Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string))
	}
	// The rig's sweep ran just now, so the first automatic one is due a
	// day later, when the rig's unit is back too.
	c.Agent(t, "PATCH", base, map[string]any{"sweep_enabled": true}).Expect(t, http.StatusOK)
	env.Advance(t, 24*3600+1)
	c.Agent(t, "PATCH", base, map[string]any{"enabled": false}).Expect(t, http.StatusOK)
	sweep().ExpectError(t, http.StatusConflict, "conflict")
	c.Agent(t, "PATCH", base, map[string]any{"enabled": true}).Expect(t, http.StatusOK)
	run()
	run()
	run()
	limited := sweep()
	limited.ExpectError(t, http.StatusTooManyRequests, "rate_limited")
	if limited.Header.Get("Retry-After") == "" {
		t.Errorf("429 without Retry-After")
	}
	if f := c.Agent(t, "GET", base, nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any); f["credits"].(map[string]any)["balance"] != 30.0 {
		t.Errorf("forum reply credits %v after sweeps, want 30 (sweeps are free)", f["credits"])
	}
	// Automatic sweeps do not count: the due one runs while the budget is
	// spent.
	before := len(c.Events(t, "forum.sweep_completed"))
	env.RunScheduled(t)
	var jobs struct{ Jobs []map[string]any }
	c.Agent(t, "GET", "/jobs?kind=forum.sweep", nil).Expect(t, http.StatusOK).Decode(t, &jobs)
	for _, j := range jobs.Jobs {
		if j["status"] != "completed" && j["status"] != "failed" {
			c.WaitJob(t, j["id"].(string))
		}
	}
	if after := len(c.Events(t, "forum.sweep_completed")); after != before+1 {
		t.Errorf("%d sweeps completed after the scheduled run, want %d: the automatic sweep must not need the AI budget", after, before+1)
	}
	env.Advance(t, 3601)
	run()
}
