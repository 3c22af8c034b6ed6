// Package audit22e holds black-box tests, over HTTP against a dev stack,
// of the billing and Studio site, backlink exchange and webhook parts of
// the agent API (spec 4.5, 4.7, 4.9, 4.10) and of the owner's dashboard
// pages for them, as the README's "API notes" describe them: each one
// shows a defect an audit found and that its fix holds. Each test starts
// its own stack with the background scheduler off, so time moves and
// scheduled work runs only when the test says.
package audit22e

import (
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// owner is a claimed account and its owner's signed-in browser.
type owner struct {
	*testenv.Account
	env     *testenv.Env
	Browser *testenv.Browser
}

// newOwner starts a stack without a background scheduler, claims a new
// account on it and signs its owner in.
func newOwner(t *testing.T) *owner {
	t.Helper()
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	return &owner{Account: a, env: env, Browser: b}
}

// TestDashboardTestEventShowsTheRefusingStatus: sending a test event from
// an endpoint's page to an endpoint that answers HTTP 500 shows "refused
// (HTTP 500)", the status the API's test answer carries (README: "the test
// answer's delivery.status [is] the endpoint's HTTP status code, or null
// when no answer came"). The page said "Test event: no answer", while the
// same page's last delivery read "HTTP 500": the dashboard dropped the
// status whenever the answer had an error sentence, which every non-2xx
// answer has.
func TestDashboardTestEventShowsTheRefusingStatus(t *testing.T) {
	o := newOwner(t)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer srv.Close()
	o.env.SetHost(t, "hooks.refusing.example.com", strings.TrimPrefix(srv.URL, "https://"))
	hook := o.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.refusing.example.com/in", "events": []string{"*"}}).
		Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)
	hp := "/dashboard/settings/webhooks/" + hook["id"].(string)

	sent := o.Browser.Post(t, hp+"/test", o.Browser.Get(t, hp).Expect(t, http.StatusOK).Form(t, hp+"/test"))
	to := sent.Redirect(t, http.StatusSeeOther, o.env.URL+hp+"?")
	page := o.Browser.Get(t, to.RequestURI()).Expect(t, http.StatusOK, "Test event: refused (HTTP 500)")
	if strings.Contains(page.Body, "Test event: no answer") {
		t.Fatalf("the page says the endpoint did not answer:\n%s", page.Body)
	}
}

// TestStudioFormWithAnExpiredQuoteSaysSoInWords: adding a Studio site
// from the Billing page after its quote expired (README: "A
// proration_date ... older than 30 minutes ... answers 422 on
// proration_date") is refused with a sentence the owner understands,
// what was typed kept, nothing charged and no site added; the page shown
// again carries the new quote, and sending it adds the site. The page
// said "proration_date is older than 30 minutes; get a new quote on the
// Billing page.": a field the owner never saw, named by its code.
func TestStudioFormWithAnExpiredQuoteSaysSoInWords(t *testing.T) {
	o := newOwner(t)
	o.env.PaidPlan(t, o.Account)
	form := o.Browser.Get(t, "/dashboard/billing").Expect(t, http.StatusOK).Form(t, "/dashboard/billing/sites")
	form.Set("site_url", "https://beta-shop.com")
	form.Set("site_name", "Beta shop")
	o.env.Advance(t, 31*60)

	refused := o.Browser.Post(t, "/dashboard/billing/sites", form).
		Expect(t, http.StatusUnprocessableEntity, "The quoted price has expired", `value="Beta shop"`, `value="https://beta-shop.com"`)
	if strings.Contains(refused.Body, "proration_date is") {
		t.Fatalf("the refusal names the field by its code:\n%s", refused.Body)
	}
	var sites struct{ Sites []map[string]any }
	o.Client.Agent(t, "GET", "/sites", nil).Expect(t, http.StatusOK).Decode(t, &sites)
	if len(sites.Sites) != 1 {
		t.Fatalf("sites after the refusal: %d, want the primary only", len(sites.Sites))
	}

	o.Browser.Post(t, "/dashboard/billing/sites", refused.Form(t, "/dashboard/billing/sites")).
		Redirect(t, http.StatusSeeOther, o.env.URL+"/dashboard/sites/")
	o.Client.Agent(t, "GET", "/sites", nil).Expect(t, http.StatusOK).Decode(t, &sites)
	if len(sites.Sites) != 2 || sites.Sites[1]["website_url"] != "https://beta-shop.com" {
		t.Fatalf("sites after sending the new quote: %v", sites.Sites)
	}
}

