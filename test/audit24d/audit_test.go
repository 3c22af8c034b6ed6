// Package audit24d audits billing and credits end to end against the dev
// stack, as a black-box tester reads the contract (spec 2 Billing,
// Checkout link, Portal link, Studio quote; 3 billing transitions; 4.9; 8;
// the README's "Billing, credits and Studio sites" and the owner's Billing
// page): what the owner is told once a payment's grace is over.
package audit24d

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// markup matches a page's style sheet and its tags, which text drops.
var markup = regexp.MustCompile(`(?s)<style.*?</style>|<[^>]*>`)

// text returns a page's words as a person reads them: no markup, white
// space collapsed.
func text(page *testenv.Page) string {
	return strings.Join(strings.Fields(markup.ReplaceAllString(page.Body, " ")), " ")
}

// owner is a claimed account a test drives both through its agent key and
// as its owner in the dashboard.
type owner struct {
	*testenv.Account
	env *testenv.Env
}

// newOwner starts a quiet dev stack and returns a claimed account on it.
func newOwner(t *testing.T) *owner {
	t.Helper()
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	return &owner{Account: a, env: env}
}

// page signs the owner in afresh (the service clock may have outrun an
// earlier session) and returns the dashboard page at path.
func (o *owner) page(t *testing.T, path string) *testenv.Page {
	t.Helper()
	b := o.env.NewBrowser(t)
	o.env.SignIn(t, b, o.Email, "/dashboard")
	return b.Get(t, path).Expect(t, http.StatusOK)
}

// billing returns the account's billing object (GET /billing).
func (o *owner) billing(t *testing.T) map[string]any {
	t.Helper()
	return o.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
}

// portal returns the path of a fresh billing portal link on the stack.
func (o *owner) portal(t *testing.T) string {
	t.Helper()
	p := o.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)
	return strings.TrimPrefix(p["portal_url"].(string), o.env.URL)
}

// pastDue puts the owner on the paid plan, swaps in a card whose charges
// are declined and lets the period end, so the renewal fails into
// past_due.
func (o *owner) pastDue(t *testing.T) {
	t.Helper()
	o.env.PaidPlan(t, o.Account)
	o.env.Client().Do(t, "POST", o.portal(t)+"/card", map[string]any{"card": "4000000000000341"}).Expect(t, http.StatusOK)
	o.env.AdvancePast(t, o.billing(t)["current_period_end"].(string), time.Minute)
	o.env.RunScheduled(t)
	if b := o.billing(t); b["status"] != "past_due" {
		t.Fatalf("billing %v after a declined renewal, want past_due", b)
	}
}

// TestBillingPageSaysWritingStoppedOnceTheGraceIsOver: defect: once the 48
// hours of grace after a failed payment were over, the Billing page still
// said "Article writing continues until 1 hour ago", promising writing
// that the API refuses (402 subscription_required). Rule (spec 2 Billing:
// "generation keeps working for 48 hours after past_due_since"; README,
// Owner dashboard: billing shows the status and what needs the owner):
// within the grace the page says writing continues until its end; after
// it, that writing stopped and the card must be updated to write again.
func TestBillingPageSaysWritingStoppedOnceTheGraceIsOver(t *testing.T) {
	o := newOwner(t)
	o.pastDue(t)
	within := text(o.page(t, "/dashboard/billing"))
	if !strings.Contains(within, "Article writing continues until in 2 days") {
		t.Errorf("within the grace the Billing page says:\n%s\nwant writing to continue for 2 more days", within)
	}
	o.env.Advance(t, (49 * time.Hour).Seconds())
	art := o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": "After the grace", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+art["id"].(string)+"/generate", nil).
		ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	after := text(o.page(t, "/dashboard/billing"))
	if strings.Contains(after, "continues until") || !strings.Contains(after, "Article writing stopped 1 hour ago") {
		t.Errorf("after the grace the Billing page says:\n%s\nwant that writing stopped 1 hour ago", after)
	}
}

