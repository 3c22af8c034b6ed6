package dashboard_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// rawTime finds a timestamp as the API writes it (with microseconds) in a
// page: pages write times as a person reads them.
var rawTime = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z`)

func TestSitePagesSpeakPlainly(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "https://plain-words.example")
	for _, path := range []string{"/dashboard", o.site(""), o.site("/settings"), o.site("/activity"), "/dashboard/activity", "/dashboard/settings/agents"} {
		p := o.open(t, path)
		if m := rawTime.FindString(p.Body); m != "" {
			t.Fatalf("%s shows the raw time %s", path, m)
		}
		if !strings.Contains(p.Body, "<time datetime=") || !strings.Contains(p.Body, " UTC") {
			t.Fatalf("%s has no human time:\n%s", path, p.Body)
		}
	}
	// Without a brand name the site is its address, never its id.
	p := o.open(t, "/dashboard", "plain-words.example")
	if strings.Contains(p.Body, ">"+o.SiteID+"<") {
		t.Fatal("the overview names the site by its id")
	}
	o.open(t, o.site(""), "<h1>plain-words.example</h1>", "Credits start with the trial or plan", "Website scan")
}

func TestSiteSettingsFollowTheAPIsRules(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	settings := o.site("/settings")

	// Refused: the API's message next to each field, what was typed kept,
	// nothing saved.
	p := o.submit(t, settings, settings, url.Values{
		"brand_name": {strings.Repeat("b", 121)}, "writing.tone": {strings.Repeat("t", 81)}, "product_description": {"Kept description"},
	}).Expect(t, http.StatusUnprocessableEntity, "Nothing was saved.", `id="site-brand_name-error"`, `id="site-writing-tone-error"`,
		"Brand name must be", "Tone must be", "Kept description")
	expectPlain(t, "refused settings", p)
	site := o.Client.Agent(t, "GET", "/sites/"+o.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["brand_name"] == strings.Repeat("b", 121) || site["product_description"] == "Kept description" {
		t.Fatalf("a refused form saved: %v", site)
	}

	// Saved: only what changed is sent, with the owner as the actor.
	o.submit(t, settings, settings, url.Values{"brand_name": {"Acme Rockets"}, "writing.tone": {"Playful"}, "writing.brand_voice": {"Avoid jargon\nNever use exclamation marks"}}).
		Redirect(t, http.StatusSeeOther, env.URL+settings+"?done=saved")
	site = o.Client.Agent(t, "GET", "/sites/"+o.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	w := site["writing"].(map[string]any)
	if site["brand_name"] != "Acme Rockets" || w["tone"] != "Playful" || w["brand_voice"] != "Avoid jargon\nNever use exclamation marks" {
		t.Fatalf("site after save %v", site)
	}
	o.byOwner(t, "site.updated", 1)
	o.open(t, "/dashboard", "Acme Rockets")
	o.submit(t, settings, settings, nil).Redirect(t, http.StatusSeeOther, env.URL+settings+"?done=nothing")
	o.byOwner(t, "site.updated", 1)

	// Rescan.
	o.submit(t, o.site(""), o.site("/scan"), nil).Redirect(t, http.StatusSeeOther, env.URL+o.site("?done=scan"))
	o.byOwner(t, "site.scan_started", 1)
}

func TestKeywordsAndResearch(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	kw := o.site("/keywords")

	// Every problem of a refused form at once, what was typed kept.
	o.submit(t, kw, kw, url.Values{"name": {"x"}, "tag": {"kept tag"}, "search_volume": {"-5"}}).
		Expect(t, http.StatusUnprocessableEntity, `id="add-name-error"`, "Search phrase must be", "kept tag", `id="add-search_volume-error"`)
	o.submit(t, kw, kw, url.Values{"name": {"Model Rocket Kits"}, "intent": {"Commercial"}, "search_volume": {"1200"}}).
		Redirect(t, http.StatusSeeOther, env.URL+kw+"?done=keyword")
	page := o.open(t, kw, "model rocket kits", "1,200", "Commercial")
	// The same phrase again: the API's conflict, in the form.
	o.submit(t, kw, kw, url.Values{"name": {"model rocket kits"}}).Expect(t, http.StatusConflict, "model rocket kits", `role="alert"`)
	o.byOwner(t, "keyword.created", 1)

	var list struct {
		Keywords []map[string]any `json:"keywords"`
	}
	o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/keywords", nil).Expect(t, http.StatusOK).Decode(t, &list)
	id := list.Keywords[0]["id"].(string)
	o.Browser.Post(t, kw+"/"+id+"/delete", page.Form(t, kw+"/"+id+"/delete")).Redirect(t, http.StatusSeeOther, env.URL+kw+"?done=keyword_gone")
	o.byOwner(t, "keyword.deleted", 1)

	// Research: a job page that refreshes until the ideas are in, then
	// each keyword can be tracked and each idea added.
	// A keyword on the list whose figure the run estimates otherwise.
	o.Client.Agent(t, "POST", "/sites/"+o.SiteID+"/keywords", map[string]any{"name": "acme pricing", "search_volume": 50}).Expect(t, http.StatusCreated)
	res := o.submit(t, kw, o.site("/research"), url.Values{"seed": {"model rockets for schools"}, "ideas": {"3"}})
	loc := res.Redirect(t, http.StatusSeeOther, env.URL+o.site("/research/"))
	var review *testenv.Page
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(300 * time.Millisecond) {
		review = o.open(t, loc.Path)
		if !strings.Contains(review.Body, "Researching") || time.Now().After(deadline) {
			break
		}
	}
	// The page names the topic researched and when the run ended.
	review.Expect(t, http.StatusOK, "Article ideas", "Add as an idea", "Around the topic “model rockets for schools”", ", finished ",
		"tracked</span> <small>with 50 searches a month on your list")
	add := review.Form(t, o.site("/articles"))
	title := add.Get("title")
	// Back on the research page at the idea acted on, not at its top.
	if at := o.Browser.Post(t, o.site("/articles"), add).Redirect(t, http.StatusSeeOther, env.URL+loc.Path+"?done=article"); at.Fragment != add.Get("at") ||
		!strings.Contains(review.Body, `id="`+at.Fragment+`"`) || !strings.HasPrefix(at.Fragment, "idea-") {
		t.Fatalf("adding an idea went back to %v, not to the idea's place", at)
	}
	var arts struct {
		Articles []map[string]any `json:"articles"`
	}
	o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/articles?status=opportunity&limit=100", nil).Expect(t, http.StatusOK).Decode(t, &arts)
	found := false
	for _, a := range arts.Articles {
		found = found || (a["title"] == title && a["source"] == "dashboard")
	}
	if !found {
		t.Fatalf("the idea %q was not added with source dashboard: %v", title, arts.Articles)
	}
	// The added idea is marked, so it is not added twice; the keywords
	// page leads back to the run.
	// The added idea links to its article.
	var added string
	for _, a := range arts.Articles {
		if a["title"] == title {
			added = o.site("/articles/" + a["id"].(string))
		}
	}
	again := o.open(t, loc.Path, "added", `<a href="`+added+`">open it<span class="sr">: `+html.EscapeString(title)+`</span></a>`)
	if strings.Count(again.Body, "Add as an idea") != strings.Count(review.Body, "Add as an idea")-1 {
		t.Fatalf("the added idea still offers to be added:\n%s", again.Body)
	}
	o.open(t, kw, "Latest research runs", `href="`+loc.Path+`"`)
	if review.HasForm(kw) {
		track := review.Form(t, kw)
		if at := o.Browser.Post(t, kw, track).Redirect(t, http.StatusSeeOther, env.URL+loc.Path+"?done=keyword"); !strings.HasPrefix(at.Fragment, "keyword-") {
			t.Fatalf("tracking a keyword went back to %v, not to the keyword's place", at)
		}
		o.open(t, loc.Path, "tracked")
	}
}