// TestOlderDeliveryAttemptsLeadBackToTheNewest: an endpoint's page shows
// its delivery attempts 25 at a time, newest first; the page of older
// attempts links back to the newest, as the activity log's and the article
// list's pages do. It had only an "Older attempts" link, so from the second
// page the owner could not get back to the latest attempts, the ones a
// test event or a failing endpoint just added.
func TestOlderDeliveryAttemptsLeadBackToTheNewest(t *testing.T) {
	o := newOwner(t)
	hook := o.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/in", "events": []string{"webhook.test"}}).
		Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)
	id := hook["id"].(string)
	for i := 0; i < 26; i++ {
		o.Client.Agent(t, "POST", "/webhooks/"+id+"/test", nil).Expect(t, http.StatusOK)
	}
	hp := "/dashboard/settings/webhooks/" + id
	first := o.Browser.Get(t, hp).Expect(t, http.StatusOK, "Older attempts")
	if strings.Contains(first.Body, "Newest attempts") {
		t.Fatalf("the newest attempts link to themselves:\n%s", first.Body)
	}
	older := regexp.MustCompile(`<a href="(` + regexp.QuoteMeta(hp) + `\?cursor=[^"]+)">Older attempts</a>`).FindStringSubmatch(first.Body)
	if older == nil {
		t.Fatalf("no link to the older attempts:\n%s", first.Body)
	}
	second := o.Browser.Get(t, html.UnescapeString(older[1])).Expect(t, http.StatusOK, "Webhook: test (webhook.test)")
	if !strings.Contains(second.Body, `<a href="`+hp+`">Newest attempts</a>`) {
		t.Fatalf("the older attempts do not lead back to the newest:\n%s", second.Body)
	}
	if strings.Contains(second.Body, "Older attempts") {
		t.Fatalf("the last page links to more attempts:\n%s", second.Body)
	}
}

// TestFailedCardCheckIntoPastDueOffersNoGrace: a trial whose card check
// failed and that ran out into past_due keeps generation off until the
// card is replaced (README: "False blocks it until the owner replaces the
// card, also after the trial has run out into past_due (the grace never
// turns it back on)"). The API refused generation, but the activity entry
// said "Payment failed; generation continues for 48 hours", the
// dashboard's overview "Article writing stops in 2 days ... unless the
// card is updated" and the Billing page "Article writing continues until"
// the grace's end: all three promised writing the service does not do.
func TestFailedCardCheckIntoPastDueOffersNoGrace(t *testing.T) {
	o := newOwner(t)
	o.env.Trial(t, o.Account, "4000000000000101")
	o.env.RunScheduled(t) // the trial card check fails
	o.env.Advance(t, 7*24*3600+60)
	o.env.RunScheduled(t) // the trial runs out; the first charge is declined
	b := o.Client.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if b["status"] != "past_due" || b["card_verified"] != false {
		t.Fatalf("billing %v, want past_due with card_verified false", b)
	}
	art := o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": "Sharp chisels"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+art["id"].(string)+"/generate", nil).
		ExpectError(t, http.StatusPaymentRequired, "subscription_required")

	var act struct {
		Activity []struct{ Action, Summary string }
	}
	o.Client.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &act)
	found := false
	for _, e := range act.Activity {
		if e.Action == "billing.payment_failed" {
			found = true
			if strings.Contains(e.Summary, "continues") {
				t.Errorf("activity says %q, yet generation is off", e.Summary)
			}
		}
	}
	if !found {
		t.Fatalf("no billing.payment_failed activity: %v", act.Activity)
	}

	o.env.SignIn(t, o.Browser, o.Email, "/dashboard") // sessions last 7 days
	overview := o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK, "card check failed", "past due")
	if strings.Contains(overview.Body, "Article writing stops") {
		t.Errorf("the overview promises writing until the grace ends:\n%s", overview.Body)
	}
	billing := o.Browser.Get(t, "/dashboard/billing").Expect(t, http.StatusOK, "trial card check failed")
	if strings.Contains(billing.Body, "Article writing continues") {
		t.Errorf("the Billing page promises writing until the grace ends:\n%s", billing.Body)
	}
}
