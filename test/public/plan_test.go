package public

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// billingStack starts a stack whose clock and scheduled work move only when
// the test says.
func billingStack(t *testing.T) *testenv.Env {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	return testenv.Start(t, testenv.Options{SchedulerEvery: -1})
}

func noPlanMessage(env *testenv.Env) string {
	return "This site is not active on a trial or plan, so its site key cannot be used right now. " +
		"The owner can fix this on the billing page of the dashboard: " + env.URL + "/dashboard/billing. " +
		"The same key works again afterwards."
}

// want402 checks every endpoint answers 402 subscription_required, a bad
// body included (the plan is checked before the request).
func (o *owner) want402(t *testing.T, articleID string) {
	t.Helper()
	msg := noPlanMessage(o.env)
	wantError(t, o.pub(t, "GET", "/ping", nil), http.StatusPaymentRequired, msg, "subscription_required")
	wantError(t, o.pub(t, "GET", "/articles", nil), http.StatusPaymentRequired, msg, "subscription_required")
	wantError(t, o.pub(t, "GET", "/articles/"+articleID, nil), http.StatusPaymentRequired, msg, "subscription_required")
	wantError(t, o.pub(t, "PATCH", "/articles/"+articleID, "{"), http.StatusPaymentRequired, msg, "subscription_required")
}

// portal posts action to a fresh billing portal link.
func (o *owner) portal(t *testing.T, action string, body any) {
	t.Helper()
	p := o.api(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)
	o.env.Client().Do(t, "POST", o.local(t, p["portal_url"].(string))+"/"+action, body).Expect(t, http.StatusOK)
}

// TestCardCheckFailureStopsKeys: a failed trial card check is 402 until the
// card is replaced; then the same key and cursor work again.
func TestCardCheckFailureStopsKeys(t *testing.T) {
	env := billingStack(t)
	o := &owner{env: env, acct: env.NewAccount(t, "https://card.example.com")}
	o.trial(t, cardBadCheck)
	o.key = o.newKey(t, o.acct.SiteID, nil)["key"].(string)
	a := o.finished(t, o.acct.SiteID, "Card", mustTime(t, "2026-01-14T00:00:00.000001Z"))
	first := o.list(t, nil)
	o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)

	env.RunScheduled(t) // the card check fails
	o.want402(t, a.ID)

	o.portal(t, "card", map[string]any{"card": cardOK})
	env.RunScheduled(t) // checked again
	o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
	if p := o.list(t, q("since", *first.NextSince)); !sameJSON(idsOf(p.Articles), []string{a.ID}) {
		t.Fatalf("saved cursor after the fix: %v", idsOf(p.Articles))
	}
}

// TestEndedPlanStopsKeys: a key idles after 48 hours without a request; a
// subscription that ended is 402 until a new plan starts.
func TestEndedPlanStopsKeys(t *testing.T) {
	env := billingStack(t)
	o := newOwner(t, env, "https://ended.example.com")
	a := o.finished(t, o.acct.SiteID, "Ended", mustTime(t, "2026-01-15T00:00:00Z"))
	o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)

	env.Advance(t, 47*3600)
	if k := o.keys(t, o.acct.SiteID)[0]; k["idle"] != false {
		t.Fatalf("after 47 hours: %v", k)
	}
	env.Advance(t, 3600)
	if k := o.keys(t, o.acct.SiteID)[0]; k["idle"] != true {
		t.Fatalf("after 48 hours without a request: %v", k)
	}
	o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK)
	if k := o.keys(t, o.acct.SiteID)[0]; k["idle"] != false {
		t.Fatalf("after a request: %v", k)
	}

	o.portal(t, "cancel", nil)
	env.Advance(t, 8*day)
	env.RunScheduled(t)
	if b := o.api(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["status"] != "canceled" {
		t.Fatalf("billing after the period: %v", b)
	}
	o.want402(t, a.ID)
	// Creating a key needs a plan too.
	resp := o.api(t, "POST", "/sites/"+o.acct.SiteID+"/keys", nil)
	if resp.Status != http.StatusPaymentRequired || resp.ErrorCode(t) != "subscription_required" {
		t.Fatalf("new key after the plan ended: %d %s", resp.Status, resp.Body)
	}

	o.trial(t, cardOK) // mode plan: charged today
	o.pub(t, "GET", "/articles/"+a.ID, nil).Expect(t, http.StatusOK)
}

// TestArchivedStudioSiteStopsKeys: a Studio site's key is 402 once the site
// is archived, and works again when it is restored.
func TestArchivedStudioSiteStopsKeys(t *testing.T) {
	env := billingStack(t)
	o := newOwner(t, env, "https://studio-owner.example.com")
	o.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate").Expect(t, http.StatusOK)
	quote := o.api(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	site := o.api(t, "POST", "/sites", map[string]any{
		"site_url": "https://studio.example.com", "site_name": "Studio", "proration_date": quote["proration_date"],
	}, "Idempotency-Key: add-studio").Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
	id := site["id"].(string)
	studio := &owner{env: env, acct: o.acct, key: o.newKey(t, id, map[string]any{"name": "Studio blog"})["key"].(string)}
	a := studio.finished(t, id, "Studio piece", mustTime(t, "2026-01-16T00:00:00Z"))
	if p := studio.list(t, nil); !sameJSON(idsOf(p.Articles), []string{a.ID}) {
		t.Fatalf("studio key lists %v", idsOf(p.Articles))
	}
	// A key reaches one site only.
	wantError(t, o.pub(t, "GET", "/articles/"+a.ID, nil), http.StatusNotFound, msgNotFound, "")

	o.api(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK)
	studio.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK) // runs until removes_at
	env.Advance(t, 31*day)
	env.RunScheduled(t)
	studio.want402(t, a.ID)
	o.pub(t, "GET", "/ping", nil).Expect(t, http.StatusOK) // the primary site is unaffected

	quote = o.api(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	o.api(t, "POST", "/sites/"+id+"/restore", map[string]any{"proration_date": quote["proration_date"]}, "Idempotency-Key: restore").Expect(t, http.StatusOK)
	studio.pub(t, "GET", "/articles/"+a.ID, nil).Expect(t, http.StatusOK)
}
