package billing_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apperr"
)

// A trial checkout, the card check, and ending the trial now.
func TestTrialToActive(t *testing.T) {
	r := newRig(t)
	b := r.billing(t)
	if b["status"] != "none" || b["paid"] != false || b["monthly_total"] != 0.0 {
		t.Fatalf("new account billing = %v", b)
	}
	if err := r.gate(t, billing.NeedTrialOrPlan); !apperr.Is(err, apperr.SubscriptionRequired) {
		t.Fatalf("gate without a plan: %v, want subscription_required", err)
	}
	r.api(t, "POST", "/billing/portal", nil).ExpectError(t, http.StatusConflict, "conflict")

	co := r.checkoutLink(t)
	price := co["price"].(map[string]any)
	if co["mode"] != "trial" || co["trial_days"] != 7.0 || price["amount"] != 49.5 || price["currency"] != "usd" || price["interval"] != "month" {
		t.Fatalf("checkout = %v", co)
	}
	if again := r.checkoutLink(t); again["checkout_url"] != co["checkout_url"] {
		t.Fatalf("an open checkout link was not reused: %v then %v", co["checkout_url"], again["checkout_url"])
	}
	// The hosted page is a real page with a labelled card field.
	page := r.env.Client().Do(t, "GET", r.local(t, co["checkout_url"].(string)), nil).Expect(t, http.StatusOK)
	for _, want := range []string{`<label for="card">`, `id="card"`, `type="submit"`} {
		if !contains(page.Body, want) {
			t.Fatalf("checkout page lacks %s", want)
		}
	}
	declined := r.env.Client().Do(t, "POST", r.local(t, co["checkout_url"].(string)), map[string]any{"card": cardDeclined})
	if declined.Expect(t, http.StatusPaymentRequired).JSON(t)["completed"] != false {
		t.Fatalf("declined checkout answered %s", declined.Body)
	}
	if r.billing(t)["status"] != "none" {
		t.Fatal("a declined card started a trial")
	}
	done := r.env.Client().Do(t, "POST", r.local(t, co["checkout_url"].(string)), "card="+cardOK, "Content-Type: application/x-www-form-urlencoded")
	if done.Expect(t, http.StatusOK).JSON(t)["completed"] != true {
		t.Fatalf("checkout answered %s", done.Body)
	}

	b = r.billing(t)
	if b["status"] != "trialing" || b["paid"] != false || b["card_verified"] != nil || b["trial_ends_at"] == nil || b["monthly_total"] != 49.5 {
		t.Fatalf("trial billing = %v", b)
	}
	if n := r.count(t, "billing.trial_started"); n != 1 {
		t.Fatalf("%d billing.trial_started events, want 1", n)
	}
	if err := r.gate(t, billing.NeedTrialOrPlan); err != nil {
		t.Fatalf("gate in a trial: %v", err)
	}
	if err := r.gate(t, billing.NeedPaidPlan); !apperr.Is(err, apperr.PaidPlanRequired) {
		t.Fatalf("paid gate in a trial: %v, want paid_plan_required", err)
	}
	if a := r.articles(t, r.acct.SiteID); a != 5 {
		t.Fatalf("trial articles = %v, want 5", a)
	}
	r.api(t, "POST", "/billing/checkout", nil).ExpectError(t, http.StatusConflict, "conflict")
	r.api(t, "POST", "/sites", map[string]any{"site_url": "https://other.example.com", "site_name": "Other"}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")

	r.env.RunScheduled(t)
	if v := r.billing(t)["card_verified"]; v != true {
		t.Fatalf("card_verified after the check = %v, want true", v)
	}

	resp := r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: act-1").Expect(t, http.StatusOK)
	body := resp.JSON(t)
	charged := body["charged"].(map[string]any)
	b = body["billing"].(map[string]any)
	if charged["amount"] != 49.5 || charged["currency"] != "usd" || b["status"] != "active" || b["paid"] != true || b["trial_ends_at"] != nil {
		t.Fatalf("activate answered %s", resp.Body)
	}
	replay := r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: act-1").Expect(t, http.StatusOK)
	if replay.Header.Get("Idempotent-Replayed") != "true" || string(replay.Body) != string(resp.Body) {
		t.Fatalf("replay: %s %s", replay.Header, replay.Body)
	}
	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: act-2").ExpectError(t, http.StatusConflict, "conflict")
	if n := r.count(t, "billing.activated"); n != 1 {
		t.Fatalf("%d billing.activated events, want 1", n)
	}
	if a := r.articles(t, r.acct.SiteID); a != 30 {
		t.Fatalf("articles after activation = %v, want 30", a)
	}
	if err := r.gate(t, billing.NeedPaidPlan); err != nil {
		t.Fatalf("paid gate after activation: %v", err)
	}
	if got := r.succeeded(t); len(got) != 1 || got[0] != 49.5 {
		t.Fatalf("charges %v, want one of 49.5", got)
	}
	acct := r.api(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)["account"].(map[string]any)
	if acct["billing_status"] != "active" {
		t.Fatalf("account billing_status = %v, want active", acct["billing_status"])
	}
}

// A trial that runs its seven days is charged and becomes the plan; the
// next month renews and grants the period's credits again.
func TestTrialRunsOutIntoThePlan(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardOK)
	r.advance(t, 7*day+60)
	b := r.billing(t)
	if b["status"] != "active" || b["paid"] != true {
		t.Fatalf("after the trial: %v", b)
	}
	if n := r.count(t, "billing.activated"); n != 1 {
		t.Fatalf("%d billing.activated, want 1", n)
	}
	if a := r.articles(t, r.acct.SiteID); a != 30 {
		t.Fatalf("articles = %v, want 30", a)
	}
	renewal := r.billing(t)["current_period_end"].(string)
	r.advance(t, 31*day)
	if got := r.succeeded(t); len(got) != 2 || got[0] != 49.5 || got[1] != 49.5 {
		t.Fatalf("charges %v, want two of 49.5", got)
	}
	resets := r.acct.Client.EventsSince(t, renewal, "credits.reset")
	if len(resets) != 1 {
		t.Fatalf("credits.reset %d times at the renewal, want once", len(resets))
	}
	c := resets[0].Data["credits"].(map[string]any)
	if c["period_start"] != renewal || c["articles"].(map[string]any)["balance"] != 30.0 {
		t.Fatalf("renewal grant %v, want 30 articles from %s", c, renewal)
	}
}

