package webhooks_test

import (
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestLoadThousandEventsThreeEndpoints is the load run of the webhooks
// issue. It is a test, not a benchmark, so that its figures come from one
// fixed workload: 1,000 events (500 agent keys created and revoked through
// the API) to three endpoints: a healthy one subscribed to everything, a
// healthy one subscribed to agent_access.created only, and one subscribed
// to everything that fails half the time. It asserts delivery, not speed,
// and logs the figures (deliveries per second, duplicate rate).
func TestLoadThousandEventsThreeEndpoints(t *testing.T) {
	if testing.Short() {
		t.Skip("load run")
	}
	env := testenv.Start(t, testenv.Options{Configure: func(c *config.Config) {
		c.AccountRequestsPerMinute = 1_000_000
	}})
	acct := env.NewSettledAccount(t)
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(1, 2))
	all, createdOnly := testenv.NewReceiver(t, env, nil), testenv.NewReceiver(t, env, nil)
	flaky := testenv.NewReceiver(t, env, func(int, *http.Request) int {
		mu.Lock()
		defer mu.Unlock()
		if rng.IntN(2) == 0 {
			return http.StatusInternalServerError
		}
		return http.StatusOK
	})
	testenv.CreateWebhook(t, acct.Client, all.URL, "*")
	testenv.CreateWebhook(t, acct.Client, createdOnly.URL, "agent_access.created")
	testenv.CreateWebhook(t, acct.Client, flaky.URL, "*")

	const pairs = 500
	start := time.Now()
	var wg sync.WaitGroup
	work := make(chan int)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range work {
				id, _ := acct.Client.CreateAgentKey(t, "Load agent")
				acct.Client.Agent(t, "DELETE", "/agent-keys/"+id, nil).Expect(t, http.StatusOK)
			}
		}()
	}
	for i := 0; i < pairs; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	produced := time.Since(start)
	attemptsSoFar := func() int { return len(all.Received()) + len(createdOnly.Received()) + len(flaky.Received()) }
	atProduced := attemptsSoFar()

	// First attempts: wait until every event reached the healthy endpoints
	// and the queues are idle.
	deadline := time.Now().Add(5 * time.Minute)
	for uniqueOK(all.Received()) < 2*pairs || uniqueOK(createdOnly.Received()) < pairs {
		if time.Now().After(deadline) {
			t.Fatalf("healthy endpoints got %d and %d events, want %d and %d", uniqueOK(all.Received()), uniqueOK(createdOnly.Received()), 2*pairs, pairs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	healthyDone := time.Since(start)
	env.Stack.Drain(t.Context(), time.Minute)
	firstRound := time.Since(start)
	firstAttempts := attemptsSoFar()

	// Retries of the flaky endpoint, on the spec's schedule.
	for _, wait := range schedule {
		env.Advance(t, wait+1)
		env.RunScheduled(t)
		env.Stack.Drain(t.Context(), time.Minute)
	}

	for _, rc := range []*testenv.Receiver{all, createdOnly, flaky} {
		for _, r := range rc.Received() {
			if rc == createdOnly && r.Header.Get("Service-Event-Type") != "agent_access.created" {
				t.Fatalf("endpoint subscribed to agent_access.created got %s", r.Header.Get("Service-Event-Type"))
			}
		}
	}
	if n := uniqueOK(all.Received()); n != 2*pairs {
		t.Fatalf("\"*\" endpoint got %d distinct events, want %d", n, 2*pairs)
	}
	if n := uniqueOK(createdOnly.Received()); n != pairs {
		t.Fatalf("created-only endpoint got %d distinct events, want %d", n, pairs)
	}
	flakyOK := uniqueOK(flaky.Received())
	if flakyOK < 2*pairs-20 {
		t.Fatalf("flaky endpoint got %d of %d events after 8 attempts each; about 4 (1 in 256) may fail every attempt", flakyOK, 2*pairs)
	}
	dupAll, dupCreated, dupFlaky := duplicates(all.Received()), duplicates(createdOnly.Received()), duplicates(flaky.Received())
	delivered := 2*pairs + pairs + flakyOK
	t.Logf("LOAD RUN: %d events produced through the API in %s (%.0f events/s)", 2*pairs, produced.Round(time.Millisecond), float64(2*pairs)/produced.Seconds())
	t.Logf("LOAD RUN: both healthy endpoints had every event %s after the first event was produced", healthyDone.Round(time.Millisecond))
	t.Logf("LOAD RUN: first round: %d attempts in %s = %.0f deliveries/s (fan-out included, events produced meanwhile)", firstAttempts, firstRound.Round(time.Millisecond), float64(firstAttempts)/firstRound.Seconds())
	t.Logf("LOAD RUN: after production ended: %d attempts in %s = %.0f deliveries/s (the backlog alone)", firstAttempts-atProduced, (firstRound - produced).Round(time.Millisecond), float64(firstAttempts-atProduced)/(firstRound-produced).Seconds())
	t.Logf("LOAD RUN: flaky endpoint: %d/%d events delivered after retries, %d requests in all", flakyOK, 2*pairs, len(flaky.Received()))
	t.Logf("LOAD RUN: duplicates (a 2xx-answered event sent again): \"*\" %d, created-only %d, flaky %d; rate %.4f%% of %d deliveries",
		dupAll, dupCreated, dupFlaky, 100*float64(dupAll+dupCreated+dupFlaky)/float64(delivered), delivered)
}

// uniqueOK counts the distinct events answered with a 2xx.
func uniqueOK(got []testenv.Delivery) int {
	seen := map[string]bool{}
	for _, r := range got {
		if r.Status < 300 {
			seen[r.Header.Get("Service-Event-Id")] = true
		}
	}
	return len(seen)
}

// duplicates counts 2xx-answered requests for an event already answered
// with a 2xx.
func duplicates(got []testenv.Delivery) int {
	seen := map[string]bool{}
	n := 0
	for _, r := range got {
		if r.Status >= 300 {
			continue
		}
		id := r.Header.Get("Service-Event-Id")
		if seen[id] {
			n++
		}
		seen[id] = true
	}
	return n
}
