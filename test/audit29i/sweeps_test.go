package audit29i

import (
	"net/http"
	"sync"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestConcurrentSweepsAreConflictsNotRateLimited: spec 4.8, "POST
// /sites/{site_id}/forum/sweeps ... Free; counts toward the AI rate
// limit. A second concurrent sweep on a site returns 409 conflict", and
// README "Forum presence": sweeps "take one AI-rate-limit unit, and run
// one at a time per site". Thirty sweeps sent at once in a fresh hour
// with a budget of 3: one starts (another only once it has ended), every
// other answers 409 conflict, and only the sweeps that started spend
// units (after them, sweeps run until 3 have, then 429). Before the fix each sweep took its unit before it tried
// the site's sweep lock and gave it back after losing it, so while the
// losers held their units the others were answered 429 rate_limited
// ("used its 3 AI-backed calls for this hour", Retry-After about an hour)
// with one sweep run.
func TestConcurrentSweepsAreConflictsNotRateLimited(t *testing.T) {
	const budget, sent = 3, 30
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AIRequestsPerHour = budget }})
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	env.NewForum(t, acct) // its sweep has ended; its unit is this hour's
	env.Advance(t, 3601)
	c, path := acct.Client, "/sites/"+acct.SiteID+"/forum/sweeps"

	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		started []string
		answers = map[int]int{}
	)
	for i := 0; i < sent; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := c.Agent(t, "POST", path, nil)
			mu.Lock()
			defer mu.Unlock()
			answers[r.Status]++
			switch r.Status {
			case http.StatusAccepted:
				started = append(started, r.JSON(t)["job"].(map[string]any)["id"].(string))
			case http.StatusConflict:
				if code := r.ErrorCode(t); code != "conflict" {
					t.Errorf("409 with code %q, want conflict", code)
				}
			}
		}()
	}
	wg.Wait()
	// A sweep that ended before a late request of the burst was read lets
	// that one start another; only sweeps that started spend units.
	if answers[http.StatusTooManyRequests] > 0 && len(started) < budget || len(started) == 0 ||
		len(started)+answers[http.StatusConflict]+answers[http.StatusTooManyRequests] != sent {
		t.Fatalf("%d sweeps sent at once answered %v with %d started, want the others 409 conflict (a second concurrent sweep is a conflict; %d started spent %d of %d units)",
			sent, answers, len(started), len(started), len(started), budget)
	}
	for _, id := range started {
		c.WaitJob(t, id)
	}
	for i := len(started); i < budget; i++ {
		c.WaitJob(t, c.Agent(t, "POST", path, nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)["id"].(string))
	}
	c.Agent(t, "POST", path, nil).ExpectError(t, http.StatusTooManyRequests, "rate_limited")
}
