package billing_test

import (
	"net/http"
	"testing"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apperr"
)

// A renewal is declined: past_due with 48 hours of grace, then generation
// stops; a new card pays the open invoice.
func TestRenewalDeclinedIntoPastDue(t *testing.T) {
	r := newRig(t)
	r.active(t, cardFailLater)
	end := r.billing(t)["current_period_end"].(string)
	r.advance(t, 31*day+60)

	b := r.billing(t)
	if b["status"] != "past_due" || b["paid"] != false || b["past_due_since"] == nil || b["current_period_end"] == end {
		t.Fatalf("after a declined renewal: %v", b)
	}
	evs := r.acct.Client.Events(t, "billing.payment_failed")
	if len(evs) != 1 {
		t.Fatalf("%d billing.payment_failed events, want 1", len(evs))
	}
	grace, _ := evs[0].Data["grace_ends_at"].(string)
	if grace == "" || evs[0].Data["billing"].(map[string]any)["status"] != "past_due" {
		t.Fatalf("payment_failed data: %v", evs[0].Data)
	}
	acct := r.api(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)["account"].(map[string]any)
	if acct["billing_status"] != "past_due" {
		t.Fatalf("account billing_status = %v", acct["billing_status"])
	}
	if err := r.gate(t, billing.NeedTrialOrPlan); err != nil {
		t.Fatalf("generation inside the grace: %v", err)
	}
	if err := r.gate(t, billing.NeedPaidPlan); !apperr.Is(err, apperr.PaidPlanRequired) {
		t.Fatalf("paid features while past due: %v, want paid_plan_required", err)
	}
	q := r.api(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	if q["block"] != "past_due" {
		t.Fatalf("quote block = %v, want past_due", q["block"])
	}
	r.advance(t, 47*3600)
	if err := r.gate(t, billing.NeedTrialOrPlan); err != nil {
		t.Fatalf("generation 47 hours after the failure: %v", err)
	}
	r.advance(t, 2*3600)
	if err := r.gate(t, billing.NeedTrialOrPlan); !apperr.Is(err, apperr.SubscriptionRequired) {
		t.Fatalf("generation 49 hours after the failure: %v, want subscription_required", err)
	}
	if n := r.count(t, "billing.payment_failed"); n != 1 {
		t.Fatalf("%d billing.payment_failed events, want 1", n)
	}

	r.portal(t, "card", map[string]any{"card": cardOK}).Expect(t, http.StatusOK)
	if b := r.billing(t); b["status"] != "active" || b["paid"] != true || b["past_due_since"] != nil {
		t.Fatalf("after paying with a new card: %v", b)
	}
	if err := r.gate(t, billing.NeedTrialOrPlan); err != nil {
		t.Fatalf("generation after paying: %v", err)
	}
	if got := r.succeeded(t); len(got) != 2 || got[0]+got[1] != 99 {
		t.Fatalf("charges %v, want the activation and the retried renewal", got)
	}
}

// Cancellation at the period's end, the end, and the plan again.
func TestCancelEndAndPlanAgain(t *testing.T) {
	r := newRig(t)
	r.active(t, cardOK)
	r.portal(t, "cancel", nil).Expect(t, http.StatusOK)
	b := r.billing(t)
	if b["cancel_at_period_end"] != true || b["status"] != "active" || b["paid"] != true {
		t.Fatalf("after cancelling: %v", b)
	}
	if evs := r.acct.Client.Events(t, "billing.canceled"); len(evs) != 1 || evs[0].Data["billing"].(map[string]any)["cancel_at_period_end"] != true {
		t.Fatalf("billing.canceled events: %+v", evs)
	}
	q := r.api(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	if q["block"] != "canceling" {
		t.Fatalf("quote block = %v, want canceling", q["block"])
	}
	r.portal(t, "resume", nil).Expect(t, http.StatusOK)
	if r.billing(t)["cancel_at_period_end"] != false {
		t.Fatal("resume did not undo the cancellation")
	}
	r.portal(t, "cancel", nil).Expect(t, http.StatusOK)
	if n := r.count(t, "billing.canceled"); n != 2 {
		t.Fatalf("%d billing.canceled events, want 2", n)
	}
	r.api(t, "POST", "/billing/checkout", nil).ExpectError(t, http.StatusConflict, "conflict")

	r.advance(t, 32*day)
	b = r.billing(t)
	if b["status"] != "canceled" || b["paid"] != false || b["cancel_at_period_end"] != false || b["monthly_total"] != 0.0 {
		t.Fatalf("after the end: %v", b)
	}
	if n := r.count(t, "billing.ended"); n != 1 {
		t.Fatalf("%d billing.ended events, want 1", n)
	}
	if err := r.gate(t, billing.NeedTrialOrPlan); !apperr.Is(err, apperr.SubscriptionRequired) {
		t.Fatalf("generation after the end: %v, want subscription_required", err)
	}
	q = r.api(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	if q["block"] != "lapsed" {
		t.Fatalf("quote block = %v, want lapsed", q["block"])
	}
	if got := r.succeeded(t); len(got) != 1 {
		t.Fatalf("charges %v: a cancelled subscription must not renew", got)
	}

	since := r.env.Now(t)
	co := r.checkoutLink(t)
	if co["mode"] != "plan" || co["trial_days"] != 0.0 {
		t.Fatalf("checkout after the end = %v, want mode plan", co)
	}
	r.env.Client().Do(t, "POST", r.local(t, co["checkout_url"].(string)), map[string]any{"card": cardOK}).Expect(t, http.StatusOK)
	b = r.billing(t)
	if b["status"] != "active" || b["paid"] != true || b["trial_ends_at"] != nil {
		t.Fatalf("after the plan checkout: %v", b)
	}
	if n := len(r.acct.Client.EventsSince(t, since, "billing.activated")); n != 1 {
		t.Fatalf("%d billing.activated events for the plan again, want 1", n)
	}
	if n := len(r.acct.Client.EventsSince(t, since, "billing.trial_started")); n != 0 {
		t.Fatalf("%d billing.trial_started events: no second trial", n)
	}
	_, total := r.charges(t)
	if total != 99 {
		t.Fatalf("charged %v in all, want 99", total)
	}
	if err := r.gate(t, billing.NeedTrialOrPlan); err != nil {
		t.Fatalf("generation on the plan again: %v", err)
	}
}