// TestEndedPlanIsNotShownAsWritable: defect: once the subscription ended
// (billing.ended: "generation stops"), the dashboard's overview still said
// "Articles 30 of 30 credits left" for the primary site, with nothing
// saying those credits can no longer be spent, and the site's page listed
// them the same way; generating answers 402 subscription_required. Rule
// (spec 3: period ends after cancellation, "ended; generation stops";
// README, Owner dashboard: the overview shows per site its plan and
// credits, and what needs attention): the pages say writing is paused
// because the plan ended, and point to starting it again, not to the card.
func TestEndedPlanIsNotShownAsWritable(t *testing.T) {
	o := newOwner(t)
	o.env.PaidPlan(t, o.Account)
	o.env.Client().Do(t, "POST", o.portal(t)+"/cancel", nil).Expect(t, http.StatusOK)
	o.env.AdvancePast(t, o.billing(t)["current_period_end"].(string), time.Minute)
	o.env.RunScheduled(t)
	if b := o.billing(t); b["status"] != "canceled" {
		t.Fatalf("billing %v after the period ended, want canceled", b)
	}
	art := o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": "After the end", "status": "scheduled"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+art["id"].(string)+"/generate", nil).
		ExpectError(t, http.StatusPaymentRequired, "subscription_required")
	overview := text(o.page(t, "/dashboard"))
	if !strings.Contains(overview, "credits left; writing is paused because the plan ended") {
		t.Errorf("the overview of an ended plan says:\n%s\nwant the credits marked as paused because the plan ended", overview)
	}
	site := text(o.page(t, "/dashboard/sites/"+o.SiteID))
	if !strings.Contains(site, "Writing is paused because the plan ended") || strings.Contains(site, "until the card is updated") {
		t.Errorf("the site page of an ended plan says:\n%s\nwant writing paused until the plan starts again", site)
	}
}

// TestCreditsPeriodThatWillNotRenewIsNotSaidToRenew: defect: a site's page
// said its credit period "renews in 30 days" while the subscription was
// set to end at that very moment (cancel_at_period_end), and for a Studio
// site whose removal was scheduled then: neither period renews, the plan
// ends (billing.ended) or the site is archived. Rule (spec 2 Billing:
// cancel_at_period_end; spec 3: "period ends after cancellation: ended";
// a Studio site "stays active with removes_at set" and is archived then):
// the page says the period ends then; an ordinary period renews.
func TestCreditsPeriodThatWillNotRenewIsNotSaidToRenew(t *testing.T) {
	o := newOwner(t)
	o.env.PaidPlan(t, o.Account)
	period := regexp.MustCompile(`This period: [^()]*\((\w+) in 30 days\)`)
	said := func(siteID string) string {
		t.Helper()
		page := text(o.page(t, "/dashboard/sites/"+siteID))
		m := period.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("the site page names no credit period ending in 30 days:\n%s", page)
		}
		return m[1]
	}
	if got := said(o.SiteID); got != "renews" {
		t.Errorf("an ordinary period %s in 30 days, want renews", got)
	}
	studio := o.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-b.com", "site_name": "Studio B"}).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	o.Client.Agent(t, "DELETE", "/sites/"+studio, nil).Expect(t, http.StatusOK)
	if got := said(studio); got != "ends" {
		t.Errorf("a Studio site due for removal: its period %s in 30 days, want ends", got)
	}
	o.env.Client().Do(t, "POST", o.portal(t)+"/cancel", nil).Expect(t, http.StatusOK)
	if got := said(o.SiteID); got != "ends" {
		t.Errorf("a plan set to end: its period %s in 30 days, want ends", got)
	}
}

