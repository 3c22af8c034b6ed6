package dashboard_test

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestRefusedFormLeadsBack: the page of a form whose CSRF token is out of
// date (the owner signed in again in another tab) links back to the
// dashboard instead of leaving the person on a dead end.
func TestRefusedFormLeadsBack(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	o.Browser.Post(t, "/dashboard/settings/agents", url.Values{"csrf": {"stale"}, "name": {"Late agent"}}).
		Expect(t, http.StatusForbidden, "Form expired", `<a href="/dashboard">Go to your dashboard</a>`)
}

// TestWhatAnAgentDid: each agent key and app on the agent keys page
// links to the activity of that key or app alone, which names it; the
// activity log links each agent or app to the same page, so an owner
// tells two apps of the same name apart by what they did.
func TestWhatAnAgentDid(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	token := env.OAuthToken(t, a, "Watcher App")
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	o := &owner{Account: a, Browser: b, env: env}
	env.Client().Do(t, "PATCH", "/api/agent/v1/sites/"+a.SiteID, map[string]any{"brand_name": "Watched Brand"}, "Authorization: Bearer "+token).Expect(t, http.StatusOK)

	var keys struct {
		Keys []map[string]any `json:"agent_keys"`
	}
	a.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	var app string
	for _, k := range keys.Keys {
		if k["type"] == "oauth" {
			app = k["id"].(string)
		}
	}
	if app == "" {
		t.Fatalf("no app connection in %v", keys.Keys)
	}
	own := "/dashboard/activity?actor_id=" + app
	o.open(t, "/dashboard/settings/agents", `href="`+html.EscapeString(own)+`" aria-label="What it did: Watcher App">What it did</a>`)
	o.open(t, "/dashboard/activity", `href="`+html.EscapeString(own)+`" aria-label="Watcher App: everything it did">Watcher App</a>`)
	p := o.open(t, own, "<h1>Activity of Watcher App (app)</h1>", "Site settings changed: brand name", `<a href="/dashboard/activity">Everyone's activity</a>`)
	if strings.Contains(p.Body, "Account created by agent") {
		t.Fatalf("the app's activity lists the agent key's entries:\n%s", p.Body)
	}
	// One page of entries has no empty navigation between pages.
	if strings.Contains(p.Body, `aria-label="Pages of activity"`) {
		t.Fatalf("a single page of activity has a navigation to other pages:\n%s", p.Body)
	}
	expectPlain(t, own, p)
}

