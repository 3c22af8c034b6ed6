// Package dashboard_test drives the owner's dashboard end to end over HTTP
// against a dev stack, as a browser would: sign-in redirects, every page,
// creating and revoking agent keys, the billing buttons and the CSRF check.
package dashboard_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// pages are the dashboard's pages, each with a text only it shows.
var pages = map[string]string{
	"/dashboard":                   "Sites of this account",
	"/dashboard/billing":           "Start subscription",
	"/dashboard/settings":          "contact support",
	"/dashboard/settings/agents":   "Active agent keys and app connections",
	"/dashboard/settings/webhooks": "Webhook endpoints",
}

// owner is a claimed account and its owner's signed-in browser.
type owner struct {
	*testenv.Account
	Browser *testenv.Browser
}

// signedIn claims a new account and signs its owner in through the emailed
// link.
func signedIn(t *testing.T, env *testenv.Env) owner {
	t.Helper()
	a := env.NewAccount(t, "https://dashboard-test.example")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	b.Get(t, env.SignInLink(t, b, a.Email, "/dashboard")).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard")
	return owner{Account: a, Browser: b}
}

// csrf returns the CSRF token of the page at path.
func (o owner) csrf(t *testing.T, path string) string {
	t.Helper()
	return o.Browser.Get(t, path).Expect(t, http.StatusOK).Field(t, "csrf")
}

func TestSignedOutGoesToSignIn(t *testing.T) {
	env := testenv.Shared(t)
	b := env.NewBrowser(t)
	for path := range pages {
		b.Get(t, path).Redirect(t, http.StatusSeeOther, env.URL+"/signin?next="+url.QueryEscape(path))
	}
	b.Post(t, "/dashboard/billing/checkout", url.Values{"csrf": {"x"}}).
		Redirect(t, http.StatusSeeOther, env.URL+"/signin?next="+url.QueryEscape("/dashboard/billing"))
	b.Post(t, "/dashboard/settings/agents/any/revoke", url.Values{"csrf": {"x"}}).
		Redirect(t, http.StatusSeeOther, env.URL+"/signin?next="+url.QueryEscape("/dashboard/settings/agents"))
}

func TestPagesShowTheAccount(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	hook := o.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.dashboard-test.example/in", "events": []string{"article.published"}}).
		Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)
	t.Cleanup(func() { o.Client.Agent(t, "DELETE", "/webhooks/"+hook["id"].(string), nil) })

	for path, text := range pages {
		p := o.Browser.Get(t, path).Expect(t, http.StatusOK, text, o.Email)
		if cc := p.Header.Get("Cache-Control"); cc != "no-store" {
			t.Fatalf("%s Cache-Control %q", path, cc)
		}
		if strings.Contains(p.Body, "<script") {
			t.Fatalf("%s has a script", path)
		}
	}
	o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK, "Billing status: <strong>none</strong>", "https://dashboard-test.example", o.SiteID)
	o.Browser.Get(t, "/dashboard/settings").Expect(t, http.StatusOK, "Test agent", "Delete the account")
	o.Browser.Get(t, "/dashboard/settings/agents").Expect(t, http.StatusOK, "Test agent", "Agent key", "<td>rv_agent_",
		`action="/dashboard/settings/agents/`+o.KeyID+`/revoke"`)
	o.Browser.Get(t, "/dashboard/settings/webhooks").Expect(t, http.StatusOK,
		"https://hooks.dashboard-test.example/in", "article.published", "<td>yes</td>", "none yet")
}

func TestRevokeThroughTheDashboard(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	second := o.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Spare key"}).Expect(t, http.StatusCreated).JSON(t)["agent_key"].(map[string]any)
	spare := env.Client().As(second["key"].(string))
	hook := o.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.dashboard-test.example/revoked", "events": []string{"*"}}).
		Expect(t, http.StatusCreated).JSON(t)["webhook"].(map[string]any)
	t.Cleanup(func() { spare.Agent(t, "DELETE", "/webhooks/"+hook["id"].(string), nil) })

	csrf := o.csrf(t, "/dashboard/settings/agents")
	o.Browser.Post(t, "/dashboard/settings/agents/"+o.KeyID+"/revoke", url.Values{"csrf": {csrf}}).
		Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/settings/agents?revoked=1")
	o.Client.Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
	list := o.Browser.Get(t, "/dashboard/settings/agents?revoked=1").Expect(t, http.StatusOK, "Revoked.", "Spare key")
	if strings.Contains(list.Body, o.KeyID) {
		t.Fatalf("the revoked key is still listed:\n%s", list.Body)
	}

	var activity struct{ Activity []map[string]any }
	spare.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK).Decode(t, &activity)
	found := false
	for _, e := range activity.Activity {
		if e["action"] == "agent_key.revoked" {
			actor := e["actor"].(map[string]any)
			res := e["resource"].(map[string]any)
			if actor["type"] != "owner" || actor["id"] != o.ID || res["id"] != o.KeyID {
				t.Fatalf("revocation activity %v", e)
			}
			found = true
		}
	}
	if !found {
		t.Fatal("no agent_key.revoked activity entry")
	}
	if ev := spare.Events(t, "agent_access.revoked"); len(ev) != 1 || ev[0].Data["agent_key"].(map[string]any)["id"] != o.KeyID {
		t.Fatalf("agent_access.revoked events %v", ev)
	}
	var hooks struct{ Webhooks []map[string]any }
	spare.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &hooks)
	if len(hooks.Webhooks) != 1 || hooks.Webhooks[0]["enabled"] != false || hooks.Webhooks[0]["disabled_reason"] != "credential_revoked" {
		t.Fatalf("webhooks after revocation %v", hooks.Webhooks)
	}
	o.Browser.Get(t, "/dashboard/settings/webhooks").Expect(t, http.StatusOK, "<td>no</td>", "credential_revoked")
}

