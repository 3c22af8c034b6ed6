// Package audit21e holds black-box tests, over HTTP against a dev stack,
// of the billing, Studio site and site parts of the agent API (spec 3 and
// 4.5, 4.9): each one shows a defect an audit found and that its fix holds.
// Each test starts its own stack with the background scheduler off, so
// time moves and scheduled work runs only when the test says.
package audit21e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// billingOf returns the account's GET /billing.
func billingOf(t *testing.T, acct *testenv.Account) map[string]any {
	t.Helper()
	return acct.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}

// TestActivateAfterTheTrialEndedIsAConflictThatSaysSo: POST
// /billing/activate once trial_ends_at has passed, before the processor
// reported the trial's end, answers 409 conflict (spec 4.9: "409 conflict
// when not trialing") with a sentence about the trial having ended. The
// service answered "The subscription changed meanwhile. Get a new quote and
// try again.", a Studio quote's sentence that tells an agent activating a
// trial nothing it can act on. The trial's end is then billed once by the
// scheduled renewal (billing.activated once).
func TestActivateAfterTheTrialEndedIsAConflictThatSaysSo(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	env.Trial(t, acct, testenv.TestCardOK)
	env.RunScheduled(t) // the trial card check
	b := billingOf(t, acct)
	if b["status"] != "trialing" {
		t.Fatalf("status = %v, want trialing", b["status"])
	}
	env.AdvancePast(t, b["trial_ends_at"].(string), time.Second)

	body := acct.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: late-activate").
		ExpectError(t, http.StatusConflict, "conflict")
	msg, _ := body["error"].(string)
	if strings.Contains(msg, "quote") || !strings.Contains(msg, "trial") {
		t.Fatalf("error = %q, want a sentence that says the trial already ended", msg)
	}

	env.RunScheduled(t) // the processor bills the trial's end
	if b := billingOf(t, acct); b["status"] != "active" || b["paid"] != true {
		t.Fatalf("after the trial's end was billed: %v", b)
	}
	if got := acct.Client.Events(t, "billing.activated"); len(got) != 1 {
		t.Fatalf("billing.activated events = %d, want 1", len(got))
	}
}
