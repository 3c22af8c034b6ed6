package audit22h

import (
	"net/http"
	"strconv"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestResearchRefusedRunsDoNotCount: an account without a trial or plan
// may start 10 research runs per UTC day, and runs refused (by the AI rate
// limit or for a bad body) do not count. README ("Keywords, research and
// rank", Research limits): "Either limit answers 429 rate_limited with
// Retry-After; rejected runs and idempotent replays do not count." With
// an AI budget of 3 an hour, 3 runs, then refused attempts, then 3 more
// runs each hour leave the day's 10 intact: the 10th run is accepted, the
// 11th answers 429.
func TestResearchRefusedRunsDoNotCount(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AIRequestsPerHour = 3 }})
	// Start the day at 00:00 UTC so the hours below stay in one day.
	now := env.Now(t)
	day, _ := strconv.Atoi(now[11:13])
	env.Advance(t, float64((24-day)*3600))
	acct := env.NewAccount(t, "https://research-audit22h.example.org/")
	path := "/sites/" + acct.SiteID + "/research"
	runs := 0
	for hour := 0; runs < 10; hour++ {
		for i := 0; i < 3 && runs < 10; i++ {
			acct.Client.Agent(t, "POST", path, map[string]any{"ideas": 0}).Expect(t, http.StatusAccepted)
			runs++
		}
		if runs < 10 {
			for i := 0; i < 3; i++ {
				r := acct.Client.Agent(t, "POST", path, map[string]any{"ideas": 0}).ExpectError(t, http.StatusTooManyRequests, "rate_limited")
				if r["error"] == "" {
					t.Fatalf("429 without a sentence")
				}
			}
			acct.Client.Agent(t, "POST", path, map[string]any{"ideas": 31}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		}
		env.Advance(t, 3601)
	}
	r := acct.Client.Agent(t, "POST", path, map[string]any{"ideas": 0})
	r.ExpectError(t, http.StatusTooManyRequests, "rate_limited")
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || s > 86400 {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
}

// TestResearchSeedIsNullWithoutOne: the research result's seed is the
// topic as sent, trimmed, or null without one. README ("Keywords, research
// and rank", Research result): "seed: the topic the run researched
// around, as sent (trimmed), or null without one". A seed of spaces only
// names no topic.
func TestResearchSeedIsNullWithoutOne(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://seed-audit22h.example.org/")
	env.Trial(t, acct, testenv.TestCardOK)
	path := "/sites/" + acct.SiteID + "/research"
	for body, want := range map[string]any{`{"ideas":0}`: nil, `{"ideas":0,"seed":"   "}`: nil, `{"ideas":0,"seed":""}`: nil, `{"ideas":0,"seed":null}`: nil, `{"ideas":0,"seed":"  rocket fuel  "}`: "rocket fuel"} {
		job := acct.Client.Agent(t, "POST", path, body).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
		j := acct.Client.WaitJob(t, job["id"].(string))
		res, _ := j["result"].(map[string]any)
		if j["status"] != "completed" || res == nil {
			t.Fatalf("%s: job %v", body, j)
		}
		if got, ok := res["seed"]; !ok || got != want {
			t.Fatalf("%s: seed %#v, want %#v", body, got, want)
		}
	}
}
