package dashboard_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

func TestBillingButtonsGoToTheProcessor(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	page := o.open(t, "/dashboard/billing", "No plan yet", `action="/dashboard/billing/checkout"`, "Start the subscription with a free trial", "nothing is charged today", "none on file")
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' https:;") {
		t.Fatalf("billing page CSP %q does not let its forms redirect to the processor", csp)
	}
	to := o.Browser.Post(t, "/dashboard/billing/checkout", page.Form(t, "/dashboard/billing/checkout")).Redirect(t, http.StatusSeeOther, env.URL+"/")
	api := o.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	if to.String() != api["checkout_url"] {
		t.Fatalf("checkout button went to %s, the API hands out %v", to, api["checkout_url"])
	}

	env.Trial(t, o.Account, testenv.TestCardOK)
	page = o.open(t, "/dashboard/billing", "Free trial, 7 days left", "Manage card, invoices or cancellation", "End the trial and pay now", "ending in 4242; trial card check not run yet")
	// The Studio quote's refusal says where the owner ends the trial, not
	// which endpoint an agent calls.
	if !strings.Contains(page.Body, "End the trial now with “End the trial and pay now” above.") || strings.Contains(page.Body, "POST /billing") {
		t.Fatalf("the trial's Studio refusal is not in the owner's words:\n%s", page.Body)
	}
	o.Browser.Post(t, "/dashboard/billing/portal", page.Form(t, "/dashboard/billing/portal")).Redirect(t, http.StatusSeeOther, env.URL+"/_dev/pay/portal/")
	o.Browser.Post(t, "/dashboard/billing/checkout", url.Values{"csrf": {page.Field(t, "csrf")}}).Expect(t, http.StatusConflict, "subscription")
	o.Browser.Post(t, "/dashboard/billing/activate", page.Form(t, "/dashboard/billing/activate")).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/billing?done=activated")
	o.open(t, "/dashboard/billing", "Business plan, paid", "99.00 USD")
}

