package audit29s

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// TestArchivedAutopilotOffersNoTurningOn: README "Owner dashboard": "On an
// archived or pending Studio site, the site's pages say why and offer only
// what works there: no writing, push, connection, sync, new site key,
// rescan, or autopilot run; disconnecting, revoking and editing stay." The
// API refuses turning autopilot on there (PATCH .../autopilot {enabled:
// true}: 402 subscription_required). Defect: the autopilot page of an
// archived Studio site said autopilot "cannot be turned on" and, just
// below, still offered the "Write scheduled articles automatically"
// checkbox, which, ticked and saved, came back refused. Now the checkbox
// is left out while the site is closed and autopilot is off (its cadence,
// days and time stay editable, and an autopilot left on keeps the box to
// turn it off).
func TestArchivedAutopilotOffersNoTurningOn(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	id := o.API(t, "POST", "/sites", testenv.StudioSiteBody("audit29s-auto"), http.StatusCreated)["site"].(map[string]any)["id"].(string)
	env.ArchiveStudioSite(t, o.Account, id)

	c := chrome.New(t, env, o.Email)
	text := look(t, c, "archived-autopilot", "/dashboard/sites/"+id+"/autopilot")
	if !strings.Contains(text, "cannot be turned on") {
		t.Fatalf("the archived site's autopilot page does not say autopilot cannot be turned on:\n%s", text)
	}
	if chrome.Eval[bool](c, `!!document.querySelector('input[name=enabled]')`) {
		t.Errorf("the archived site's autopilot page says autopilot cannot be turned on, yet offers the box that turns it on")
	}
	// What stays editable still saves.
	b := env.SignedIn(t, o.Email)
	page := b.Get(t, "/dashboard/sites/"+id+"/autopilot").Expect(t, http.StatusOK)
	form := page.Form(t, "/dashboard/sites/"+id+"/autopilot")
	form.Set("weekly_cadence", "2")
	b.Post(t, "/dashboard/sites/"+id+"/autopilot", form).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/sites/"+id+"/autopilot")
	if ap := o.API(t, "GET", "/sites/"+id+"/autopilot", nil, http.StatusOK)["autopilot"].(map[string]any); ap["weekly_cadence"] != 2.0 || ap["enabled"] != false {
		t.Errorf("autopilot after saving the archived site's form with 2 a week: %v", ap)
	}
}

// linkPattern finds a page's links.
var linkPattern = regexp.MustCompile(`<a href="([^"]+)">([^<]+)</a>`)

// TestDashboardBudgetPageLinksBack: README "Owner dashboard" (Settings,
// ACCOUNT_REQUESTS_PER_MINUTE): each signed-in owner's dashboard page
// requests are counted, "a 429 page past it"; README: "Rate limits read
// as when to try again". Defect: the dashboard's own 429 page said when to
// try again and stopped there: no link, not even back to the page asked
// for, so a person had to find the address again. Now it links to the page
// that was asked for ("Try this page again"), or for a form sent, to the
// dashboard; the answer keeps its Retry-After.
func TestDashboardBudgetPageLinksBack(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AccountRequestsPerMinute = 4 }})
	o := env.NewOwner(t)
	env.NextMinute(t)
	for range 4 {
		o.Browser.Get(t, "/dashboard/activity")
	}
	p := o.Browser.Get(t, "/dashboard/activity").Expect(t, http.StatusTooManyRequests, "Too many requests")
	if p.Header.Get("Retry-After") == "" {
		t.Errorf("the 429 page has no Retry-After")
	}
	if links := linkPattern.FindAllStringSubmatch(p.Body, -1); !hasLink(links, "/dashboard/activity") {
		t.Errorf("the dashboard's 429 page offers no way back to the page asked for; its links: %v\n%s", links, p.Body)
	}
}

