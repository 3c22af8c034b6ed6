package audit26i

import (
	"net/http"
	"testing"

	"rvcontent/shared/dev/faults"

	"rvcontent/test/testenv"
)

// crashThenRetry sends method path with body and Idempotency-Key key
// after arming the after_commit fault, so the function dies right after
// the write's transaction commits, and expects the server error it
// answers; then it sends the same request again with the same key, as an
// agent retries after a 5xx, and returns that retry's answer once it is a
// replay of wantStatus (Idempotent-Replayed: true).
func crashThenRetry(t *testing.T, env *testenv.Env, c *testenv.Client, method, path string, body any, key string, wantStatus int) *testenv.Response {
	t.Helper()
	env.RunScheduled(t) // nothing of earlier requests left to trip the fault
	env.ArmFault(t, faults.AfterCommit, 1)
	first := c.Agent(t, method, path, body, "Idempotency-Key: "+key)
	if first.Status != http.StatusInternalServerError {
		env.Client().Do(t, "DELETE", "/_dev/faults", nil)
		t.Fatalf("%s %s with the after_commit fault armed answered %d, want 500 (its transaction does not store its answer): %s", method, path, first.Status, first.Body)
	}
	retry := c.Agent(t, method, path, body, "Idempotency-Key: "+key)
	if retry.Status != wantStatus || retry.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry of %s %s after a crash past its commit: %d (Idempotent-Replayed %q), want the first answer %d replayed: %s",
			method, path, retry.Status, retry.Header.Get("Idempotent-Replayed"), wantStatus, retry.Body)
	}
	return retry
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