// TestQuoteOfASubscriptionSetToEndNamesNoRenewal: defect: with the
// subscription set to end at the period's end (cancel_at_period_end true,
// quote block canceling), GET /billing/studio-quote still answered a
// renews_at, the moment the subscription ends instead, so an agent read
// that it renews then. Rule (spec 2 Studio quote: renews_at; Billing:
// cancel_at_period_end; spec 3: the period ends after cancellation and the
// subscription is ended): a subscription set to end has no renewal, so
// renews_at is null, as for one that ended; resuming it brings it back.
func TestQuoteOfASubscriptionSetToEndNamesNoRenewal(t *testing.T) {
	o := newOwner(t)
	o.env.PaidPlan(t, o.Account)
	quote := func() map[string]any {
		t.Helper()
		return o.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	}
	end := o.billing(t)["current_period_end"]
	if q := quote(); q["renews_at"] != end {
		t.Fatalf("quote %v, want renews_at %v", q, end)
	}
	portal := o.portal(t)
	o.env.Client().Do(t, "POST", portal+"/cancel", nil).Expect(t, http.StatusOK)
	if q := quote(); q["block"] != "canceling" || q["renews_at"] != nil {
		t.Errorf("quote of a subscription set to end: block %v, renews_at %v; want canceling and null", q["block"], q["renews_at"])
	}
	o.env.Client().Do(t, "POST", portal+"/resume", nil).Expect(t, http.StatusOK)
	if q := quote(); q["block"] != nil || q["renews_at"] != end {
		t.Errorf("quote after resuming: block %v, renews_at %v; want none and %v", q["block"], q["renews_at"], end)
	}
}

// TestDeclinedActivationIsFixedThroughItsActionURLWithANewKey pins the
// README's promises about a declined activation (Billing, credits and
// Studio sites: "action_url on payment_failed and human_required is a
// fresh billing portal link. A charge's idempotency follows the request's
// Idempotency-Key, so a declined request replays its 402 under the same
// key: use a new key after updating the card"; spec 4.9: 402
// payment_failed with action_url, the trial continues): the owner replaces
// the card at the 402's action_url; the same key still answers the 402
// (replayed, nothing charged); a new key activates the plan.
func TestDeclinedActivationIsFixedThroughItsActionURLWithANewKey(t *testing.T) {
	o := newOwner(t)
	o.env.Trial(t, o.Account, "4000000000000341")
	first := o.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-1")
	body := first.ExpectError(t, http.StatusPaymentRequired, "payment_failed")
	action, _ := body["action_url"].(string)
	if !strings.HasPrefix(action, o.env.URL+"/_dev/pay/portal/") {
		t.Fatalf("action_url %q, want a billing portal link of the stack", action)
	}
	o.env.Client().Do(t, "POST", strings.TrimPrefix(action, o.env.URL)+"/card", map[string]any{"card": testenv.TestCardOK}).
		Expect(t, http.StatusOK)
	again := o.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-1")
	again.ExpectError(t, http.StatusPaymentRequired, "payment_failed")
	if again.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("the same key after the card changed answered afresh: %s", again.Body)
	}
	if b := o.billing(t); b["status"] != "trialing" || b["paid"] != false {
		t.Fatalf("billing %v after the replayed 402, want the trial to go on", b)
	}
	paid := o.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-2").Expect(t, http.StatusOK).JSON(t)
	charged := paid["charged"].(map[string]any)
	if b := paid["billing"].(map[string]any); b["status"] != "active" || b["paid"] != true || charged["amount"] != 49.5 || charged["currency"] != "usd" {
		t.Fatalf("activation with a new key: %v", paid)
	}
	if n := len(o.Client.Events(t, "billing.activated")); n != 1 {
		t.Fatalf("%d billing.activated events, want 1", n)
	}
}

