package research

import (
	"net/http"
	"strconv"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// retryAfter returns a 429's Retry-After seconds, failing unless it is
// between 1 and max.
func retryAfter(t *testing.T, resp *testenv.Response, max int) int {
	t.Helper()
	wantError(t, resp, http.StatusTooManyRequests, "rate_limited")
	s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || s < 1 || s > max {
		t.Fatalf("Retry-After %q, want 1 to %d", resp.Header.Get("Retry-After"), max)
	}
	return s
}

// TestResearchDailyLimit: without a trial or plan an account runs research
// 10 times a day (an idempotent replay is not a run); a trial lifts the
// limit.
func TestResearchDailyLimit(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	path := "/sites/" + a.SiteID + "/research"
	for i := 0; i < 10; i++ {
		a.Client.Agent(t, "POST", path, map[string]any{"ideas": 0}, "Idempotency-Key: run-"+strconv.Itoa(i)).Expect(t, http.StatusAccepted)
	}
	replay := a.Client.Agent(t, "POST", path, map[string]any{"ideas": 0}, "Idempotency-Key: run-3").Expect(t, http.StatusAccepted)
	if replay.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatal("the replay was not replayed")
	}
	retryAfter(t, a.Client.Agent(t, "POST", path, map[string]any{"ideas": 0}), 86400)

	b := env.NewAccount(t, "")
	env.Trial(t, b, testenv.TestCardOK)
	for i := 0; i < 12; i++ {
		b.Client.Agent(t, "POST", "/sites/"+b.SiteID+"/research", map[string]any{"ideas": 0}).Expect(t, http.StatusAccepted)
	}
}

// TestResearchAIRateLimit: research counts toward the account's AI rate
// limit (AI_REQUESTS_PER_HOUR); the hour's budget returns after the hour.
func TestResearchAIRateLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{Configure: func(c *config.Config) { c.AIRequestsPerHour = 3 }})
	a := env.NewAccount(t, "")
	path := "/sites/" + a.SiteID + "/research"
	for i := 0; i < 3; i++ {
		a.Client.Agent(t, "POST", path, map[string]any{"ideas": 1}).Expect(t, http.StatusAccepted)
	}
	wait := retryAfter(t, a.Client.Agent(t, "POST", path, nil), 3600)
	other := env.NewAccount(t, "")
	other.Client.Agent(t, "POST", "/sites/"+other.SiteID+"/research", nil).Expect(t, http.StatusAccepted)

	env.Advance(t, float64(wait))
	a.Client.Agent(t, "POST", path, nil).Expect(t, http.StatusAccepted)
}
