package browser_test

import (
	"testing"

	"rvcontent/test/testenv"
)

// TestTrialAndAgentsJourney: from the overview the owner starts the free
// trial, pays on the processor's page (a declined card first), and comes
// back to Billing, which says the trial started; then, from the agent
// keys page, opens what an agent key did.
func TestTrialAndAgentsJourney(t *testing.T) {
	env := testenv.Shared(t)
	_, b := newOwnerIn(t, env, "")
	b.expect("No plan yet.", "Start the free trial on Billing")
	b.click(`main a[href="/dashboard/billing"]`)
	b.click(`form[action="/dashboard/billing/checkout"] button`)
	b.expect("Start your free trial", "Cancel and go back")
	b.shoot("checkout")
	b.fill("#card", "4000000000000002")
	b.click(`form[action^="/_dev/pay/checkout/"] button`)
	b.expect("declined", "Cancel and go back")
	b.fill("#card", testenv.TestCardOK)
	b.click(`form[action^="/_dev/pay/checkout/"] button`)
	if loc := b.location(); loc != env.URL+"/dashboard/billing?checkout=done" {
		t.Fatalf("after checkout the owner is at %s, want Billing", loc)
	}
	b.expect("Your free trial has started.", "Free trial, 7 days left", "Manage card, invoices or cancellation")
	b.shoot("billing-after-checkout")

	b.open("/dashboard/settings/agents")
	b.click(`a[aria-label="What it did: Test agent"]`)
	b.expect("Activity of Test agent (agent key)", "Everyone's activity", "Account created by agent")
	b.shoot("agent-activity")
}