func TestStudioSites(t *testing.T) {
	env := testenv.Shared(t)
	o := paidOwner(t, env, uniqueHost("studio"))
	page := o.open(t, "/dashboard/billing", "Add a Studio site", "Due today")
	quote := o.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	// The quote's own sentence, its time and amounts as a person reads them.
	msg := quote["message"].(string)
	if at := stamp.FindString(msg); at != "" {
		ts, err := time.Parse(time.RFC3339Nano, at+"Z")
		if err != nil {
			t.Fatal(err)
		}
		msg = strings.Replace(msg, at+"Z", ts.Format("2 Jan 2006 15:04 UTC"), 1)
	}
	page.Expect(t, http.StatusOK, strings.ReplaceAll(msg, "49.5 USD", "49.50 USD"))

	// Refused: what was typed stays, next to the field.
	o.submit(t, "/dashboard/billing", "/dashboard/billing/sites", url.Values{"site_url": {"not an address"}, "site_name": {"Second"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="studio-site_url-error"`, `value="Second"`)
	host := uniqueHost("second")
	to := o.submit(t, "/dashboard/billing", "/dashboard/billing/sites", url.Values{"site_url": {"https://" + host}, "site_name": {"Second Site"}}).
		Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/sites/")
	o.open(t, to.Path+"?"+to.RawQuery, "Studio site added", "Second Site", "Studio site (49.50 USD a month)", "Remove this Studio site")
	o.open(t, "/dashboard", "Second Site")
	site := strings.TrimPrefix(to.Path, "/dashboard/sites/")

	// The Billing page asks before it schedules the removal, as the site's
	// page does.
	billing := o.open(t, "/dashboard/billing", "<summary>Remove Second Site</summary>", "Nothing is refunded")
	if !regexp.MustCompile(`<details><summary>Remove Second Site</summary>[^<]*<p>[^<]*</p>\s*<form method="post" action="` + to.Path + `/remove">`).MatchString(billing.Body) {
		t.Fatalf("the Billing page's removal is not behind its explanation:\n%s", billing.Body)
	}
	o.submit(t, "/dashboard/billing", to.Path+"/remove", nil).Redirect(t, http.StatusSeeOther, env.URL+to.Path+"?done=removal")
	o.open(t, "/dashboard", "is scheduled for removal", "Keep the site")
	o.open(t, to.Path, "Keep this site")
	o.submit(t, to.Path, to.Path+"/restore", nil).Redirect(t, http.StatusSeeOther, env.URL+to.Path+"?done=restored")
	s := o.Client.Agent(t, "GET", "/sites/"+site, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if s["removes_at"] != nil {
		t.Fatalf("restored site %v", s)
	}

	// Removed again, and the period ends: the site is archived, and its
	// pages say so and offer restoring it, not keeping it.
	o.submit(t, to.Path, to.Path+"/remove", nil).Redirect(t, http.StatusSeeOther, env.URL+to.Path+"?done=removal")
	env.Advance(t, 32*24*3600)
	env.RunScheduled(t)
	env.SignIn(t, o.Browser, o.Email, "/dashboard") // sessions last 7 days
	archived := o.open(t, to.Path, "archived", "Restore this site")
	if strings.Contains(archived.Body, "Keep this site") || strings.Contains(archived.Body, "removal due") {
		t.Fatalf("the archived site's page offers keeping it:\n%s", archived.Body)
	}
	o.open(t, "/dashboard", "Archived: off the plan until restored")
}

// agentSecret finds an agent key's secret in a page.
var agentSecret = regexp.MustCompile(`rv_agent_[0-9a-f]{48}`)

func TestAgentKeys(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	const page = "/dashboard/settings/agents"
	o.open(t, page, "Test agent", "Agent key", o.KeyID)

	o.submit(t, page, page, url.Values{"name": {"x"}, "operator": {"Acme Ops"}}).
		Expect(t, http.StatusUnprocessableEntity, "Name must be 2 to 60 characters.", `value="Acme Ops"`, `id="create-name-error"`)
	created := o.submit(t, page, page, url.Values{"name": {"Dashboard bot"}, "operator": {"Acme Ops"}}).
		Expect(t, http.StatusCreated, "Dashboard bot", "will not be shown again")
	expectPlain(t, "agent key created", created)
	secrets := agentSecret.FindAllString(created.Body, -1)
	if len(secrets) != 1 {
		t.Fatalf("want the secret once, found %v", secrets)
	}
	bot := env.Client().As(secrets[0])
	bot.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	list := o.open(t, page, "Dashboard bot", secrets[0][:15]+"…", "Acme Ops")
	if strings.Contains(list.Body, secrets[0]) {
		t.Fatal("the list shows the secret")
	}
	o.byOwner(t, "agent_key.created", 1)
	if ev := bot.Events(t, "agent_access.created"); len(ev) != 2 {
		t.Fatalf("agent_access.created %v", ev)
	}

	// Revoke the first key: 401 at once, by the owner.
	o.submit(t, page, page+"/"+o.KeyID+"/revoke", nil).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=revoked")
	o.Client.Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
	var act struct {
		Activity []activity `json:"activity"`
	}
	bot.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK).Decode(t, &act)
	found := false
	for _, e := range act.Activity {
		found = found || (e.Action == "agent_key.revoked" && e.Actor["type"] == "owner" && e.Resource["id"] == o.KeyID)
	}
	if !found {
		t.Fatalf("no agent_key.revoked by the owner: %v", act.Activity)
	}

	// At the limit: the API's conflict, in the form, with the name kept.
	for i := 2; i <= 25; i++ {
		bot.Agent(t, "POST", "/agent-keys", map[string]any{"name": fmt.Sprintf("Key %d", i)}).Expect(t, http.StatusCreated)
	}
	o.submit(t, page, page, url.Values{"name": {"Key 26"}}).Expect(t, http.StatusConflict, "25", `value="Key 26"`)
}

func TestWebhookEndpoints(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	received := make(chan string, 10)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		received <- r.Header.Get("Service-Event-Type")
	}))
	defer srv.Close()
	host := uniqueHost("hooks")
	env.SetHost(t, host, strings.TrimPrefix(srv.URL, "https://"))
	const page = "/dashboard/settings/webhooks"

	o.submit(t, page, page, url.Values{"url": {"http://" + host + "/in"}, "description": {"Kept"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="create-url-error"`, `value="Kept"`)
	created := o.submit(t, page, page, url.Values{"url": {"https://" + host + "/in"}, "events": {"article.published", "article.created"}}).
		Expect(t, http.StatusCreated, "Webhook endpoint added", "will not be shown again")
	expectPlain(t, "webhook created", created)
	if n := len(regexp.MustCompile(`whsec_[0-9a-f]{64}`).FindAllString(created.Body, -1)); n != 1 {
		t.Fatalf("the secret shows %d times", n)
	}
	var hooks struct {
		Webhooks []map[string]any `json:"webhooks"`
	}
	o.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &hooks)
	if len(hooks.Webhooks) != 1 || hooks.Webhooks[0]["created_by"].(map[string]any)["type"] != "owner" {
		t.Fatalf("webhooks %v", hooks.Webhooks)
	}
	hp := page + "/" + hooks.Webhooks[0]["id"].(string)
	o.open(t, page, "https://"+host+"/in", "enabled")

	// Edit, test, disable and enable, then the delivery attempts.
	o.submit(t, hp, hp, url.Values{"description": {"Orders"}}).Redirect(t, http.StatusSeeOther, env.URL+hp+"?done=saved")
	// The test's answer is shown on the endpoint's page at an address a
	// reload opens again.
	tested := o.submit(t, hp, hp+"/test", nil)
	tested.Expect(t, http.StatusSeeOther)
	to := tested.Header.Get("Location")
	if !strings.HasPrefix(to, env.URL+hp+"?") || !strings.Contains(to, "done=tested") {
		t.Fatalf("the test went to %q", to)
	}
	o.open(t, strings.TrimPrefix(to, env.URL), "Test event: delivered (HTTP 200)", "Test event sent")
	if got := <-received; got != "webhook.test" {
		t.Fatalf("the endpoint got %q", got)
	}
	o.submit(t, hp, hp+"/disable", nil).Redirect(t, http.StatusSeeOther, env.URL+hp+"?done=disabled")
	// Why it is off, in words.
	o.open(t, hp, "disabled</span> (turned off by hand)")
	o.open(t, "/dashboard", "is turned off", "Review the endpoint")
	o.submit(t, hp, hp+"/enable", nil).Redirect(t, http.StatusSeeOther, env.URL+hp+"?done=enabled")
	o.open(t, hp, "Orders", "Delivery attempts", "Webhook: test (webhook.test)", "delivered (HTTP 200)")
	o.byOwner(t, "webhook.created", 1)

	o.submit(t, hp, hp+"/delete", nil).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=webhook_gone")
	o.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &hooks)
	if len(hooks.Webhooks) != 0 {
		t.Fatalf("webhooks after delete %v", hooks.Webhooks)
	}
}