// The trial card check fails: generation is off until the card is updated.
func TestTrialCardCheckFails(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardBadCheck)
	if err := r.gate(t, billing.NeedTrialOrPlan); err != nil {
		t.Fatalf("gate before the check: %v", err)
	}
	r.env.RunScheduled(t)
	b := r.billing(t)
	if b["card_verified"] != false || b["status"] != "trialing" {
		t.Fatalf("after a failed check: %v", b)
	}
	evs := r.acct.Client.Events(t, "billing.card_check_failed")
	if len(evs) != 1 || evs[0].Data["billing"].(map[string]any)["card_verified"] != false {
		t.Fatalf("card_check_failed events: %+v", evs)
	}
	if err := r.gate(t, billing.NeedTrialOrPlan); !apperr.Is(err, apperr.SubscriptionRequired) {
		t.Fatalf("gate after a failed check: %v, want subscription_required", err)
	}
	r.env.RunScheduled(t) // the check is not repeated with the same card
	if n := r.count(t, "billing.card_check_failed"); n != 1 {
		t.Fatalf("%d card_check_failed events, want 1", n)
	}
	r.portal(t, "card", map[string]any{"card": cardOK}).Expect(t, http.StatusOK)
	if err := r.gate(t, billing.NeedTrialOrPlan); err != nil {
		t.Fatalf("gate after the card update: %v", err)
	}
	r.env.RunScheduled(t)
	if v := r.billing(t)["card_verified"]; v != true {
		t.Fatalf("card_verified with the new card = %v, want true", v)
	}
}

// A trial whose card check failed runs out into past_due: the payment
// grace does not turn generation back on (card_verified false blocks it
// until the card is updated); a new card does, for the rest of the grace.
func TestFailedCardCheckOutlastsTheTrial(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardBadCheck)
	r.env.RunScheduled(t)
	r.advance(t, 7*day+60)
	b := r.billing(t)
	if b["status"] != "past_due" || b["card_verified"] != false {
		t.Fatalf("after the trial ran out: %v, want past_due with card_verified false", b)
	}
	keys := "/sites/" + r.acct.SiteID + "/keys"
	r.api(t, "POST", keys, map[string]any{"name": "plugin"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")

	r.portal(t, "card", map[string]any{"card": cardFailLater}).Expect(t, http.StatusOK)
	b = r.billing(t)
	if b["status"] != "past_due" || b["card_verified"] == false {
		t.Fatalf("after the card update (its retry declined): %v, want past_due with card_verified not false", b)
	}
	r.api(t, "POST", keys, map[string]any{"name": "plugin"}).Expect(t, http.StatusCreated)
}

// Activation with a card that is declined, then one that needs the
// cardholder: the trial continues and nothing is charged.
func TestActivateDeclinedAndNeedingAuthentication(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardFailLater)
	body := r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: a1").ExpectError(t, http.StatusPaymentRequired, "payment_failed")
	if u, _ := body["action_url"].(string); u == "" {
		t.Fatalf("payment_failed without action_url: %v", body)
	}
	if b := r.billing(t); b["status"] != "trialing" || b["paid"] != false {
		t.Fatalf("after a declined activation: %v", b)
	}

	s := r.another(t)
	s.trial(t, cardAuth)
	body = s.api(t, "POST", "/billing/activate", nil).ExpectError(t, http.StatusForbidden, "human_required")
	if u, _ := body["action_url"].(string); u == "" {
		t.Fatalf("human_required without action_url: %v", body)
	}
	if st := s.billing(t)["status"]; st != "trialing" {
		t.Fatalf("status = %v, want trialing", st)
	}
	for _, x := range []*rig{r, s} {
		list, total := x.charges(t)
		if total != 0 || len(list) != 1 || list[0].Status != "failed" {
			t.Fatalf("charges %+v total %v, want one failed attempt and nothing charged", list, total)
		}
	}
	if n := r.count(t, "billing.activated") + s.count(t, "billing.activated"); n != 0 {
		t.Fatalf("%d billing.activated events, want none", n)
	}
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }

// A trial the owner set to end is not charged by activation: 409 until the
// owner resumes it, then the activation charges as usual.
func TestActivateRefusesATrialSetToEnd(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardOK)
	r.portal(t, "cancel", nil).Expect(t, http.StatusOK)
	res := r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: set-to-end").Expect(t, http.StatusConflict)
	if code := res.ErrorCode(t); code != "conflict" {
		t.Fatalf("activate of a trial set to end: code %s", code)
	}
	if b := r.billing(t); b["status"] != "trialing" || b["cancel_at_period_end"] != true {
		t.Fatalf("after the refusal: %v", b)
	}
	if got := r.succeeded(t); len(got) != 0 {
		t.Fatalf("charges %v, want none", got)
	}
	r.portal(t, "resume", nil).Expect(t, http.StatusOK)
	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: resumed").Expect(t, http.StatusOK)
	if got := r.succeeded(t); len(got) != 1 || got[0] != 49.5 {
		t.Fatalf("charges %v, want one of 49.5", got)
	}
}
