package audit22j

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// paidViews returns what the paid features of the primary site show: the
// forum presence access, the backlink overview's paid and the Studio
// quote's block.
func paidViews(t *testing.T, acct *testenv.Account) (forumAccess, backlinksPaid, quoteBlock any) {
	t.Helper()
	c := acct.Client
	f := c.Agent(t, "GET", "/sites/"+acct.SiteID+"/forum", nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)
	b := c.Agent(t, "GET", "/sites/"+acct.SiteID+"/backlinks", nil).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
	q := c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	return f["access"], b["paid"], q["block"]
}

// TestActivationOpensPaidFeaturesAndPastDueClosesThem: spec 3, POST
// /billing/activate on a trial with a good card: "`active`, `paid` true |
// charges 49.5 USD; article balance resets to 30; backlinks, forum
// presence and Studio open; event `billing.activated`"; a failed payment:
// "`past_due` | event `billing.payment_failed` with `grace_ends_at`;
// generation continues 48 hours". Checked through the API's own views
// (forum access, backlinks paid, Studio quote block, GET /billing and GET
// /account fields) and through endpoints needing the plan, before and
// after each move, and grace_ends_at is past_due_since plus 48 hours.
func TestActivationOpensPaidFeaturesAndPastDueClosesThem(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	env.Trial(t, acct, testenv.TestCardOK)
	if f, b, q := paidViews(t, acct); f != "trial" || b != false || q != "trialing" {
		t.Fatalf("on the trial: forum access %v, backlinks paid %v, quote block %v", f, b, q)
	}
	c.Agent(t, "PATCH", "/sites/"+acct.SiteID+"/forum", map[string]any{"tone": "plain"}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-audit22j.example.org/", "site_name": "S"}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")

	env.Advance(t, 3600)
	since := env.Now(t)
	act := c.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: act-"+acct.ID).Expect(t, http.StatusOK).JSON(t)
	ch, _ := act["charged"].(map[string]any)
	if ch == nil || ch["amount"] != 49.5 || ch["currency"] != "usd" {
		t.Fatalf("activate charged %v, want 49.5 usd", act["charged"])
	}
	b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "active" || b["paid"] != true || b["trial_ends_at"] != nil || b["past_due_since"] != nil || b["card_verified"] != true ||
		b["cancel_at_period_end"] != false || b["monthly_total"] != 49.5 || b["studio_sites"] != 0.0 || b["current_period_end"] == nil {
		t.Fatalf("billing after activation: %v", b)
	}
	if a := c.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)["account"].(map[string]any); a["billing_status"] != "active" {
		t.Fatalf("account billing_status %v after activation", a["billing_status"])
	}
	if bal := articleCredits(t, acct, acct.SiteID); bal != 30 {
		t.Fatalf("article balance %v after activation, want 30", bal)
	}
	if evs := c.EventsSince(t, since, "billing.activated"); len(evs) != 1 || evs[0].Data["billing"].(map[string]any)["status"] != "active" {
		t.Fatalf("billing.activated events: %+v", evs)
	}
	if f, bp, q := paidViews(t, acct); f != "paid" || bp != true || q != nil {
		t.Fatalf("after activation: forum access %v, backlinks paid %v, quote block %v", f, bp, q)
	}
	c.Agent(t, "PATCH", "/sites/"+acct.SiteID+"/forum", map[string]any{"tone": "plain"}).Expect(t, http.StatusOK)

	// The card starts declining; the renewal fails into past_due.
	portal := c.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+"/card", map[string]any{"card": "4000000000000341"}).Expect(t, http.StatusOK)
	env.AdvancePast(t, b["current_period_end"].(string), time.Minute)
	env.RunScheduled(t)
	b = c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "past_due" || b["paid"] != false || b["past_due_since"] == nil {
		t.Fatalf("billing after the declined renewal: %v", b)
	}
	failed := c.EventsSince(t, since, "billing.payment_failed")
	if len(failed) != 1 {
		t.Fatalf("%d billing.payment_failed events, want 1", len(failed))
	}
	pds, _ := time.Parse(time.RFC3339Nano, b["past_due_since"].(string))
	grace, err := time.Parse(time.RFC3339Nano, failed[0].Data["grace_ends_at"].(string))
	if err != nil || !grace.Equal(pds.Add(48*time.Hour)) {
		t.Fatalf("grace_ends_at %v, want past_due_since %v plus 48 hours", failed[0].Data["grace_ends_at"], b["past_due_since"])
	}
	if f, bp, q := paidViews(t, acct); f == "paid" || bp != false || q != "past_due" {
		t.Fatalf("past due: forum access %v, backlinks paid %v, quote block %v", f, bp, q)
	}
	c.Agent(t, "PATCH", "/sites/"+acct.SiteID+"/forum", map[string]any{"tone": "plain"}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	// Generation continues inside the grace, and stops after it.
	art := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "Grace period writing", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	job := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles/"+art["id"].(string)+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	c.WaitJob(t, job["id"].(string))
	art2 := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "After the grace", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	env.AdvancePast(t, failed[0].Data["grace_ends_at"].(string), time.Minute)
	c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles/"+art2["id"].(string)+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	c.Agent(t, "POST", "/sites/"+acct.SiteID+"/keys", map[string]any{"name": "plugin"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
}