func TestRevokeUnknownOrOthersKeyIsNotFound(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	other := env.NewAccount(t, "")
	csrf := o.csrf(t, "/dashboard/settings/agents")
	theirs := o.Browser.Post(t, "/dashboard/settings/agents/"+other.KeyID+"/revoke", url.Values{"csrf": {csrf}}).Expect(t, http.StatusNotFound)
	random := o.Browser.Post(t, "/dashboard/settings/agents/01HZZZZZZZZZZZZZZZZZZZZZZZ/revoke", url.Values{"csrf": {csrf}}).Expect(t, http.StatusNotFound)
	if theirs.Body != random.Body {
		t.Fatalf("another account's key answers differently from a random id:\n%s\n---\n%s", theirs.Body, random.Body)
	}
	other.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}

func TestFormsNeedTheirCSRFToken(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	for _, path := range []string{"/dashboard/settings/agents/" + o.KeyID + "/revoke", "/dashboard/billing/checkout", "/dashboard/billing/portal"} {
		o.Browser.Post(t, path, url.Values{}).Expect(t, http.StatusForbidden, "Form expired")
		o.Browser.Post(t, path, url.Values{"csrf": {"forged"}}).Expect(t, http.StatusForbidden, "Form expired")
	}
	o.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}

func TestBillingButtonsGoToTheProcessor(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	page := o.Browser.Get(t, "/dashboard/billing").Expect(t, http.StatusOK, `action="/dashboard/billing/checkout"`, "Start subscription")
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' https:;") {
		t.Fatalf("billing page CSP %q does not let its forms redirect to the processor", csp)
	}
	to := o.Browser.Post(t, "/dashboard/billing/checkout", url.Values{"csrf": {page.Field(t, "csrf")}}).Redirect(t, http.StatusSeeOther, env.URL+"/")
	api := o.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	if to.String() != api["checkout_url"] {
		t.Fatalf("checkout button went to %s, the API hands out %v", to, api["checkout_url"])
	}

	env.Trial(t, o.Account, testenv.TestCardOK)
	page = o.Browser.Get(t, "/dashboard/billing").Expect(t, http.StatusOK, `action="/dashboard/billing/portal"`, "Manage billing", "trialing")
	o.Browser.Post(t, "/dashboard/billing/portal", url.Values{"csrf": {page.Field(t, "csrf")}}).Redirect(t, http.StatusSeeOther, env.URL+"/_dev/pay/portal/")
	o.Browser.Post(t, "/dashboard/billing/checkout", url.Values{"csrf": {page.Field(t, "csrf")}}).Expect(t, http.StatusConflict, "already has a subscription")
}

func TestSitePageIsTheSitesDashboardURL(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	site := o.Client.Agent(t, "GET", "/sites/"+o.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	link, _ := site["dashboard_url"].(string)
	if link != env.URL+"/dashboard/sites/"+o.SiteID {
		t.Fatalf("dashboard_url %q", link)
	}
	o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK, `href="/dashboard/sites/`+o.SiteID+`"`)
	o.Browser.Get(t, link).Expect(t, http.StatusOK, "https://dashboard-test.example", o.SiteID, "primary")
	env.NewBrowser(t).Get(t, link).Redirect(t, http.StatusSeeOther, env.URL+"/signin?next="+url.QueryEscape("/dashboard/sites/"+o.SiteID))

	other := env.NewAccount(t, "")
	theirs := o.Browser.Get(t, "/dashboard/sites/"+other.SiteID).Expect(t, http.StatusNotFound, "No site with that id")
	random := o.Browser.Get(t, "/dashboard/sites/01HZZZZZZZZZZZZZZZZZZZZZZZ").Expect(t, http.StatusNotFound)
	if theirs.Body != random.Body {
		t.Fatalf("another account's site answers differently from a random id")
	}
}
