package audit27d

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestSimulatedAuthenticationCanBeCompleted: README, the dev stack's
// simulated processor ("As Stripe's test cards: ... `4000002500003155`
// completes checkout, then charges need the cardholder (403
// `human_required`)"), spec 7 ("action_url (owner page, on human_required
// ...)") and the answer's own sentence ("The owner can ... at
// action_url"). With the simulated processor the action_url of a trial's
// activation that needed authentication was its billing portal page,
// which offers cancel, resume and a new card but no way to authenticate
// the payment, so the dev stack could not show an owner completing it.
// Now the activation waits, as with Stripe: action_url is the portal page
// with the waiting payment, and its authenticate action (POST
// <action_url>/authenticate, as the owner's button sends it) charges the
// card and reports the invoice paid, so the plan starts
// (billing.activated).
func TestSimulatedAuthenticationCanBeCompleted(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	a := env.NewAccount(t, "")
	env.Trial(t, a, "4000002500003155")

	body := a.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: audit27d-sim").ExpectError(t, http.StatusForbidden, "human_required")
	action, _ := body["action_url"].(string)
	path := env.PaymentWaiting(t, action)
	if st := status(t, a); st != "trialing" {
		t.Fatalf("status %v before the payment is authenticated, want trialing", st)
	}

	env.Client().Do(t, "POST", path+"/authenticate", nil).Expect(t, http.StatusOK)
	b := a.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "active" || b["paid"] != true {
		t.Fatalf("billing %v once the payment was authenticated, want active and paid", b)
	}
	// Done once: the same action again charges nothing more.
	env.Client().Do(t, "POST", path+"/authenticate", nil).Expect(t, http.StatusConflict)
}