// TestRankSaysFinishedNotPublished: the rank page calls a keyword whose
// article is finished but not live "Finished", not "Published".
func TestRankSaysFinishedNotPublished(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	env.Trial(t, o.Account, testenv.TestCardOK)
	site := "/sites/" + o.SiteID
	o.Client.Agent(t, "POST", site+"/keywords", map[string]any{"name": "garden shears", "search_volume": 900}).Expect(t, http.StatusCreated)
	art := o.Client.Agent(t, "POST", site+"/articles", map[string]any{
		"title": "Choosing garden shears", "keyword": "garden shears", "body_markdown": "# Choosing garden shears\n\nSome words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := art["id"].(string)
	o.Client.Agent(t, "POST", site+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	p := o.open(t, o.site("/rank"), `href="`+o.site("/articles/"+id)+`">Finished</a>`)
	if strings.Contains(p.Body, ">Published<") {
		t.Fatalf("the rank page says an article that is not live is published:\n%s", p.Body)
	}
}

// TestBackFromCheckout: the processor's checkout sends the owner back to
// Billing with checkout=done. Before its confirmation lands the page says
// it is being confirmed and reloads, instead of offering checkout again;
// once it has, it says the trial started. The simulated processor's
// page, like Stripe's, goes back there when checkout completes, and
// offers the way back without paying.
func TestBackFromCheckout(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	back := "/dashboard/billing?checkout=done"
	p := o.open(t, back, "The payment processor is confirming your checkout", `<meta http-equiv="refresh" content="5">`)
	if strings.Contains(p.Body, "Start the subscription with a free trial") {
		t.Fatalf("the page offers checkout again while the last one is being confirmed:\n%s", p.Body)
	}
	o.open(t, "/dashboard", "No plan yet.", ">Start the free trial on Billing</a>")

	to := o.submit(t, "/dashboard/billing", "/dashboard/billing/checkout", nil).Redirect(t, http.StatusSeeOther, env.URL+"/_dev/pay/checkout/")
	o.open(t, to.Path, `<a href="`+env.URL+`/dashboard/billing">Cancel and go back</a>`)
	o.Browser.Post(t, to.Path, url.Values{"card": {testenv.TestCardOK}}).Redirect(t, http.StatusSeeOther, env.URL+back)
	p = o.open(t, back, "Your free trial has started.")
	if strings.Contains(p.Body, `http-equiv="refresh"`) {
		t.Fatalf("the page keeps reloading once the trial started:\n%s", p.Body)
	}
	// The log links what billing did to the Billing page.
	o.open(t, "/dashboard/activity", `<a href="/dashboard/billing">Free trial started</a>`)
	portal := o.submit(t, "/dashboard/billing", "/dashboard/billing/portal", nil).Redirect(t, http.StatusSeeOther, env.URL+"/_dev/pay/portal/")
	pp := o.open(t, portal.Path, `<a href="`+env.URL+`/dashboard/billing">Back to your account</a>`)
	if stamp.MatchString(withoutDatetimes(pp.Body)) {
		t.Fatalf("the portal shows a raw timestamp:\n%s", pp.Body)
	}
}

// TestLinkPagesLeadOn: the pages a person reaches from a link that
// cannot be used (a checkout link not valid, a consent page opened
// without a request) lead on to the dashboard's page that helps.
func TestLinkPagesLeadOn(t *testing.T) {
	env := testenv.Shared(t)
	b := env.NewBrowser(t)
	b.Get(t, "/checkout/"+strings.Repeat("Zz9", 14)).Expect(t, http.StatusNotFound, "Checkout link not valid", `<a href="/dashboard/billing">Go to Billing</a>`)
	b.Get(t, "/oauth/consent").Expect(t, http.StatusBadRequest, "Nothing to approve", `/dashboard">Go to your dashboard</a>`)

	// A request started in one browser, opened in another.
	o := newOwner(t, env, "")
	reg := env.Client().Do(t, "POST", "/oauth/register", map[string]any{
		"client_name": "Elsewhere App", "redirect_uris": []string{"http://127.0.0.1:9/cb"}, "grant_types": []string{"authorization_code"},
		"response_types": []string{"code"}, "token_endpoint_auth_method": "none",
	}).Expect(t, http.StatusCreated).JSON(t)
	to := b.Get(t, "/oauth/authorize?"+url.Values{
		"response_type": {"code"}, "client_id": {reg["client_id"].(string)}, "redirect_uri": {"http://127.0.0.1:9/cb"}, "state": {"s"},
		"code_challenge": {strings.Repeat("A", 43)}, "code_challenge_method": {"S256"},
	}.Encode()).Redirect(t, http.StatusFound, "")
	consent := to.Query().Get("next")
	if !strings.HasPrefix(consent, "/oauth/consent?") {
		t.Fatalf("authorize went to %s", to)
	}
	o.Browser.Get(t, consent).Expect(t, http.StatusForbidden, "started in another browser", `/dashboard">Go to your dashboard</a>`)
}

// TestDeclinedActivationLeadsBothWays: ending the trial with a card that
// is declined says so, links to the processor's page to update the card,
// and still leads back to Billing.
func TestDeclinedActivationLeadsBothWays(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	env.Trial(t, o.Account, "4000000000000341") // completes checkout, then every charge is declined
	p := o.submit(t, "/dashboard/billing", "/dashboard/billing/activate", nil).Expect(t, http.StatusPaymentRequired, "Payment failed", ">Update the card</a>", `<a href="/dashboard/billing">Back to billing</a>`)
	if !strings.Contains(p.Body, `href="`+env.URL+`/_dev/pay/portal/`) {
		t.Fatalf("the refusal does not link to the processor's page:\n%s", p.Body)
	}
}
