// Package schedule_test checks, over HTTP against a dev stack whose clock
// only the test moves, the time rules of the spec that belong to no one
// feature: how long events and activity entries stay readable.
package schedule_test

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/test/testenv"
)

const day = 24 * time.Hour

// margin is how far before a boundary "just before" is: more than the
// steps between moving the clock and looking take (the service clock runs
// on with the machine's).
const margin = 30 * time.Second

// activity returns the ids of the account's activity entries.
func activity(t *testing.T, a *testenv.Account) map[string]bool {
	t.Helper()
	var out struct {
		Activity []struct {
			ID string `json:"id"`
		} `json:"activity"`
	}
	a.Client.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	ids := map[string]bool{}
	for _, e := range out.Activity {
		ids[e.ID] = true
	}
	return ids
}

// events returns the ids of the account's events since the beginning.
func events(t *testing.T, a *testenv.Account) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	for _, e := range a.Client.EventsSince(t, "2000-01-01T00:00:00Z", "agent_access.created") {
		ids[e.ID] = true
	}
	return ids
}

// moveTo moves the service clock to at plus delta.
func moveTo(t *testing.T, env *testenv.Env, at string, delta time.Duration) {
	t.Helper()
	when, err := clock.Parse(at)
	if err != nil {
		t.Fatalf("not a timestamp: %q", at)
	}
	now, err := clock.Parse(env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	env.Advance(t, when.Add(delta).Sub(now).Seconds())
}

// Events are kept 30 days and activity entries 365 days (spec 8): each is
// readable until its age reaches the retention, and gone from then on.
func TestEventsAndActivityLastTheirRetention(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	a := env.NewAccount(t, "")
	first := a.Client.EventsSince(t, "2000-01-01T00:00:00Z", "agent_access.created")
	if len(first) != 1 {
		t.Fatalf("%d agent_access.created events after sign-up, want 1", len(first))
	}
	ev := first[0]
	var acts struct {
		Activity []struct {
			ID        string `json:"id"`
			CreatedAt string `json:"created_at"`
		} `json:"activity"`
	}
	a.Client.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &acts)
	if len(acts.Activity) == 0 {
		t.Fatal("no activity entry after sign-up")
	}
	entry := acts.Activity[len(acts.Activity)-1] // the oldest

	moveTo(t, env, ev.CreatedAt, 30*day-margin)
	env.RunScheduled(t)
	if !events(t, a)[ev.ID] {
		t.Fatal("an event is gone just before it is 30 days old")
	}
	moveTo(t, env, ev.CreatedAt, 30*day)
	if events(t, a)[ev.ID] {
		t.Fatal("an event is still listed at 30 days")
	}
	// A listing of every type leaves it out too, and still gives a cursor.
	var page struct {
		Events     []map[string]any `json:"events"`
		NextCursor *string          `json:"next_cursor"`
	}
	a.Client.Agent(t, "GET", "/events?since=2000-01-01T00:00:00Z", nil).Expect(t, http.StatusOK).Decode(t, &page)
	for _, e := range page.Events {
		if e["id"] == ev.ID {
			t.Fatal("GET /events without types lists an event older than 30 days")
		}
	}
	if page.NextCursor == nil {
		t.Fatal("next_cursor is null")
	}

	moveTo(t, env, entry.CreatedAt, 365*day-margin)
	env.RunScheduled(t)
	if !activity(t, a)[entry.ID] {
		t.Fatal("an activity entry is gone just before it is 365 days old")
	}
	moveTo(t, env, entry.CreatedAt, 365*day)
	if activity(t, a)[entry.ID] {
		t.Fatal("an activity entry is still listed at 365 days")
	}
}
