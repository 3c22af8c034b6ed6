package browser_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rvcontent/test/testenv"
)

// signIn signs the owner of email in, in b, as a person does: the sign-in
// form, the emailed link's page, its Sign in button; it lands on the
// dashboard.
func signIn(t *testing.T, env *testenv.Env, b *browser, email string) {
	t.Helper()
	b.open("/dashboard")
	b.expect("Sign in", "Email address")
	b.shoot("signin")
	b.fill("#email", email)
	b.click(`form[action="/signin"] button`)
	b.expect("Check your email")
	var link string
	for _, m := range env.Emails(t, email) {
		if m.Subject == "Your sign-in link" {
			link = m.Links[0]
			break
		}
	}
	b.open(link)
	b.expect("This link signs you in as", email)
	b.shoot("signin-link")
	b.click(`form[action="/signin/verify"] button`)
	if loc := b.location(); loc != env.URL+"/dashboard" {
		t.Fatalf("signed in at %s, want the dashboard", loc)
	}
	b.expect("Overview", "Needs your attention", email)
}

// newOwnerIn claims a new account for site and signs its owner in, in a
// new Chromium.
func newOwnerIn(t *testing.T, env *testenv.Env, site string) (*testenv.Account, *browser) {
	t.Helper()
	a := env.NewAccount(t, site)
	env.Claim(t, a)
	b := newBrowser(t, env.URL)
	signIn(t, env, b, a.Email)
	return a, b
}

// sitePage is the path of a's primary site's dashboard page plus rest.
func sitePage(a *testenv.Account, rest string) string { return "/dashboard/sites/" + a.SiteID + rest }

// TestArticleJourney: sign in, generate an article, review it (preview and
// score), and record where it went live.
func TestArticleJourney(t *testing.T) {
	env := testenv.Shared(t)
	a, b := newOwnerIn(t, env, "https://rockets.example")
	env.Trial(t, a, testenv.TestCardOK)
	a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID, map[string]any{"brand_name": "Acme Rockets"}).Expect(t, http.StatusOK)
	b.open("/dashboard")
	b.shoot("overview")

	b.open(sitePage(a, "/articles"))
	b.expect("Add an idea or schedule an article")
	// A refused form opens where it is fixed: its first field with a
	// problem has the focus, in view, however far down the page it is.
	b.fill("#create-title", "How to launch a model rocket safely")
	b.fill("#create-keyword", "m")
	b.click(`form[action="` + sitePage(a, "/articles") + `"] button`)
	b.expect("Nothing was saved", "Keyword must be")
	if focused := get(b, chromedp.Evaluate[string](`document.activeElement.id`)); focused != "create-keyword" {
		b.t.Fatalf("after a refusal the focus is on %q, want the keyword field", focused)
	}
	if inView := get(b, chromedp.Evaluate[bool](`(() => { const r = document.activeElement.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })()`)); !inView {
		b.t.Fatal("the field with the problem is not in view")
	}
	b.fill("#create-keyword", "model rocket launch")
	b.click(`form[action="` + sitePage(a, "/articles") + `"] button`)
	b.expect("Article created.", "How to launch a model rocket safely", "Write it now (1 article credit)")
	b.shoot("article-idea")

	b.click(`form[action$="/generate"] button`)
	// The page says writing started, unless the article was written before
	// the page loaded (the dev stack's model is quick): then it is finished.
	if !strings.Contains(b.text(), "Finished") {
		b.expect("Writing started")
		b.shoot("article-generating")
	}
	deadline := time.Now().Add(30 * time.Second)
	for strings.Contains(b.text(), "Being written") && time.Now().Before(deadline) {
		time.Sleep(time.Second)
		b.open(strings.Split(b.location(), "?")[0])
	}
	b.expect("Finished", "Preview", "Score", "Record the live address")
	b.shoot("article-finished")
	articlePage := strings.Split(b.location(), "?")[0]

	b.click(`a[href$="/score"]`)
	b.expect("Search engines (SEO)", "AI answers (GEO)", "says what to fix")
	b.shoot("article-score")
	b.open(articlePage + "/edit")
	b.expect("Body (Markdown)")
	b.shoot("article-edit")
	b.open(articlePage)

	b.fill("#publish-url", "https://rockets.example/blog/launch-safely")
	b.click(`form[action$="/publish"] button`)
	b.expect("Live address recorded.", "live at", "https://rockets.example/blog/launch-safely")
	b.shoot("article-published")

	pub := a.Client.Events(t, "article.published")
	gen := a.Client.Events(t, "article.generated")
	if len(pub) != 1 || pub[0].Data["source"] != "dashboard" || len(gen) != 1 || gen[0].Data["trigger"] != "dashboard" {
		t.Fatalf("events: published %v, generated %v", pub, gen)
	}
	b.open(sitePage(a, "/articles"))
	b.shoot("articles")
	b.open(sitePage(a, ""))
	b.shoot("site")
	b.open(sitePage(a, "/settings"))
	b.shoot("site-settings")
	b.open(sitePage(a, "/keywords"))
	b.fill("#research-ideas", "3")
	b.click(`form[action="` + sitePage(a, "/research") + `"] button`)
	deadline = time.Now().Add(30 * time.Second)
	for !strings.Contains(b.text(), "Article ideas") && time.Now().Before(deadline) {
		time.Sleep(time.Second)
		b.open(strings.Split(b.location(), "?")[0])
	}
	b.expect("Article ideas", "Add as an idea")
	b.shoot("research")
	b.open(sitePage(a, "/keywords"))
	b.expect("Latest research runs")
	b.shoot("keywords")
	b.open(sitePage(a, "/autopilot"))
	b.shoot("autopilot")
	b.open(sitePage(a, "/rank"))
	b.shoot("rank")
	b.open(sitePage(a, "/activity"))
	b.expect("You", "owner, in the dashboard")
	b.shoot("site-activity")
	b.open("/dashboard/billing")
	b.shoot("billing")
}

