package audit28l

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// TestSignOutOpensAsAPage: README (first section): "Pages a person opens,
// under the same host: ... `/signin` (and `/signin/verify`, `/signout`)".
// Before the fix `GET /signout` (typed, bookmarked, or the address bar
// after signing out) answered the 404 page. Now a signed-in browser gets a
// page naming the account with a Sign out button (a POST with the page's
// CSRF token: opening the address alone signs nobody out, so another
// site cannot sign the owner out with a link), and a signed-out browser
// gets "You are signed out" with a link to sign in.
func TestSignOutOpensAsAPage(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	p := o.Browser.Get(t, "/signout").Expect(t, http.StatusOK, o.Email)
	o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK) // opening it signed nobody out
	form := p.Form(t, "/signout")
	if form.Get("csrf") == "" {
		t.Fatalf("the sign-out page's form carries no CSRF token:\n%s", p.Body)
	}
	o.Browser.Post(t, "/signout", form).Expect(t, http.StatusOK, "You are signed out")
	out := o.Browser.Get(t, "/signout").Expect(t, http.StatusOK, "You are signed out")
	if !strings.Contains(out.Body, `href="`+env.URL+`/signin"`) && !strings.Contains(out.Body, `href="/signin"`) {
		t.Errorf("the signed-out page does not link to sign in:\n%s", out.Body)
	}
	if out.HasForm("/signout") {
		t.Errorf("a signed-out browser is offered a Sign out button:\n%s", out.Body)
	}
	// In a browser: the page fits a phone, and its button signs out.
	c := chrome.New(t, env, o.Email)
	c.Open("/signout")
	c.Shoot(shotDir, "signout", 390, 1280)
	c.Click(`form[action="/signout"] button`)
	if text := c.Text(); !strings.Contains(text, "You are signed out") {
		t.Errorf("the sign-out page's button did not sign out:\n%s", text)
	}
}

// TestClaimLinkNotValidIsAnAlert: README ("Owner dashboard"): "The pages
// follow WCAG 2.1 AA"; a sign-in link used up or expired "is refused" on
// a page whose sentence is an alert (role=alert), read out at once. A
// claim link used up, expired or mistyped is refused the same way, but
// before the fix its page's sentence was a plain paragraph (and a token
// that cannot exist answered a bare message without the way to sign in).
// Now both are alerts that link to sign in.
func TestClaimLinkNotValidIsAnAlert(t *testing.T) {
	env := testenv.Shared(t)
	alert := regexp.MustCompile(`role="alert"[^>]*>[^<]*(?:not valid|expired|used)`)
	for _, path := range []string{
		"/claim/" + strings.Repeat("A", 43), // the shape of a token, unknown
		"/claim/not!a*token",                // a token that cannot exist
	} {
		p := env.NewBrowser(t).Get(t, path)
		if p.Status != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, p.Status)
		}
		if !alert.MatchString(p.Body) {
			t.Errorf("%s: the refusal is not an alert:\n%s", path, p.Body)
		}
		if !strings.Contains(p.Body, `href="/signin"`) {
			t.Errorf("%s: the refusal does not link to sign in:\n%s", path, p.Body)
		}
	}
}

// TestThreadWithClaimedReplyIsNotReadAsPosted: README ("Owner dashboard"):
// the forum's posting desk records "the posted reply's permalink, also for
// a reply an agent recorded as `claimed`". A reply recorded without its
// address (status claimed: someone is posting it) makes the thread
// `posted` in the API, but nothing is on the forum yet as far as the
// service knows. Before the fix the forum page's list and the thread's
// page said "reply posted" (and the thread page "Verification claimed");
// now both say the reply's address is not recorded yet.
func TestThreadWithClaimedReplyIsNotReadAsPosted(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	f := env.NewForum(t, o.Account)
	th := f.ThreadOf(t, f.ForumID)
	id := th["id"].(string)
	draft := o.API(t, "POST", f.Base+"/threads/"+id+"/drafts", nil, http.StatusOK)["draft"].(map[string]any)["id"].(string)
	o.API(t, "POST", f.Base+"/replies", map[string]any{"thread_id": id, "draft_id": draft}, http.StatusOK)
	for _, page := range []string{o.SitePage("/forum"), o.SitePage("/forum/threads/" + id)} {
		text := visibleText(o.Browser.Get(t, page).Expect(t, http.StatusOK).Body)
		if strings.Contains(text, "reply posted") {
			t.Errorf("%s reads a claimed reply as posted:\n%s", page, text)
		}
		if !strings.Contains(text, "address not recorded yet") {
			t.Errorf("%s does not say the reply's address is not recorded yet:\n%s", page, text)
		}
	}
}