// TestAuthorizationBudgetPageLinksBack: README Settings
// (OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE): "the authorization endpoint [answers]
// a 429 page without redirecting"; README: "Rate limits read as when to
// try again". Defect: the page a person's browser got there said when to
// try again and offered nothing to do it with: the app's request was lost
// unless the person went back to the app. Now it links to the same
// authorization request ("Try again"), which works once the minute is
// over; the answer keeps its Retry-After and still does not redirect.
func TestAuthorizationBudgetPageLinksBack(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.OAuthRequestsPerAddressPerMinute = 2 }})
	app := env.NewOAuthApp(t, "Prober")
	env.NextMinute(t)
	b := env.NewBrowser(t)
	sum := sha256.Sum256([]byte(strings.Repeat("v", 43)))
	target := app.AuthCodeURL("st", oauth2.SetAuthURLParam("code_challenge", base64.RawURLEncoding.EncodeToString(sum[:])),
		oauth2.SetAuthURLParam("code_challenge_method", "S256"))
	for range 2 {
		b.Get(t, target)
	}
	p := b.Get(t, target).Expect(t, http.StatusTooManyRequests, "Too many")
	if p.Header.Get("Retry-After") == "" || p.Location != "" {
		t.Errorf("the 429 page: Retry-After %q, Location %q", p.Header.Get("Retry-After"), p.Location)
	}
	path := strings.TrimPrefix(target, env.URL)
	if links := linkPattern.FindAllStringSubmatch(p.Body, -1); !hasLink(links, path) {
		t.Errorf("the authorization endpoint's 429 page offers no way to try again (want a link to %s); its links: %v\n%s", path, links, p.Body)
	}
	env.NextMinute(t)
	b.Get(t, path).Expect(t, http.StatusFound)
}

// hasLink reports whether links (linkPattern's matches) lead to path.
func hasLink(links [][]string, path string) bool {
	for _, l := range links {
		if strings.ReplaceAll(l[1], "&amp;", "&") == path {
			return true
		}
	}
	return false
}

// TestPendingSiteHoldsAddingAnother: README "Billing, credits and Studio
// sites": a Studio site whose charge waits for the cardholder "stays
// `pending` ... and holds the account's site change until the payment is
// made" (POST /sites then answers 409 conflict); README "Owner
// dashboard": the site's pages "offer only what works there", and Billing
// shows "Keep and Restore replaced by the quote's sentence while it
// refuses them". Defect: while a Studio site waited for its payment, the
// Billing page still offered the whole "Add a Studio site" form with "Add
// the site and pay 49.50 USD", which the API refused (409: another site
// change is waiting for the cardholder), after the owner had typed it all
// in. Now Billing says adding (and keeping or restoring) a Studio site
// waits until that payment is through or lapses, and points at "Complete
// the payment" instead of the form.
func TestPendingSiteHoldsAddingAnother(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	env.ReplaceCard(t, o.Account, "4000002500003155")
	o.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit29s-wait"), "Idempotency-Key: audit29s-wait").ExpectError(t, http.StatusForbidden, "human_required")

	c := chrome.New(t, env, o.Email)
	text := look(t, c, "pending-billing", "/dashboard/billing")
	if chrome.Eval[bool](c, `!!document.querySelector('form[action="/dashboard/billing/sites"]')`) {
		t.Errorf("Billing offers adding a Studio site while another's payment waits (the API answers 409 conflict)")
	}
	if !strings.Contains(text, "Complete the payment") || !strings.Contains(text, "waits until") {
		t.Errorf("Billing does not say adding a Studio site waits for the pending payment:\n%s", text)
	}
	// The API indeed refuses it.
	o.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit29s-two"), "Idempotency-Key: audit29s-two").ExpectError(t, http.StatusConflict, "conflict")
}

// TestActivityMomentInTimeElement: README "Owner dashboard": "Times read
// "3 hours ago" with "12 Mar 2027 14:05 UTC" in a `<time>` element", and
// the pages follow WCAG 2.1 AA as TestAccessibility checks (a moment shown
// outside a time element is one of its problems). Defect: an activity
// entry whose sentence carries a moment ("Studio site removal scheduled
// for 28 Dec 2026 16:17 UTC", on the account's and the site's activity and
// the site's page) showed it as bare text, so the accessibility walk
// failed on every archived or leaving Studio site's page. Now the moment
// in an entry's sentence is a time element with its datetime.
func TestActivityMomentInTimeElement(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	id := o.API(t, "POST", "/sites", testenv.StudioSiteBody("audit29s-moment"), http.StatusCreated)["site"].(map[string]any)["id"].(string)
	env.ArchiveStudioSite(t, o.Account, id)
	b := env.SignedIn(t, o.Email)
	moment := regexp.MustCompile(`removal scheduled for <time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ">\d{1,2} [A-Z][a-z]{2} \d{4} \d\d:\d\d UTC</time>`)
	for _, p := range []string{"/dashboard/activity", "/dashboard/sites/" + id + "/activity", "/dashboard/sites/" + id, "/dashboard"} {
		if page := b.Get(t, p).Expect(t, http.StatusOK, "removal scheduled for"); !moment.MatchString(page.Body) {
			t.Errorf("%s shows the moment of \"Studio site removal scheduled for\" outside a time element", p)
		}
	}
	c := chrome.New(t, env, o.Email)
	look(t, c, "archived-site", "/dashboard/sites/"+id)
}