// TestPagesForLostPeople: an address that names no page, and a claim link
// opened again after the claim, answer a person with a page that leads on.
func TestPagesForLostPeople(t *testing.T) {
	env := testenv.Shared(t)
	b := newBrowser(t, env.URL)
	b.open("/dashboard/no-such-page")
	b.expect("Page not found", "your dashboard")
	b.shoot("page-not-found")
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b.open(strings.TrimPrefix(a.ClaimURL, env.URL))
	b.expect("Link not valid", "sign in instead")
	b.shoot("claim-used")
}

// TestSiteKeyJourney creates a site key (shown once) and revokes it.
func TestSiteKeyJourney(t *testing.T) {
	env := testenv.Shared(t)
	a, b := newOwnerIn(t, env, "")
	env.Trial(t, a, testenv.TestCardOK)
	b.open(sitePage(a, "/integrations"))
	b.expect("Publishing platforms", "Site keys", "No site keys yet.")
	b.shoot("integrations")
	b.fill("#sitekey-name", "Blog plugin")
	b.click(`form[action="` + sitePage(a, "/keys") + `"] button`)
	b.expect("Site key created", "will not be shown again")
	b.shoot("sitekey-created")
	key := b.secretIn(`rv_live_[0-9a-f]{48}`)
	env.Client().Do(t, "GET", "/api/public/v1/ping", nil, "Authorization: Bearer "+key).Expect(t, http.StatusOK)

	b.click(`a[href="` + sitePage(a, "/integrations") + `"]`)
	b.expect("Blog plugin", key[:14]+"…")
	b.run(chromedp.Click(chromedp.CSS(`td details summary`))) // revoking asks first
	b.click(`form[action$="/revoke"] button`)
	b.expect("Site key revoked.", "No site keys yet.")
	env.Client().Do(t, "GET", "/api/public/v1/ping", nil, "Authorization: Bearer "+key).Expect(t, http.StatusUnauthorized)
}

