package audit29i

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestResearchRefusedForTheDayHoldsNoAIUnit: README "Research limits",
// "Each run counts one call against the AI rate limit. Without a trial or
// working plan an account may start 10 runs per UTC day. Either limit
// answers 429 rate_limited with Retry-After; rejected runs and idempotent
// replays do not count". An account without a plan that ran its 10 runs
// today, with 2 AI units left in the hour, sends 30 runs at once: each is
// refused for the day (the daily sentence, Retry-After until 00:00 UTC),
// none for the AI budget it has not spent, and the 2 units are still
// there afterwards. Before the fix each run took its AI unit before the
// daily quota refused it and gave it back after, so runs sent beside it
// were told "This account used its 12 AI-backed calls for this hour" with
// an hour's Retry-After.
func TestResearchRefusedForTheDayHoldsNoAIUnit(t *testing.T) {
	const aiBudget, daily, sent = 12, 10, 30
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AIRequestsPerHour = aiBudget }})
	a := env.NewAccount(t, "")
	path := "/sites/" + a.SiteID + "/research"
	for i := 0; i < daily; i++ {
		a.Client.Agent(t, "POST", path, map[string]any{"save": false}).Expect(t, http.StatusAccepted)
	}

	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		messages = map[string]int{}
	)
	for i := 0; i < sent; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := a.Client.Agent(t, "POST", path, map[string]any{"save": false})
			mu.Lock()
			defer mu.Unlock()
			if r.Status != http.StatusTooManyRequests {
				messages[http.StatusText(r.Status)]++
				return
			}
			msg, _ := r.JSON(t)["error"].(string)
			messages[strings.SplitN(msg, ".", 2)[0]]++
		}()
	}
	wg.Wait()
	dayMessage := "Without a trial or plan an account can run research 10 times a day"
	if len(messages) != 1 || messages[dayMessage] != sent {
		t.Fatalf("%d runs sent at once after the day's %d answered %v, want every one 429 %q (the AI budget has units left)",
			sent, daily, messages, dayMessage)
	}
	// The AI units are untouched: a trial lifts the daily limit, and the
	// hour's last 2 units run before its 429.
	env.Trial(t, a, testenv.TestCardOK)
	for i := daily; i < aiBudget; i++ {
		a.Client.Agent(t, "POST", path, map[string]any{"save": false}).Expect(t, http.StatusAccepted)
	}
	a.Client.Agent(t, "POST", path, map[string]any{"save": false}).ExpectError(t, http.StatusTooManyRequests, "rate_limited")
}