// TestFailedCardCheckStopsGenerationUntilTheCardIsUpdated: spec 3, "Trial
// card check | check fails | | `card_verified` false | event
// `billing.card_check_failed`; generation off until card updated"; spec 7:
// 402 subscription_required when "the trial card check failed". Driven
// over the API: generation, site keys and integrations answer 402 while
// the check failed and work again as soon as a new card is on file, with
// the article credit untouched by the refused call.
func TestFailedCardCheckStopsGenerationUntilTheCardIsUpdated(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	env.Trial(t, acct, "4000000000000101")
	env.RunScheduled(t)
	b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["card_verified"] != false || b["status"] != "trialing" {
		t.Fatalf("after the failed check: %v", b)
	}
	if n := len(c.Events(t, "billing.card_check_failed")); n != 1 {
		t.Fatalf("%d billing.card_check_failed events, want 1", n)
	}
	base := "/sites/" + acct.SiteID
	art := c.Agent(t, "POST", base+"/articles", map[string]any{"title": "Blocked writing", "status": "scheduled"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	gen := base + "/articles/" + art["id"].(string) + "/generate"
	before := articleCredits(t, acct, acct.SiteID)
	c.Agent(t, "POST", gen, nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	c.Agent(t, "POST", base+"/keys", map[string]any{"name": "plugin"}).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	if a := c.Agent(t, "GET", base+"/articles/"+art["id"].(string), nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any); a["status"] != "scheduled" {
		t.Fatalf("article after a refused generate: %v", a["status"])
	}
	if got := articleCredits(t, acct, acct.SiteID); got != before {
		t.Fatalf("article balance %v after a refused generate, want %v", got, before)
	}

	portal := c.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+"/card", map[string]any{"card": testenv.TestCardOK}).Expect(t, http.StatusOK)
	if v := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["card_verified"]; v == false {
		t.Fatalf("card_verified still false after the card update")
	}
	job := c.Agent(t, "POST", gen, nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := c.WaitJob(t, job["id"].(string)); j["status"] != "completed" {
		t.Fatalf("generation after the card update: %v", j)
	}
	c.Agent(t, "POST", base+"/keys", map[string]any{"name": "plugin"}).Expect(t, http.StatusCreated)
}

// TestAutopilotWritesNothingWhileTheCardCheckFailed: spec 3's failed trial
// card check turns "generation off until card updated", and README
// (Autopilot): "Without a working plan ... the slot passes without
// writing". An autopilot slot that comes while card_verified is false
// starts no generation and spends no credit.
func TestAutopilotWritesNothingWhileTheCardCheckFailed(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	env.Trial(t, acct, "4000000000000101")
	env.RunScheduled(t)
	if v := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)["card_verified"]; v != false {
		t.Fatalf("card_verified %v after the check, want false", v)
	}
	base := "/sites/" + acct.SiteID
	art := c.Agent(t, "POST", base+"/articles", map[string]any{"title": "Autopilot target", "status": "scheduled"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	before := articleCredits(t, acct, acct.SiteID)
	ap := c.Agent(t, "PATCH", base+"/autopilot", map[string]any{"enabled": true, "weekly_cadence": 14}).Expect(t, http.StatusOK).JSON(t)["autopilot"].(map[string]any)
	env.AdvancePast(t, ap["next_run_at"].(string), time.Minute)
	env.RunScheduled(t)
	a := c.Agent(t, "GET", base+"/articles/"+art["id"].(string), nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if a["status"] != "scheduled" {
		t.Errorf("article after an autopilot slot with a failed card check: %v", a["status"])
	}
	if got := articleCredits(t, acct, acct.SiteID); got != before {
		t.Errorf("article balance %v after the slot, want %v", got, before)
	}
	// The slot did come (so the article was the autopilot's to write).
	if ap := c.Agent(t, "GET", base+"/autopilot", nil).Expect(t, http.StatusOK).JSON(t)["autopilot"].(map[string]any); ap["last_run_at"] == nil {
		t.Fatalf("the autopilot slot never ran: %v", ap)
	}
}

// TestCompletedCheckoutCannotBeCompletedAgain: spec 3, "owner completes
// checkout, mode `trial` | no earlier subscription | `trialing` | event
// `billing.trial_started`"; spec 4.9: the link is "reusable until
// checkout completes", and an account with a current subscription gets 409
// on a new checkout. Posting the completed checkout page again starts no
// second subscription: one billing.trial_started, the same trial_ends_at,
// and the trial's 5 article credits not granted again after one was spent.
func TestCompletedCheckoutCannotBeCompletedAgain(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	co := c.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	if co["mode"] != "trial" || co["trial_days"] != 7.0 {
		t.Fatalf("first checkout %v", co)
	}
	link := strings.TrimPrefix(co["checkout_url"].(string), env.URL)
	env.Client().Do(t, "POST", link, map[string]any{"card": testenv.TestCardOK}).Expect(t, http.StatusOK)
	b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "trialing" || b["paid"] != false || b["trial_ends_at"] == nil {
		t.Fatalf("after checkout: %v", b)
	}
	if a := c.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)["account"].(map[string]any); a["billing_status"] != "trialing" {
		t.Fatalf("account billing_status %v", a["billing_status"])
	}
	art := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "One spent", "status": "scheduled"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	job := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles/"+art["id"].(string)+"/generate", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	c.WaitJob(t, job["id"].(string))
	if bal := articleCredits(t, acct, acct.SiteID); bal != 4 {
		t.Fatalf("article balance %v after one generation, want 4", bal)
	}
	env.Advance(t, 3600)
	resp := env.Client().Do(t, "POST", link, map[string]any{"card": testenv.TestCardOK})
	if resp.Status == http.StatusOK {
		t.Errorf("completing the checkout again answered 200: %s", resp.Body)
	}
	c.Agent(t, "POST", "/billing/checkout", nil).ExpectError(t, http.StatusConflict, "conflict")
	after := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if after["status"] != "trialing" || after["trial_ends_at"] != b["trial_ends_at"] || after["current_period_end"] != b["current_period_end"] {
		t.Errorf("billing after completing the checkout again: %v (was %v)", after, b)
	}
	if n := len(c.Events(t, "billing.trial_started")); n != 1 {
		t.Errorf("%d billing.trial_started events, want 1", n)
	}
	if bal := articleCredits(t, acct, acct.SiteID); bal != 4 {
		t.Errorf("article balance %v after completing the checkout again, want 4", bal)
	}
}

// TestSubscriptionEndAfterCancellation: spec 3, "Subscription |
// cancellation scheduled | | `cancel_at_period_end` true | event
// `billing.canceled`" and "period ends after cancellation | | ended |
// event `billing.ended`; generation stops". With a Studio site on the
// plan: the end archives the Studio site (site.archived, archived_at set;
// its articles stay readable), the primary site stays active, billing and
// the account show canceled with paid false, the paid features close and
// generation answers 402 subscription_required on every site.
func TestSubscriptionEndAfterCancellation(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	env.PaidPlan(t, acct)
	studio := c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-22j-end.example.org/", "site_name": "Studio"}, "Idempotency-Key: studio-22j-end").
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	art := c.Agent(t, "POST", "/sites/"+studio+"/articles", map[string]any{"title": "Studio piece", "status": "scheduled"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	studioArt := "/sites/" + studio + "/articles/" + art["id"].(string)
	prim := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "Primary piece", "status": "scheduled"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	primArt := "/sites/" + acct.SiteID + "/articles/" + prim["id"].(string)

	env.CancelAtPeriodEnd(t, acct)
	b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["cancel_at_period_end"] != true || b["status"] != "active" || b["paid"] != true {
		t.Fatalf("after scheduling the cancellation: %v", b)
	}
	if evs := c.Events(t, "billing.canceled"); len(evs) != 1 || evs[0].Data["billing"].(map[string]any)["cancel_at_period_end"] != true {
		t.Fatalf("billing.canceled events: %+v", evs)
	}
	env.AdvancePast(t, b["current_period_end"].(string), time.Minute)
	env.RunScheduled(t)

	b = c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "canceled" || b["paid"] != false || b["cancel_at_period_end"] != false || b["studio_sites"] != 0.0 || b["monthly_total"] != 0.0 {
		t.Fatalf("after the end: %v", b)
	}
	if a := c.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)["account"].(map[string]any); a["billing_status"] != "canceled" {
		t.Fatalf("account billing_status %v", a["billing_status"])
	}
	if n := len(c.Events(t, "billing.ended")); n != 1 {
		t.Fatalf("%d billing.ended events, want 1", n)
	}
	s := c.Agent(t, "GET", "/sites/"+studio, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if s["status"] != "archived" || s["archived_at"] == nil {
		t.Fatalf("Studio site after the end: %v", s)
	}
	if evs := c.Events(t, "site.archived"); len(evs) != 1 || evs[0].SiteID == nil || *evs[0].SiteID != studio {
		t.Fatalf("site.archived events: %+v", evs)
	}
	if p := c.Agent(t, "GET", "/sites/"+acct.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); p["status"] != "active" {
		t.Fatalf("primary site after the end: %v", p["status"])
	}
	c.Agent(t, "GET", studioArt, nil).Expect(t, http.StatusOK)
	for _, p := range []string{studioArt, primArt} {
		c.Agent(t, "POST", p+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	}
	if f, bp, q := paidViews(t, acct); f != "lapsed" || bp != false || q != "lapsed" {
		t.Fatalf("after the end: forum access %v, backlinks paid %v, quote block %v", f, bp, q)
	}
}

// TestCanceledTrialEndsWithoutACharge: spec 3's subscription rows on a
// trial: cancellation scheduled sets cancel_at_period_end (billing.canceled)
// and the trial's end then ends it (billing.ended; generation stops)
// without activating the plan; the next checkout is mode plan (spec 3:
// "earlier subscription ended").
func TestCanceledTrialEndsWithoutACharge(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	env.Trial(t, acct, testenv.TestCardOK)
	env.RunScheduled(t)
	env.CancelAtPeriodEnd(t, acct)
	b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "trialing" || b["cancel_at_period_end"] != true {
		t.Fatalf("trial after scheduling the cancellation: %v", b)
	}
	if n := len(c.Events(t, "billing.canceled")); n != 1 {
		t.Fatalf("%d billing.canceled events, want 1", n)
	}
	c.Agent(t, "POST", "/billing/activate", nil).ExpectError(t, http.StatusConflict, "conflict")
	env.AdvancePast(t, b["trial_ends_at"].(string), time.Minute)
	env.RunScheduled(t)
	b = c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "canceled" || b["paid"] != false || b["cancel_at_period_end"] != false || b["trial_ends_at"] != nil {
		t.Fatalf("after the trial's end: %v", b)
	}
	if n := len(c.Events(t, "billing.ended")); n != 1 {
		t.Fatalf("%d billing.ended events, want 1", n)
	}
	if n := len(c.Events(t, "billing.activated")); n != 0 {
		t.Fatalf("%d billing.activated events for a canceled trial", n)
	}
	art := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "After the trial", "status": "scheduled"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles/"+art["id"].(string)+"/generate", nil).ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	if co := c.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any); co["mode"] != "plan" {
		t.Fatalf("checkout after the canceled trial: %v, want mode plan", co)
	}
}
