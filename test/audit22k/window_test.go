package audit22k

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// toSecond moves the service clock to second s of the next UTC minute and
// returns the start of the minute after that.
func toSecond(t *testing.T, env *testenv.Env, s int) time.Time {
	t.Helper()
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	start := now.Truncate(time.Minute).Add(time.Minute)
	env.Advance(t, start.Add(time.Duration(s)*time.Second).Sub(now).Seconds())
	return start.Add(time.Minute)
}

// TestRequestWindowsAreClockMinutes: agent spec 8 and README ("600
// requests per fixed UTC minute") and public spec 8 ("fixed clock minute
// in UTC (starts at second 0, lasts 60 seconds); the counter resets at
// the next minute"). A budget spent from second 50 is whole again at
// second 5 of the next minute, 15 seconds later (a window that started
// with the first request would still refuse); the agent API's 429 says
// when (X-RateLimit-Reset at the next minute, Retry-After at most the
// seconds left), the public API's carries neither header.
func TestRequestWindowsAreClockMinutes(t *testing.T) {
	const agentBudget, publicBudget = 30, 5
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.AccountRequestsPerMinute = agentBudget
		c.PublicRequestsPerAccount, c.PublicRequestsPerIP = publicBudget, 100
	}})
	r := env.NewReadable(t, "")
	pub := env.Client().As(r.SiteKey)

	next := toSecond(t, env, 50)
	for i := 0; i < agentBudget; i++ {
		r.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	}
	for i := 0; i < publicBudget; i++ {
		pub.Do(t, "GET", "/api/public/v1/ping", nil).Expect(t, http.StatusOK)
	}
	over := r.Client.Agent(t, "GET", "/account", nil)
	over.ExpectError(t, http.StatusTooManyRequests, "rate_limited")
	if reset := over.Header.Get("X-RateLimit-Reset"); reset != strconv.FormatInt(next.Unix(), 10) {
		t.Errorf("X-RateLimit-Reset = %q, want %d (the next minute)", reset, next.Unix())
	}
	if ra, err := strconv.Atoi(over.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 10 {
		t.Errorf("Retry-After = %q at second 50, want 1 to 10", over.Header.Get("Retry-After"))
	}
	if rem := over.Header.Get("X-RateLimit-Remaining"); rem != "0" {
		t.Errorf("X-RateLimit-Remaining = %q over the budget, want 0", rem)
	}
	refused := pub.Do(t, "GET", "/api/public/v1/ping", nil).Expect(t, http.StatusTooManyRequests)
	for _, h := range []string{"Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"} {
		if v := refused.Header.Get(h); v != "" {
			t.Errorf("the public API's 429 carries %s: %q", h, v)
		}
	}

	env.Advance(t, 15) // second 5 of the next minute
	ok := r.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	if rem := ok.Header.Get("X-RateLimit-Remaining"); rem != strconv.Itoa(agentBudget-1) {
		t.Errorf("X-RateLimit-Remaining = %q at the next minute's first request, want %d", rem, agentBudget-1)
	}
	pub.Do(t, "GET", "/api/public/v1/ping", nil).Expect(t, http.StatusOK)
}