// TestBillingPageNamesThePriceOfRestoringAnArchivedSite: defect: the
// Billing page's button for an archived Studio site said only "Restore",
// and pressing it charged the card the prorated price (49.43 USD) without
// a word of a charge, while adding a site says "Add the site and pay ...".
// Rule (spec 3: restoring an archived Studio site is a "prorated charge";
// spec 4.9/README: the Studio quote's due_today is what POST /sites and
// restore charge, locked by its proration_date; README, Owner dashboard:
// billing shows the quote and keep or restore): the button names the price
// from the quote, and the restore charges exactly that.
func TestBillingPageNamesThePriceOfRestoringAnArchivedSite(t *testing.T) {
	o := newOwner(t)
	o.env.PaidPlan(t, o.Account)
	id := o.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-r.com", "site_name": "Studio R"}).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	o.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK)
	o.env.AdvancePast(t, o.billing(t)["current_period_end"].(string), time.Hour)
	o.env.RunScheduled(t) // renewal, then the removal: the site is archived
	b := o.env.NewBrowser(t)
	o.env.SignIn(t, b, o.Email, "/dashboard")
	page := b.Get(t, "/dashboard/billing").Expect(t, http.StatusOK)
	due := o.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)["due_today"].(float64)
	label := "Restore and pay " + strconv.FormatFloat(due, 'f', 2, 64) + " USD"
	if !strings.Contains(text(page), label) {
		t.Fatalf("the Billing page does not say %q for the archived site:\n%s", label, text(page))
	}
	o.env.Advance(t, 600) // the price the page showed holds for 30 minutes
	done := b.Post(t, "/dashboard/sites/"+id+"/restore", page.Form(t, "/dashboard/sites/"+id+"/restore"))
	done.Redirect(t, http.StatusSeeOther, o.env.URL+"/dashboard/sites/"+id)
	var act struct {
		Activity []struct{ Action, Summary string }
	}
	o.Client.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &act)
	for _, e := range act.Activity {
		if strings.Contains(e.Summary, "restored") {
			if !strings.Contains(e.Summary, "charged "+strconv.FormatFloat(due, 'f', 2, 64)+" USD") {
				t.Errorf("restore recorded %q, want the %v USD the page showed", e.Summary, due)
			}
			return
		}
	}
	t.Fatalf("no restore in the activity: %v", act.Activity)
}

// TestTrialPastItsEndIsNotToldToActivate: defect: between a trial's end
// and the processor's report of it (Stripe charges the first invoice about
// an hour after the trial ends; the dev stack at its next scheduled run),
// POST /billing/activate answers 409 ("The trial already ended"), yet the
// Studio quote's message and POST /sites' 402 paid_plan_required still
// said "End the trial now with POST /billing/activate.", and the Billing
// page offered "End the trial and pay 49.50 USD" (refused when pressed),
// said "Free trial, 0 days left" and "Trial ends 10 minutes ago". Rule
// (spec 4.9: activate is for a trial, 409 conflict when not trialing;
// README: messages tell an agent which call fixes a refusal, and the
// dashboard offers what the API does): past its end, nobody is told to
// end the trial early; they are told the plan starts once its first
// invoice is paid, and the page says the trial ended.
func TestTrialPastItsEndIsNotToldToActivate(t *testing.T) {
	o := newOwner(t)
	o.env.Trial(t, o.Account, testenv.TestCardOK)
	o.env.AdvancePast(t, o.billing(t)["trial_ends_at"].(string), 10*time.Minute)
	if b := o.billing(t); b["status"] != "trialing" {
		t.Fatalf("billing %v before the processor reported the trial's end, want trialing", b)
	}
	o.Client.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: too-late").ExpectError(t, http.StatusConflict, "conflict")
	says := func(what, msg string) {
		t.Helper()
		if strings.Contains(msg, "/billing/activate") || !strings.Contains(msg, "first invoice") {
			t.Errorf("%s: %q, want no advice to activate, and that the plan starts with its first invoice", what, msg)
		}
	}
	q := o.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	if q["block"] != "trialing" {
		t.Errorf("quote block %v, want trialing", q["block"])
	}
	says("the Studio quote", q["message"].(string))
	add := o.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://late-trial.com", "site_name": "Late trial"}).
		ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	says("POST /sites", add["error"].(string))

	b := o.env.NewBrowser(t)
	o.env.SignIn(t, b, o.Email, "/dashboard")
	page := b.Get(t, "/dashboard/billing").Expect(t, http.StatusOK)
	words := text(page)
	if page.HasForm("/dashboard/billing/activate") || strings.Contains(words, "End the trial") {
		t.Errorf("the Billing page offers ending a trial that already ended:\n%s", words)
	}
	if !strings.Contains(words, "Trial ended 10 minutes ago") || strings.Contains(words, "0 days left") || strings.Contains(words, "/billing") {
		t.Errorf("the Billing page says:\n%s\nwant the trial said to have ended 10 minutes ago, in the page's words", words)
	}
}
