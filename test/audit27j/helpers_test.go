package audit27j

import (
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// clockAt reads the service clock.
func clockAt(t *testing.T, env *testenv.Env) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// lateInSecond moves the service clock to 0.8 seconds past the start of a
// second, so a deadline computed now has a fraction that truncating it to
// whole seconds would lose.
func lateInSecond(t *testing.T, env *testenv.Env) {
	t.Helper()
	now := clockAt(t, env)
	frac := now.Sub(now.Truncate(time.Second))
	wait := 800*time.Millisecond - frac
	if wait < 0 {
		wait += time.Second
	}
	env.Advance(t, wait.Seconds())
}

// moveTo moves the service clock to at (which must not be in its past).
func moveTo(t *testing.T, env *testenv.Env, at time.Time) {
	t.Helper()
	env.Advance(t, at.Sub(clockAt(t, env)).Seconds())
}

// parseAt reads an RFC 3339 timestamp of an answer.
func parseAt(t *testing.T, s any) time.Time {
	t.Helper()
	str, _ := s.(string)
	at, err := time.Parse(time.RFC3339Nano, str)
	if err != nil {
		t.Fatalf("timestamp %v: %v", s, err)
	}
	return at
}
