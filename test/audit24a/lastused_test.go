package audit24a

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestLastUsedAtIsWrittenAtMostOnceAMinute pins the README's "last_used_at
// is updated at most once a minute per key, so it is accurate to the
// minute" (spec 2 Agent key: "last authenticated request"), which no test
// held: a use within the minute after the recorded one leaves it, the
// first use a minute or more later records that use's time.
func TestLastUsedAtIsWrittenAtMostOnceAMinute(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	var made struct {
		AgentKey struct{ Key string } `json:"agent_key"`
	}
	a.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Reader"}).Expect(t, http.StatusCreated).Decode(t, &made)
	reader := env.Client().As(made.AgentKey.Key) // reads the list, so a's key is used only when the test says

	lastUsed := func() time.Time {
		t.Helper()
		k := reader.AgentKey(t, a.KeyID)
		s, _ := k["last_used_at"].(string)
		at, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatalf("last_used_at of a used key = %v: %v", k["last_used_at"], err)
		}
		return at
	}
	first := lastUsed() // the POST above used a's key
	env.Advance(t, 30)
	a.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	if got := lastUsed(); !got.Equal(first) {
		t.Fatalf("a use 30 s after the recorded one moved last_used_at from %s to %s, want it kept (once a minute)", first, got)
	}
	env.Advance(t, 31)
	a.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := lastUsed(); got.Sub(first) < time.Minute || now.Sub(got) < 0 || now.Sub(got) > time.Minute {
		t.Fatalf("a use 61 s after the recorded one: last_used_at %s (first %s, clock %s), want the new use's time", got, first, now)
	}
}