// TestForumJourney drafts a reply, copies it at the posting desk, and
// records the permalink of the reply as posted.
func TestForumJourney(t *testing.T) {
	env := testenv.Shared(t)
	a, b := newOwnerIn(t, env, "")
	env.PaidPlan(t, a)
	a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID, map[string]any{
		"brand_name": "Tally", "product_description": "Invoicing software for freelancers that sends payment reminders.",
	}).Expect(t, http.StatusOK)
	word := fmt.Sprintf("nudgez%d", time.Now().UnixNano()%1_000_000)
	var thread struct {
		ForumID string `json:"forum_id"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "Best way to send " + word + " to clients who pay late?",
		"body": "I keep chasing invoices by hand. What do you use for " + word + "?", "up_votes": 7,
	}).Expect(t, http.StatusOK).Decode(t, &thread)

	b.open(sitePage(a, "/forum"))
	b.shoot("forum-off")
	b.run(chromedp.Click(chromedp.CSS(`#settings-enabled`)))
	b.fill("#settings-topic_tags", word)
	b.run(chromedp.SetValue(chromedp.CSS(`#settings-max_links_per_reply`), "1"))
	b.click(`form[action="` + sitePage(a, "/forum") + `"] button`)
	b.expect("Saved.")
	var forum struct {
		Forum struct {
			MaxLinksPerReply int `json:"max_links_per_reply"`
		} `json:"forum"`
	}
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/forum", nil).Expect(t, http.StatusOK).Decode(t, &forum)
	if forum.Forum.MaxLinksPerReply != 1 {
		t.Fatalf("max_links_per_reply = %d after choosing once", forum.Forum.MaxLinksPerReply)
	}
	b.click(`form[action$="/forum/sweeps"] button`)
	b.expect("Forum search started.")
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(b.text(), word) && time.Now().Before(deadline) {
		time.Sleep(time.Second)
		b.open(sitePage(a, "/forum"))
	}
	b.shoot("forum-threads")
	b.click(`a[href*="/forum/threads/"]`)
	b.expect("Open the thread on the forum", "Draft a reply")
	b.click(`form[action$="/draft"] button`)
	b.expect("Draft written.", "Posting desk", "Copy the reply")
	b.shoot("forum-desk")

	reply := get(b, chromedp.Value(chromedp.CSS("#reply-text")))
	if !strings.Contains(reply, "Tally") {
		t.Fatalf("the reply to copy %q lacks the disclosure", reply)
	}
	// A link that is not a comment of this thread is refused next to the
	// field, in words rather than a pattern of codes.
	b.fill("#record-permalink", "https://forum.example.com/user/someone/")
	b.click(`form[action$="/reply"] button`)
	b.expect("Nothing was saved", "must be the link to your own comment in this thread")
	b.shoot("forum-reply-refused")
	var c struct {
		Permalink string `json:"permalink"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": thread.ForumID, "body": reply}).Expect(t, http.StatusOK).Decode(t, &c)
	b.fill("#record-permalink", c.Permalink)
	b.click(`form[action$="/reply"] button`)
	b.expect("Reply recorded.", "Your reply", c.Permalink)
	b.shoot("forum-recorded")
}

// TestBacklinkDomainJourney sets the backlink domain: a domain off the
// site's is refused next to the field, naming the site's own (a long
// name that wraps at phone width) and where to change it; the site's own
// domain shows the three proofs.
func TestBacklinkDomainJourney(t *testing.T) {
	env := testenv.Shared(t)
	host := fmt.Sprintf("ararelylongshopnameforhandmadeceramicsandglassware%d.example", time.Now().UnixNano()%1_000_000)
	a, b := newOwnerIn(t, env, "https://"+host)
	env.PaidPlan(t, a)
	page := sitePage(a, "/backlinks")
	b.open(page)
	b.fill("#domain-domain", "elsewhere.example")
	b.click(`form[action="` + page + `/domain"] button`)
	b.expect("Nothing was saved", "must be on the site's own domain "+host, "change the website address in the site's settings first")
	b.shoot("backlinks-domain-refused")
	b.fill("#domain-domain", host)
	b.click(`form[action="` + page + `/domain"] button`)
	b.expect("Domain saved.", "DNS TXT record", "Meta tag", "File at")
	b.shoot("backlinks-domain-proofs")
}

// TestWebhookAndDeletionJourney adds a webhook endpoint (its secret shown
// once), then deletes the account with the typed confirmation.
func TestWebhookAndDeletionJourney(t *testing.T) {
	env := testenv.Shared(t)
	a, b := newOwnerIn(t, env, "")
	b.open("/dashboard/settings/webhooks")
	b.expect("This account has no webhook endpoints.")
	b.fill("#create-url", "https://hooks.journey.example/in")
	b.click(`form[action="/dashboard/settings/webhooks"] button`)
	b.expect("Webhook endpoint added", "will not be shown again")
	b.shoot("webhook-created")
	b.secretIn(`whsec_[0-9a-f]{64}`)
	b.click(`a[href^="/dashboard/settings/webhooks/"]`)
	b.expect("Webhook endpoint", "Send a test event", "Delivery attempts")
	b.shoot("webhook")

	b.open("/dashboard/settings/agents")
	b.expect("Test agent")
	b.shoot("agents")
	b.open("/dashboard/activity")
	b.shoot("activity")

	b.open("/dashboard/settings")
	b.expect("Delete the account", "cannot be undone", "The account has no subscription, so nothing is charged.")
	b.shoot("settings")
	b.fill("#delete-confirm", "not my address")
	b.click(`form[action="/dashboard/settings/delete"] button`)
	b.expect("The account was not deleted.", "Type "+a.Email+" exactly")
	b.shoot("delete-refused")
	b.fill("#delete-confirm", a.Email)
	b.click(`form[action="/dashboard/settings/delete"] button`)
	b.expect("Account deleted", a.Email)
	b.shoot("deleted")
	a.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	b.open("/dashboard")
	b.expect("Email me a sign-in link")
}
