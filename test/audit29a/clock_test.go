package audit29a

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/dynamotest"
	"rvcontent/test/testenv"
)

// TestClockAdvancedAtOnceSurvivesARestart: DEV_HARNESS.md, "POST
// /_dev/clock { "advance_seconds": N } moves the service clock forward by
// N seconds (never back)"; README, "The dev stack": "With DATA_DIR, the
// data, the dev clock's offset and the host and DNS overrides survive a
// restart". Defect: each advance moved the clock in memory, then stored
// the new offset with a plain write, so of several advances sent at once
// (parallel tests on one stack) the write that landed last could be an
// earlier, smaller offset; a stack started again on the same data came
// back with its clock behind where it had been, minutes back for the
// advances below. The stored offset now only ever grows: the restarted
// stack's clock is at least where the first one left it.
func TestClockAdvancedAtOnceSurvivesARestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two dev stacks")
	}
	table := dynamotest.UniqueName("a29a-clock")
	sameTable := testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.TableName = table }}
	first := testenv.Start(t, sameTable)
	const n, step = 40, 60
	testenv.AtOnce(n, func(int) *testenv.Response {
		return first.Client().Do(t, "POST", "/_dev/clock", map[string]any{"advance_seconds": step}).Expect(t, http.StatusOK)
	})
	ahead := offset(t, first)
	if ahead < n*step*time.Second-time.Minute {
		t.Fatalf("the clock ran %v ahead after %d advances of %d s, want about %v", ahead, n, step, n*step*time.Second)
	}
	first.Stack.Close() // the restart: a second stack on the same data

	again := offset(t, testenv.Start(t, sameTable))
	if again < ahead-5*time.Second {
		t.Fatalf("after a restart the clock runs %v ahead, %v less than before it: the clock moved back", again.Round(time.Second), (ahead - again).Round(time.Second))
	}
}

// offset returns how far env's service clock runs ahead of this machine's.
func offset(t *testing.T, env *testenv.Env) time.Duration {
	t.Helper()
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	return time.Until(now)
}
