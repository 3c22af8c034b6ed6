package billing_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
)

// until moves the service clock to delta seconds after the timestamp at
// (before it when delta is negative), without running scheduled work.
func (r *rig) until(t *testing.T, at string, delta float64) {
	t.Helper()
	end, err := clock.Parse(at)
	if err != nil {
		t.Fatalf("not a timestamp: %q", at)
	}
	now, err := clock.Parse(r.env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	r.env.Advance(t, end.Sub(now).Seconds()+delta)
}

// margin is how far before a boundary "just before" is, in seconds of the
// service clock: more than the steps between moving the clock and looking
// take (the clock runs on with the machine's).
const margin = 30

// twice runs the scheduled work twice at the same service time: the
// second run must change nothing.
func (r *rig) twice(t *testing.T) {
	t.Helper()
	r.env.RunScheduled(t)
	r.env.RunScheduled(t)
}

// The trial ends and the plan renews exactly at their times: just
// before, nothing is charged; at the boundary, one charge each, however
// often the scheduler runs.
func TestTrialEndAndRenewalAtTheirBoundaries(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardOK)
	end := r.billing(t)["trial_ends_at"].(string)
	r.until(t, end, -margin)
	r.twice(t)
	if b := r.billing(t); b["status"] != "trialing" || len(r.succeeded(t)) != 0 {
		t.Fatalf("just before the trial ends: %v, charges %v", b, r.succeeded(t))
	}
	r.until(t, end, 0)
	r.twice(t)
	b := r.billing(t)
	if b["status"] != "active" || b["paid"] != true || b["trial_ends_at"] != nil {
		t.Fatalf("when the trial ends: %v", b)
	}
	if got := r.succeeded(t); len(got) != 1 || r.count(t, "billing.activated") != 1 {
		t.Fatalf("charges %v and %d billing.activated when the trial ends, want one each", got, r.count(t, "billing.activated"))
	}
	period := b["current_period_end"].(string)
	r.until(t, period, -margin)
	r.twice(t)
	if got := r.succeeded(t); len(got) != 1 {
		t.Fatalf("charges %v just before the renewal", got)
	}
	r.until(t, period, 0)
	r.twice(t)
	if got := r.succeeded(t); len(got) != 2 {
		t.Fatalf("charges %v at the renewal, want two in all", got)
	}
	if resets := r.acct.Client.EventsSince(t, period, "credits.reset"); len(resets) != 1 {
		t.Fatalf("%d credits.reset at the renewal, want 1", len(resets))
	}
}

// Forty days in one step from the start of a trial: the trial's end and
// the month after it are each charged once (as a processor's subscription
// rolls through every period end it passes), the plan is current, and a
// second run changes nothing.
func TestFortyDaysInOneStepChargeEachPeriodOnce(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardOK)
	start := r.env.Now(t)
	r.env.Advance(t, 40*day)
	r.twice(t)
	b := r.billing(t)
	if b["status"] != "active" || b["paid"] != true {
		t.Fatalf("after 40 days: %v", b)
	}
	if pe, _ := clock.Parse(b["current_period_end"].(string)); !pe.After(mustTime(t, r.env.Now(t))) {
		t.Fatalf("current_period_end %v is not in the future", b["current_period_end"])
	}
	if got := r.succeeded(t); len(got) != 2 || got[0] != 49.5 || got[1] != 49.5 {
		t.Fatalf("charges %v, want two of 49.5 (the trial's end, a month later)", got)
	}
	if n := len(r.acct.Client.EventsSince(t, start, "billing.activated")); n != 1 {
		t.Fatalf("%d billing.activated, want 1", n)
	}
	resets := r.acct.Client.EventsSince(t, start, "credits.reset")
	if len(resets) != 2 { // the activation's grant, the renewal's
		t.Fatalf("%d credits.reset, want 2", len(resets))
	}
	last := resets[1].Data["credits"].(map[string]any)
	if last["period_end"] != b["current_period_end"] || r.articles(t, r.acct.SiteID) != 30 {
		t.Fatalf("last grant %v, want the current period's 30 articles", last)
	}
}

// Forty days in one step with a card that declines: the trial's end goes
// past_due, the next period's end ends the subscription; generation stops.
func TestFortyDaysInOneStepPastDueThenEnded(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardFailLater)
	r.env.Advance(t, 40*day)
	r.twice(t)
	if b := r.billing(t); b["status"] != "canceled" || b["paid"] != false {
		t.Fatalf("after 40 days of declines: %v", b)
	}
	if len(r.succeeded(t)) != 0 || r.count(t, "billing.payment_failed") != 1 || r.count(t, "billing.ended") != 1 {
		t.Fatalf("charges %v, %d payment_failed, %d ended; want none, 1, 1",
			r.succeeded(t), r.count(t, "billing.payment_failed"), r.count(t, "billing.ended"))
	}
	if err := r.gate(t, billing.NeedTrialOrPlan); !apperr.Is(err, apperr.SubscriptionRequired) {
		t.Fatalf("generation after the end: %v", err)
	}
	if n := r.activityCount(t, "billing.payment_failed"); n != 1 {
		t.Fatalf("%d billing.payment_failed activity entries, want 1", n)
	}
}

