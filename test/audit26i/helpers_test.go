package audit26i

import (
	"testing"

	"rvcontent/test/testenv"
)

// crashThenRetry is Env.CrashThenRetry after the scheduled work has run,
// so nothing of earlier requests is left to trip the fault.
func crashThenRetry(t *testing.T, env *testenv.Env, c *testenv.Client, method, path string, body any, key string, wantStatus int) *testenv.Response {
	t.Helper()
	env.RunScheduled(t)
	return env.CrashThenRetry(t, c, method, path, body, key, wantStatus)
}

// settleSweeps moves the service clock past the outbox sweeps' minute and
// the job sweep's two minutes, three times over, and runs the scheduled
// work each time, so whatever a crash left undone is picked up and any
// second pick-up would show.
func settleSweeps(t *testing.T, env *testenv.Env) {
	t.Helper()
	for range 3 {
		env.Advance(t, 181)
		env.Settle(t)
	}
}

// deliveredOnce fails the test unless the receiver got exactly one
// delivery of an event of type typ, and returns it.
func deliveredOnce(t *testing.T, rc *testenv.Receiver, typ string) map[string]any {
	t.Helper()
	var got []map[string]any
	for _, d := range rc.Received() {
		if e := d.Event(t); e["type"] == typ {
			got = append(got, e)
		}
	}
	if len(got) != 1 {
		t.Fatalf("the webhook endpoint got %d deliveries of %s, want exactly 1: %v", len(got), typ, got)
	}
	return got[0]
}
