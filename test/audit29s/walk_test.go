package audit29s

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// TestWalkArchivedStudioSite runs the accessibility walk (README "Owner
// dashboard": "The pages follow WCAG 2.1 AA: ... one `h1` and headings in
// order, every field labelled ..., and nothing wider than a 320 px
// screen") on the pages of an archived Studio site, a state the walk of
// test/browser never builds, at 390 and 1280 px. It found the moment of an
// activity sentence outside a time element (TestActivityMomentInTimeElement).
func TestWalkArchivedStudioSite(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	f := env.NewForum(t, o.Account)
	api, th := f.OnStudioSite(t)
	site := strings.Split(api, "/")[2]
	env.ArchiveStudioSite(t, o.Account, site)
	c := chrome.New(t, env, o.Email)
	sp := "/dashboard/sites/" + site
	for _, p := range [][2]string{{"arch-site", sp}, {"arch-integrations", sp + "/integrations"}, {"arch-autopilot", sp + "/autopilot"},
		{"arch-settings", sp + "/settings"}, {"arch-backlinks", sp + "/backlinks"}, {"arch-forum", sp + "/forum"}, {"arch-thread", sp + "/forum/threads/" + th},
		{"arch-articles", sp + "/articles"}, {"arch-overview", "/dashboard"}} {
		look(t, c, p[0], p[1])
	}
}

// TestWalkPendingStudioSite runs the accessibility walk on the pages of a
// Studio site waiting for its payment (README "Owner dashboard": its page
// and its Billing row "offer \"Complete the payment\""), and on the
// simulated processor's page that link leads to.
func TestWalkPendingStudioSite(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	env.ReplaceCard(t, o.Account, "4000002500003155")
	refused := o.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit29s-pay"), "Idempotency-Key: audit29s-pay").ExpectError(t, http.StatusForbidden, "human_required")
	env.PaymentWaiting(t, refused["action_url"].(string))
	id := o.StudioSites(t)[0]["id"].(string)
	c := chrome.New(t, env, o.Email)
	look(t, c, "pend-site", "/dashboard/sites/"+id)
	look(t, c, "pend-billing", "/dashboard/billing")
	look(t, c, "pend-overview", "/dashboard")
	c.Open("/dashboard/sites/" + id)
	c.Click(`form[action="/dashboard/billing/portal"] button`)
	for _, p := range chrome.Eval[[]string](c, chrome.AuditJS) {
		t.Errorf("processor page: %s", p)
	}
	c.Shoot(shotDir, "pend-processor", 390, 1280)
	if !strings.Contains(c.Text(), "Payment waiting for you") {
		t.Errorf("Complete the payment leads to a page without the waiting payment:\n%s", c.Text())
	}
}

// TestWalkWithoutPaidPlan runs the accessibility walk on the backlinks and
// forum pages of a claimed account without the paid plan.
func TestWalkWithoutPaidPlan(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "https://"+testenv.Word("free")+".example.com")
	env.Claim(t, a)
	c := chrome.New(t, env, a.Email)
	sp := "/dashboard/sites/" + a.SiteID
	look(t, c, "free-backlinks", sp+"/backlinks")
	look(t, c, "free-forum", sp+"/forum")
}

// TestWalkDeletingNeverSubscribed runs the accessibility walk on the
// deletion section and the page after it of an account that never
// subscribed (README: "the settings page before and the page after the
// deletion say the same": that it had no subscription).
func TestWalkDeletingNeverSubscribed(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	c := chrome.New(t, env, a.Email)
	if text := look(t, c, "del-settings", "/dashboard/settings"); !strings.Contains(text, "The account has no subscription, so nothing is charged") {
		t.Errorf("the deletion section does not say the account has no subscription:\n%s", text)
	}
	c.Open("/dashboard/settings")
	if _, err := chromedp.Run(c.Ctx, chromedp.SendKeys(`input[name=confirm]`, a.Email)); err != nil {
		t.Fatal(err)
	}
	c.Click(`form[action="/dashboard/settings/delete"] button`)
	for _, p := range chrome.Eval[[]string](c, chrome.AuditJS) {
		t.Errorf("deleted page: %s", p)
	}
	c.Shoot(shotDir, "del-done", 390, 1280)
	if text := c.Text(); !strings.Contains(text, "It had no subscription, so nothing is charged") {
		t.Errorf("the page after the deletion does not say the account had no subscription:\n%s", text)
	}
}
