package audit29t

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestActivateWithoutATrialSaysWhatToDo: spec 7, "Error body: JSON with
// `error` (human sentence)"; README, activate_billing: "conflict when not
// trialing". Defect: POST /billing/activate on an account that never had a
// subscription answered 409 "Only a trial can be activated; this
// account's billing status is none.": the status value read as a word,
// and no way forward although there is one (start the trial with POST
// /billing/checkout); on the paid plan it said "billing status is active"
// instead of that the plan already runs. Each status now has its sentence
// (still 409 conflict).
func TestActivateWithoutATrialSaysWhatToDo(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	got := acct.Client.Agent(t, "POST", "/billing/activate", nil).ExpectError(t, http.StatusConflict, "conflict")
	msg, _ := got["error"].(string)
	if strings.Contains(msg, "status is none") || !strings.Contains(msg, "POST /billing/checkout") {
		t.Errorf("activate without a subscription: %q, want a sentence pointing at POST /billing/checkout", msg)
	}
	env.PaidPlan(t, acct)
	got = acct.Client.Agent(t, "POST", "/billing/activate", nil).ExpectError(t, http.StatusConflict, "conflict")
	msg, _ = got["error"].(string)
	if strings.Contains(msg, "status is active") || !strings.Contains(msg, "already") {
		t.Errorf("activate on the paid plan: %q, want a sentence saying the plan already runs", msg)
	}
}
