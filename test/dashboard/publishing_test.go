package dashboard_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

func TestAutopilot(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	page := o.site("/autopilot")
	o.open(t, page, "off", "none planned")
	o.submit(t, page, page, url.Values{"weekly_cadence": {"20"}, "time_of_day": {"10:30"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="autopilot-weekly_cadence-error"`, "Articles a week must be", `value="20"`)
	o.submit(t, page, page, url.Values{"enabled": {"true"}, "weekly_cadence": {"2"}, "days": {"mon", "thu"}, "time_of_day": {"10:30"}}).
		Redirect(t, http.StatusSeeOther, env.URL+page+"?done=saved")
	ap := o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/autopilot", nil).Expect(t, http.StatusOK).JSON(t)["autopilot"].(map[string]any)
	if ap["enabled"] != true || ap["weekly_cadence"] != 2.0 || ap["time_of_day"] != "10:30" || len(ap["days"].([]any)) != 2 {
		t.Fatalf("autopilot %v", ap)
	}
	o.open(t, page, ">on<", "UTC")
	o.byOwner(t, "autopilot.updated", 1)
}

// siteKeyPattern finds a site key's secret in a page.
var siteKeyPattern = regexp.MustCompile(`rv_live_[0-9a-f]{48}`)

func TestSiteKeys(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	page := o.site("/integrations")
	keys := o.site("/keys")

	// Site keys need a trial or plan: the API's sentence, in the form.
	o.submit(t, page, keys, url.Values{"name": {"Blog plugin"}}).Expect(t, http.StatusPaymentRequired, `role="alert"`, "Blog plugin")
	env.Trial(t, o.Account, testenv.TestCardOK)

	form := o.open(t, page).Form(t, keys)
	form.Set("name", "Blog plugin")
	created := o.Browser.Post(t, keys, form).Expect(t, http.StatusCreated, "Site key created", "Blog plugin", "will not be shown again")
	expectPlain(t, "site key created", created)
	secrets := siteKeyPattern.FindAllString(created.Body, -1)
	if len(secrets) != 1 {
		t.Fatalf("want the key shown once, found %v", secrets)
	}
	// The form sent twice creates one key and shows it again.
	again := o.Browser.Post(t, keys, form).Expect(t, http.StatusCreated)
	if got := siteKeyPattern.FindString(again.Body); got != secrets[0] {
		t.Fatalf("the second send shows %q, want the first key", got)
	}
	key := secrets[0]
	env.Client().Do(t, "GET", "/api/public/v1/ping", nil, "Authorization: Bearer "+key).Expect(t, http.StatusOK)
	list := o.open(t, page, "Blog plugin", key[:14]+"…")
	if strings.Contains(list.Body, key) {
		t.Fatal("the list shows the secret")
	}
	if strings.Contains(list.Body, ">idle<") {
		t.Fatal("a key used just now shows as idle")
	}
	o.byOwner(t, "site_key.created", 1)

	// Idle after 48 hours without a request.
	env.Advance(t, 49*3600)
	o.open(t, page, ">idle<")

	var ks struct {
		Keys []map[string]any `json:"site_keys"`
	}
	o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/keys", nil).Expect(t, http.StatusOK).Decode(t, &ks)
	revoke := o.site("/keys/" + ks.Keys[0]["id"].(string) + "/revoke")
	o.submit(t, page, revoke, nil).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=key_revoked")
	env.Client().Do(t, "GET", "/api/public/v1/ping", nil, "Authorization: Bearer "+key).Expect(t, http.StatusUnauthorized)
	o.byOwner(t, "site_key.revoked", 1)
}

func TestPushIntegrations(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	env.Trial(t, o.Account, testenv.TestCardOK)
	page := o.site("/integrations")
	base := page + "/push_platform_1"
	o.open(t, page, "Push platform 1", "not connected", "Connect Push platform 1", "Push platform 2")

	// Connect: the connect page of the API's connect_url, then back.
	to := o.submit(t, page, base+"/connect", nil).Redirect(t, http.StatusSeeOther, env.URL+"/integrations/connect/")
	connect := o.Browser.Get(t, to.String()).Expect(t, http.StatusOK, "Connect Push platform 1", " UTC</time> and only once", `href="`+page+`">Cancel`)
	// A refused token is said in words, with the platform's name.
	refused := o.Browser.Post(t, to.String(), url.Values{"site_url": {"https://platform.example.com"}, "api_token": {"wrong-token"}})
	if refused.Status < 400 || strings.Contains(refused.Body, "push_platform_1") || !strings.Contains(refused.Body, `role="alert"`) {
		t.Fatalf("a refused token: %d\n%s", refused.Status, refused.Body)
	}
	if strings.Contains(connect.Body, "push_platform_1") || stamp.MatchString(withoutDatetimes(connect.Body)) {
		t.Fatalf("the connect page shows an id or a raw timestamp:\n%s", connect.Body)
	}
	o.Browser.Post(t, to.String(), url.Values{"site_url": {"https://platform.example.com"}, "api_token": {"dev-platform-token"}}).
		Expect(t, http.StatusOK, "Push platform 1 connected", `href="`+page+`"`)
	o.open(t, page, "https://platform.example.com", "Push missing or changed articles", "Disconnect")

	o.submit(t, page, base, url.Values{"default_status": {"publish"}}).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=saved")
	i := o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/integrations/push_platform_1", nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
	if i["settings"].(map[string]any)["default_status"] != "publish" {
		t.Fatalf("integration %v", i)
	}
	// A finished article the sync pushes; the page says what it did.
	var first struct{ Article struct{ ID string } }
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": "Synced piece", "body_markdown": "# Synced piece\n\nText."}).
		Expect(t, http.StatusCreated).Decode(t, &first)
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+first.Article.ID+"/finish", nil).Expect(t, http.StatusOK)
	if strings.Contains(o.open(t, page).Body, "Last push of missing") {
		t.Fatal("the page shows a push before any ran")
	}
	o.submit(t, page, base+"/sync", nil).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=sync")
	var jobs struct {
		Jobs []map[string]any `json:"jobs"`
	}
	o.Client.Agent(t, "GET", "/jobs?kind=integration.sync", nil).Expect(t, http.StatusOK).Decode(t, &jobs)
	if len(jobs.Jobs) != 1 {
		t.Fatalf("%d sync jobs", len(jobs.Jobs))
	}
	o.Client.WaitJob(t, jobs.Jobs[0]["id"].(string))
	o.open(t, page, "Last push of missing or changed articles", "1 new, 0 updated, 0 already up to date; finished")

	// Push now: the results are shown at the article's address, which a
	// reload opens again with them.
	var created struct{ Article struct{ ID string } }
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{"title": "Pushed piece", "body_markdown": "# Pushed piece\n\nText."}).
		Expect(t, http.StatusCreated).Decode(t, &created)
	art := o.site("/articles/" + created.Article.ID)
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+created.Article.ID+"/finish", nil).Expect(t, http.StatusOK)
	pushed := o.submit(t, art, art+"/publish", nil, "destinations=push_platform_1")
	pushed.Expect(t, http.StatusSeeOther)
	back := pushed.Header.Get("Location")
	if !strings.HasPrefix(back, env.URL+art+"?") || !strings.Contains(back, "done=pushed") {
		t.Fatalf("Push now went to %q", back)
	}
	o.open(t, strings.TrimPrefix(back, env.URL), "Publishing results", "Push platform 1: created", "Sent to the connected platforms")
	// The article's page says where it is, on every later visit too.
	o.open(t, art, "On your platforms:", "Push platform 1: <a href=\"https://platform.example.com/", "last pushed")
	// An address made elsewhere puts no words of its own on the page.
	forged := o.open(t, art+"?done=pushed&result=push_platform_1:hacked&result=evil:created")
	if strings.Contains(forged.Body, "hacked") || strings.Contains(forged.Body, "evil") {
		t.Fatalf("the article page shows words from its address:\n%s", forged.Body)
	}

	o.submit(t, page, base+"/disconnect", nil).Redirect(t, http.StatusSeeOther, env.URL+page+"?done=disconnected")
	if ev := o.Client.Events(t, "integration.connected", "integration.disconnected"); len(ev) != 2 {
		t.Fatalf("integration events %v", ev)
	}
	o.open(t, page, "Connect Push platform 1")
}

// withoutDatetimes is page without its <time datetime> attributes: a
// moment's machine form belongs there, never in the text a person reads.
func withoutDatetimes(page string) string {
	return regexp.MustCompile(`datetime="[^"]*"`).ReplaceAllString(page, "")
}

// stamp matches an API timestamp, which a page never shows as such.
var stamp = regexp.MustCompile(`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?`)

// TestRankLeadsToPlanning: a tracked keyword without an article says so
// in words and links to the articles page with a new article for it
// filled in, its title focused; creating it makes the keyword an idea.
func TestRankLeadsToPlanning(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/keywords", map[string]any{"name": "pruning shears", "search_volume": 900}).Expect(t, http.StatusCreated)
	plan := o.site("/articles?plan=pruning%20shears")
	rank := o.open(t, o.site("/rank"), "No article yet: plan one", `href="`+html.EscapeString(plan)+`"`)
	if strings.Contains(rank.Body, ">gap<") {
		t.Fatalf("the rank page shows a status code:\n%s", rank.Body)
	}
	page := o.open(t, plan, `value="Pruning shears"`, `value="pruning shears"`)
	if !regexp.MustCompile(`<input[^>]*id="create-title"[^>]*autofocus`).MatchString(page.Body) {
		t.Fatalf("the title field is not focused:\n%s", page.Body)
	}
	o.submit(t, plan, o.site("/articles"), nil).Expect(t, http.StatusSeeOther)
	o.open(t, o.site("/rank"), ">Idea<")
}