// The payment grace ends 48 hours after past_due_since: generation works
// just before, not at it.
func TestGraceEndsAtFortyEightHours(t *testing.T) {
	r := newRig(t)
	r.active(t, cardFailLater)
	r.until(t, r.billing(t)["current_period_end"].(string), 0)
	r.twice(t)
	b := r.billing(t)
	if b["status"] != "past_due" {
		t.Fatalf("after a declined renewal: %v", b)
	}
	r.until(t, b["past_due_since"].(string), 48*3600-margin)
	if err := r.gate(t, billing.NeedTrialOrPlan); err != nil {
		t.Fatalf("generation just before the grace ends: %v", err)
	}
	r.until(t, b["past_due_since"].(string), 48*3600)
	if err := r.gate(t, billing.NeedTrialOrPlan); !apperr.Is(err, apperr.SubscriptionRequired) {
		t.Fatalf("generation when the grace ends: %v, want subscription_required", err)
	}
	r.twice(t)
	if r.count(t, "billing.payment_failed") != 1 || r.billing(t)["status"] != "past_due" {
		t.Fatalf("after the grace: %v", r.billing(t))
	}
}

// A checkout link works until expires_at, a portal link for 24 hours.
func TestCheckoutAndPortalLinksExpireOnTime(t *testing.T) {
	r := newRig(t)
	co := r.checkoutLink(t)
	link := r.local(t, co["checkout_url"].(string))
	r.until(t, co["expires_at"].(string), -margin)
	r.env.Client().Do(t, "GET", link, nil).Expect(t, http.StatusOK)
	r.until(t, co["expires_at"].(string), 0)
	r.env.Client().Do(t, "POST", link, map[string]any{"card": cardOK}).Expect(t, http.StatusNotFound)
	r.trial(t, cardOK)

	p := r.api(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)
	if d := mustTime(t, p["expires_at"].(string)).Sub(mustTime(t, r.env.Now(t))).Hours(); d < 23.9 || d > 24 {
		t.Fatalf("portal link valid %.2f hours, want 24", d)
	}
	portal := r.local(t, p["portal_url"].(string))
	r.until(t, p["expires_at"].(string), -margin)
	r.env.Client().Do(t, "GET", portal, nil).Expect(t, http.StatusOK)
	r.until(t, p["expires_at"].(string), 0)
	r.env.Client().Do(t, "POST", portal+"/cancel", nil).Expect(t, http.StatusNotFound)
	if r.billing(t)["cancel_at_period_end"] != false {
		t.Fatal("an expired portal link cancelled the plan")
	}
}

// mustTime parses a timestamp of the API.
func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := clock.Parse(s)
	if err != nil {
		t.Fatalf("not a timestamp: %q", s)
	}
	return at
}

// activityCount returns how many activity entries of action the account has.
func (r *rig) activityCount(t *testing.T, action string) int {
	t.Helper()
	var out struct {
		Activity []struct {
			Action string `json:"action"`
		} `json:"activity"`
	}
	r.api(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	n := 0
	for _, a := range out.Activity {
		if a.Action == action {
			n++
		}
	}
	return n
}

// Scheduler runs that overlap (the stack's own tick beside a harness run)
// work a forty-day jump off once between them, and in order: every
// account whose card declines gets its billing.payment_failed before its
// billing.ended, none twice.
func TestOverlappingRunsKeepEveryBillingEvent(t *testing.T) {
	r := newRig(t)
	rigs := []*rig{r}
	for i := 0; i < 5; i++ {
		rigs = append(rigs, r.another(t))
	}
	for _, x := range rigs {
		x.trial(t, cardFailLater)
	}
	r.env.Advance(t, 40*day)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.env.Client().Do(t, "POST", "/_dev/run-scheduled", nil)
		}()
	}
	wg.Wait()
	r.env.RunScheduled(t)
	for i, x := range rigs {
		evs := x.acct.Client.Events(t, "billing.payment_failed", "billing.ended")
		var types []string
		for _, e := range evs {
			types = append(types, e.Type)
		}
		if len(types) != 2 || types[0] != "billing.payment_failed" || types[1] != "billing.ended" {
			t.Errorf("account %d: events %v, want billing.payment_failed then billing.ended", i, types)
		}
		if n := x.activityCount(t, "billing.payment_failed"); n != 1 {
			t.Errorf("account %d: %d billing.payment_failed activity entries, want 1", i, n)
		}
		if s := x.billing(t)["status"]; s != "canceled" {
			t.Errorf("account %d: status %v, want canceled", i, s)
		}
	}
}
