package audit29e

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// shotDir is where the screenshots go.
const shotDir = "/tmp/shots29e"

// page is a dashboard page to walk: a name for its screenshots, its path,
// and the navigation links that name its area (the main navigation's and,
// on a site's pages, the site's).
type page struct {
	name, path string
	areas      []string
}

// dashboard is a signed-in owner on the paid plan whose every dashboard
// page has something on it, with names as long as real ones get: a
// finished article, a tracked keyword, a research run, a forum thread with
// a draft, a verified backlink domain with a target, a webhook endpoint
// with a delivery, and a Studio site.
type dashboard struct {
	o     *testenv.Owner
	pages []page
}

// newDashboard builds the owner's data and lists every page it reaches.
func newDashboard(t *testing.T, env *testenv.Env) *dashboard {
	t.Helper()
	o := env.NewPaidOwner(t)
	site := "/sites/" + o.SiteID
	host := testenv.Word("rockets") + ".example"
	o.API(t, "PATCH", site, map[string]any{"website_url": "https://" + host}, http.StatusOK)
	art := o.NewArticle(t, map[string]any{"title": "How to launch a model rocket safely at school", "description": "Safety first", "keyword": "model rocket safety",
		"body_markdown": "# How to launch a model rocket safely\n\nSome words.\n\n## Before the launch\n\nCheck the pad.\n"})
	o.API(t, "POST", site+"/articles/"+art+"/finish", nil, http.StatusOK)
	o.API(t, "POST", site+"/keywords", map[string]any{"name": "model rocket safety"}, http.StatusCreated)
	job := o.API(t, "POST", site+"/research", map[string]any{}, http.StatusAccepted)["job"].(map[string]any)["id"].(string)
	o.Client.WaitJob(t, job)
	v := o.API(t, "POST", site+"/backlinks/domain", map[string]any{"domain": host}, http.StatusOK)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+host, "service-site-verification="+v["token"].(string))
	o.API(t, "POST", site+"/backlinks/domain/verify", nil, http.StatusOK)
	target := o.API(t, "POST", site+"/backlinks/targets", map[string]any{"url": "https://" + host + "/kits", "anchors": []string{"model rockets", "rocket kits", "launch pads"}}, http.StatusCreated)["target"].(map[string]any)["id"].(string)
	f := env.NewForum(t, o.Account)
	th := f.ThreadOf(t, f.ForumID)["id"].(string)
	o.API(t, "POST", f.Base+"/threads/"+th+"/drafts", nil, http.StatusOK)
	hook := o.API(t, "POST", "/webhooks", map[string]any{"url": "https://hooks." + host + "/in", "events": []string{"*"}}, http.StatusCreated)["webhook"].(map[string]any)["id"].(string)
	o.API(t, "POST", "/webhooks/"+hook+"/test", nil, http.StatusOK)
	quote := o.API(t, "GET", "/billing/studio-quote", nil, http.StatusOK)["studio_quote"].(map[string]any)
	studio := o.API(t, "POST", "/sites", map[string]any{"site_url": "https://studio." + host, "site_name": "Acme Model Rockets and Launch Pads for Schools",
		"proration_date": quote["proration_date"]}, http.StatusCreated)["site"].(map[string]any)["id"].(string)

	sp := o.SitePage
	return &dashboard{o: o, pages: []page{
		{"overview", "/dashboard", []string{"Overview"}},
		{"activity", "/dashboard/activity", []string{"Activity"}},
		{"billing", "/dashboard/billing", []string{"Billing"}},
		{"settings", "/dashboard/settings", []string{"Settings"}},
		{"agents", "/dashboard/settings/agents", []string{"Settings"}},
		{"webhooks", "/dashboard/settings/webhooks", []string{"Settings"}},
		{"webhook", "/dashboard/settings/webhooks/" + hook, []string{"Settings"}},
		{"site", sp(""), []string{"Overview"}},
		{"studio-site", "/dashboard/sites/" + studio, []string{"Overview"}},
		{"articles", sp("/articles"), []string{"Articles"}},
		{"article", sp("/articles/" + art), []string{"Articles"}},
		{"article-edit", sp("/articles/" + art + "/edit"), []string{"Articles"}},
		{"article-score", sp("/articles/" + art + "/score"), []string{"Articles"}},
		{"keywords", sp("/keywords"), []string{"Keywords"}},
		{"research", sp("/research/" + job), []string{"Keywords"}},
		{"autopilot", sp("/autopilot"), []string{"Autopilot"}},
		{"integrations", sp("/integrations"), []string{"Integrations"}},
		{"backlinks", sp("/backlinks"), []string{"Backlinks"}},
		{"backlink-target", sp("/backlinks/targets/" + target), []string{"Backlinks"}},
		{"forum", sp("/forum"), []string{"Forum"}},
		{"thread", sp("/forum/threads/" + th), []string{"Forum"}},
		{"rank", sp("/rank"), []string{"Rank"}},
		{"site-activity", sp("/activity"), []string{"Activity"}},
		{"site-settings", sp("/settings"), []string{"Settings"}},
	}}
}

// at sets the tab's viewport to width CSS pixels.
func at(t *testing.T, c *chrome.Tab, width int64) {
	t.Helper()
	if err := chromedp.Do(c.Ctx, chromedp.EmulateViewport(width, 900)); err != nil {
		t.Fatal(err)
	}
}

// errorf reports a problem of page p.
func errorf(t *testing.T, p page, format string, a ...any) {
	t.Helper()
	t.Errorf("%s (%s): %s", p.name, p.path, fmt.Sprintf(format, a...))
}