// TestKeywordAddedTwiceIsRefusedAtThePhrase: README ("Owner dashboard",
// Forms): "A refused form comes back with the API's message next to its
// field and what was typed kept", and "a refused field marked
// `aria-invalid`, described by its error and focused". Adding a phrase
// the site already tracks is refused (409, "This site already has the
// keyword ..."). Before the fix that sentence stood at the top of the
// form, the Search phrase field unmarked and the focus on the alert; now
// it is the phrase field's error, the field marked and focused, and the
// form's alert says to correct the field marked, as for a 422.
func TestKeywordAddedTwiceIsRefusedAtThePhrase(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	o.API(t, "POST", "/sites/"+o.SiteID+"/keywords", map[string]any{"name": "cast iron care"}, http.StatusCreated)
	c := chrome.New(t, env, o.Email)
	c.Open(o.SitePage("/keywords"))
	if err := chromedp.Do(c.Ctx, chromedp.SetValue(chromedp.CSS("#add-name"), "Cast iron care")); err != nil {
		t.Fatal(err)
	}
	c.Click(`form[action="` + o.SitePage("/keywords") + `"] button[type=submit]`)
	c.Shoot(shotDir, "keyword-added-twice", 390, 1280)
	if got := chrome.Eval[string](c, `document.activeElement ? document.activeElement.id : ''`); got != "add-name" {
		t.Errorf("the focus is on %q, want the Search phrase field add-name", got)
	}
	if got := chrome.Eval[string](c, `(document.querySelector('#add-name') || {getAttribute(){return ''}}).getAttribute('aria-invalid') || ''`); got != "true" {
		t.Errorf("the Search phrase field is not marked aria-invalid (%q)", got)
	}
	if got := chrome.Eval[string](c, `(document.querySelector('#add-name-error') || {}).textContent || ''`); !strings.Contains(got, "already has the keyword") {
		t.Errorf("the Search phrase field's error reads %q, want the refusal", got)
	}
	if got := chrome.Eval[string](c, `(document.querySelector('#add-name') || {}).value || ''`); got != "Cast iron care" {
		t.Errorf("the refused form kept %q, want the phrase typed", got)
	}
}

// TestAutopilotSaysWhenCreditsFallShortOfTheNextRun: README
// ("Autopilot"/dashboard): each article "spends 1 article credit;
// autopilot stops when credits run out", and the dashboard's autopilot
// page names the next run and how many articles it writes. A trial site
// has 5 article credits; with 7 scheduled articles and 14 articles a week
// on one day, the next run would write all 7. Before the fix the page said
// "14 to write" and nothing else (it warned only at 0 credits); now it
// says the site has 5 credits left, so the run writes at most 5 of the 7,
// and links to Billing.
func TestAutopilotSaysWhenCreditsFallShortOfTheNextRun(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	o.Client.WaitJob(t, o.ScanJob)
	env.Trial(t, o.Account, testenv.TestCardOK)
	for i := range 7 {
		o.NewArticle(t, map[string]any{"title": fmt.Sprintf("Scheduled idea %d", i+1), "status": "scheduled"})
	}
	o.API(t, "PATCH", "/sites/"+o.SiteID+"/autopilot", map[string]any{"enabled": true, "weekly_cadence": 14, "days": []string{"mon"}}, http.StatusOK)
	c := chrome.New(t, env, o.Email)
	c.Open(o.SitePage("/autopilot"))
	c.Shoot(shotDir, "autopilot-few-credits", 390, 1280)
	text := c.Text()
	if !strings.Contains(text, "7 to write") {
		t.Fatalf("the page does not say the next run writes 7:\n%s", text)
	}
	if !strings.Contains(text, "5 article credits left") || !strings.Contains(text, "at most 5") {
		t.Errorf("the page does not say the next run is short of credits:\n%s", text)
	}
	if !chrome.Eval[bool](c, `!!document.querySelector('p.note a[href="/dashboard/billing"]')`) {
		t.Errorf("the credits note does not link to Billing:\n%s", text)
	}
}