// TestDisabledEndpointPlansNoRetry: a failed delivery's planned retry is
// not shown as coming once the endpoint is disabled, since a disabled
// endpoint's deliveries are dropped rather than tried again.
func TestDisabledEndpointPlansNoRetry(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	hook := o.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://" + uniqueHost("unreachable") + "/in", "events": []string{"*"}}).
		Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)
	id := hook["id"].(string)
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": "An event to deliver"}).Expect(t, http.StatusCreated)
	var log struct {
		Deliveries []map[string]any `json:"deliveries"`
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		o.Client.Agent(t, "GET", "/webhooks/"+id+"/deliveries", nil).Expect(t, http.StatusOK).Decode(t, &log)
		if len(log.Deliveries) > 0 && log.Deliveries[0]["next_attempt_at"] != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no failed delivery with a planned retry: %v", log.Deliveries)
		}
	}
	hp := "/dashboard/settings/webhooks/" + id
	o.open(t, hp, `data-label="Next try"><span class="when"><time`)
	o.submit(t, hp, hp+"/disable", nil).Expect(t, http.StatusSeeOther)
	p := o.open(t, hp, "disabled", "none: the endpoint is disabled")
	if strings.Contains(p.Body, `data-label="Next try"><span class="when"><time`) {
		t.Fatalf("a disabled endpoint's page shows a retry to come:\n%s", p.Body)
	}
}
