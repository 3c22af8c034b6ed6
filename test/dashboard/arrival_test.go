package dashboard_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestClaimingLeadsToTheDashboard: the claim page claims, then offers the
// sign-in link that opens the dashboard; claiming alone signs nobody in
// (the agent holds the claim link too).
func TestClaimingLeadsToTheDashboard(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	b := env.NewBrowser(t)
	claim := strings.TrimPrefix(a.ClaimURL, env.URL)
	b.Get(t, claim).Expect(t, http.StatusOK, "Claim this account", a.Email)
	done := b.Post(t, claim, url.Values{}).Expect(t, http.StatusOK, "Account claimed", "Email me a sign-in link")
	for _, c := range done.Header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "session=") {
			t.Fatalf("claiming set a session: %s", c)
		}
	}
	b.Get(t, "/dashboard").Redirect(t, http.StatusSeeOther, env.URL+"/signin?next=")
	b.Post(t, "/signin", done.Form(t, "/signin")).Expect(t, http.StatusOK, "Check your email")
	var link string
	for _, m := range env.Emails(t, a.Email) {
		if m.Subject == "Your sign-in link" {
			link = m.Links[0]
			break
		}
	}
	b.OpenLink(t, link).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard")
}

// TestLinksOpenTheirPages: the pages the service names in its answers
// and mails open for the signed-in owner.
func TestLinksOpenTheirPages(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	local := func(link string) string {
		t.Helper()
		if !strings.HasPrefix(link, env.URL+"/dashboard") {
			t.Fatalf("link %q is not a dashboard page of %s", link, env.URL)
		}
		return strings.TrimPrefix(link, env.URL)
	}
	site := o.Client.Agent(t, "GET", "/sites/"+o.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	o.open(t, local(site["dashboard_url"].(string)), "Credits")
	e := o.Client.Agent(t, "DELETE", "/account", nil).ExpectError(t, http.StatusForbidden, "human_required")
	o.open(t, local(e["action_url"].(string)), "Delete the account")

	// The mail about a new agent key links to the keys page.
	o.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Mail link"}).Expect(t, http.StatusCreated)
	mail := env.Emails(t, o.Email)[0]
	o.open(t, local(mail.Links[0]), "Mail link")

}

// TestActivityNamesEveryActor: the account's and the site's activity list
// every entry with who did it (an agent key's name, an app's name, the
// owner), what and on what, newest first, paged.
func TestActivityNamesEveryActor(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	app := env.Client().As(env.OAuthToken(t, a, "Activity App"))
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")
	o := &owner{Account: a, Browser: b, env: env}
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": "agent phrase"}).Expect(t, http.StatusCreated)
	app.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": "app phrase"}).Expect(t, http.StatusCreated)
	o.submit(t, o.site("/keywords"), o.site("/keywords"), url.Values{"name": {"owner phrase"}}).Redirect(t, http.StatusSeeOther, env.URL+o.site("/keywords?done=keyword"))

	p := o.open(t, "/dashboard/activity", "Test agent", "agent key", "Activity App", "(app)", "You", "owner, in the dashboard",
		`href="`+o.site("/keywords")+`"`, `<th scope="col">Site</th>`, `data-label="Site"`)
	if strings.Contains(p.Body, "keyword.created") {
		t.Fatalf("the activity page shows action codes:\n%s", p.Body)
	}
	iOwner, iAgent := strings.Index(p.Body, "owner phrase"), strings.Index(p.Body, "agent phrase")
	if iOwner < 0 || iAgent < 0 || iOwner > iAgent {
		t.Fatalf("activity is not newest first:\n%s", p.Body)
	}
	// A site's own activity leaves out the Site column, the same on every row.
	for _, page := range []string{o.site("/activity"), o.site("")} {
		if p := o.open(t, page, "owner phrase"); strings.Contains(p.Body, `data-label="Site"`) {
			t.Fatalf("%s shows a Site column:\n%s", page, p.Body)
		}
	}
	o.open(t, o.site("/activity"), "app phrase", "agent phrase")

	for i := 0; i < 26; i++ {
		a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": fmt.Sprintf("filler %02d", i)}).Expect(t, http.StatusCreated)
	}
	first := o.open(t, "/dashboard/activity", "Older entries")
	next := regexp.MustCompile(`href="([^"]*cursor=[^"]*)">Older entries`).FindStringSubmatch(first.Body)
	if next == nil {
		t.Fatalf("no older entries link:\n%s", first.Body)
	}
	o.open(t, strings.ReplaceAll(next[1], "&amp;", "&"), "owner phrase", "Newest entries")
	// An altered page link says so in words, with the way back.
	o.Browser.Get(t, "/dashboard/activity?cursor=bm90IGEgY3Vyc29y").
		Expect(t, http.StatusUnprocessableEntity, "The link to this page of the list is out of date or was altered.", `href="/dashboard/activity"`)
}

// TestAttentionList: the overview says what needs the owner, with the
// page that fixes it.
func TestAttentionList(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, servedSite(t, env))
	if j := o.Client.WaitJob(t, o.ScanJob); j["status"] != "completed" {
		t.Fatalf("scan of the served site: %v", j)
	}
	o.open(t, "/dashboard", "Nothing needs you right now.")

	// A trial whose card check failed.
	env.Trial(t, o.Account, "4000000000000101")
	env.RunScheduled(t)
	o.open(t, "/dashboard", "card check failed", `href="/dashboard/billing">Update the card`)

	// A payment past due (the renewal a week on; sessions last 7 days, so
	// the owner signs in after it).
	late := env.NewAccount(t, "")
	env.Claim(t, late)
	env.Trial(t, late, "4000000000000341")
	env.Advance(t, 8*24*3600)
	env.RunScheduled(t)
	lb := env.NewBrowser(t)
	env.SignIn(t, lb, late.Email, "/dashboard")
	lb.Get(t, "/dashboard").Expect(t, http.StatusOK, "past due", "Article writing stops in 2 days (")
	lb.Get(t, "/dashboard/billing").Expect(t, http.StatusOK, "Past due since", "Article writing continues until", "Manage card, invoices or cancellation")

	// A backlink domain not verified yet.
	host := uniqueHost("att")
	bl := paidOwner(t, env, host)
	bl.Client.Agent(t, "POST", "/sites/"+bl.SiteID+"/backlinks/domain", map[string]any{"domain": host}).Expect(t, http.StatusOK)
	bl.open(t, "/dashboard", "The backlink domain "+host, "is unverified", "Verify the domain")
}