// TestAutopilotNextRunCountsWhatIsWaiting: README ("Owner dashboard"):
// the autopilot page is the twin of the API's autopilot, which at each
// slot "starts generations of scheduled articles without a body"; numbers
// on a page read as a person reads them. `next_run_articles` is the
// slot's size (14 a week on one day: 14), not what the run will write.
// Before the fix a site with nothing scheduled read "Next run: ..., 14 to
// write", though that run writes nothing; now the page counts what is
// waiting ("nothing scheduled, so nothing to write", "3 to write") and
// names the slot's size apart ("up to 14 to write when more are
// scheduled").
func TestAutopilotNextRunCountsWhatIsWaiting(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	o.API(t, "PATCH", "/sites/"+o.SiteID+"/autopilot", map[string]any{"enabled": true, "weekly_cadence": 14, "days": []string{"mon"}}, http.StatusOK)
	page := o.SitePage("/autopilot")
	text := visibleText(o.Browser.Get(t, page).Expect(t, http.StatusOK).Body)
	if strings.Contains(text, ", 14 to write") {
		t.Errorf("with nothing scheduled the next run reads as writing 14:\n%s", text)
	}
	if !strings.Contains(text, "nothing scheduled, so nothing to write") {
		t.Errorf("the page does not say nothing is scheduled to write:\n%s", text)
	}
	for i := range 3 {
		o.NewArticle(t, map[string]any{"title": fmt.Sprintf("Waiting idea %d", i+1), "status": "scheduled"})
	}
	text = visibleText(o.Browser.Get(t, page).Expect(t, http.StatusOK).Body)
	if !strings.Contains(text, ", 3 to write") {
		t.Errorf("with 3 scheduled the next run does not read as writing 3:\n%s", text)
	}
}

// TestBacklinkTargetAddedTwiceIsRefusedAtTheURL: README ("Owner
// dashboard", Forms): "A refused form comes back with the API's message
// next to its field", "a refused field marked `aria-invalid`, described by
// its error and focused". Adding a backlink target for a page that already
// is one is refused (409, "This site already has a target for that URL").
// Before the fix the sentence stood at the top of the form with the Page
// address field unmarked, as the keyword added twice did; now it is the
// address field's error, the field marked and focused.
func TestBacklinkTargetAddedTwiceIsRefusedAtTheURL(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	host := fmt.Sprintf("audit28l-%d.example", time.Now().UnixNano()%1_000_000_000)
	site := "/sites/" + o.SiteID
	o.API(t, "PATCH", site, map[string]any{"website_url": "https://" + host}, http.StatusOK)
	v := o.API(t, "POST", site+"/backlinks/domain", map[string]any{"domain": host}, http.StatusOK)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+host, "service-site-verification="+v["token"].(string))
	o.API(t, "POST", site+"/backlinks/domain/verify", nil, http.StatusOK)
	o.API(t, "POST", site+"/backlinks/targets", map[string]any{"url": "https://" + host + "/rockets", "anchors": []string{"model rockets", "rocket kits", "launch pads"}}, http.StatusCreated)

	action := o.SitePage("/backlinks/targets")
	form := o.Browser.Get(t, o.SitePage("/backlinks")).Expect(t, http.StatusOK).Form(t, action)
	form.Set("url", "https://"+host+"/rockets")
	form.Set("anchors", "rocket kits for schools\nlaunch pads\nmodel rockets")
	p := o.Browser.Post(t, action, form)
	if p.Status != http.StatusConflict {
		t.Fatalf("status %d, want 409:\n%s", p.Status, p.Body)
	}
	field := regexp.MustCompile(`<input type="url" id="target-url"[^>]*>`).FindString(p.Body)
	for _, want := range []string{`aria-invalid="true"`, `autofocus`, `target-url-error`} {
		if !strings.Contains(field, want) {
			t.Errorf("the page address field lacks %s: %q", want, field)
		}
	}
	if !regexp.MustCompile(`id="target-url-error">[^<]*already has a target for that URL`).MatchString(p.Body) {
		t.Errorf("the refusal is not the page address field's error:\n%s", p.Body)
	}
}

// TestForumPageWithoutPlanLeadsToBilling: README ("Owner dashboard",
// Forms): "a refusal of a plan, a payment or credits links to Billing";
// forum presence is open on the paid plan only (README, Forum presence:
// `access`). On the forum page of an account without the paid plan the
// line under the facts told the owner "To search the forum, tick “Find
// forum threads for this site” in the settings below and save", which the
// API then refuses (402), and "Access: closed: it needs the paid plan"
// linked nowhere. Now the access line links to the Billing page and the
// page does not send the owner to a form that cannot work.
func TestForumPageWithoutPlanLeadsToBilling(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	body := o.Browser.Get(t, o.SitePage("/forum")).Expect(t, http.StatusOK).Body
	text := visibleText(body)
	if strings.Contains(text, "To search the forum, tick") {
		t.Errorf("without the paid plan the page still tells the owner to turn forum presence on:\n%s", text)
	}
	if !regexp.MustCompile(`(?s)<dt>Access</dt><dd>[^<]*needs the paid plan[^<]*<a href="/dashboard/billing"`).MatchString(body) {
		t.Errorf("the access line does not link to Billing:\n%s", body)
	}
}
