// Package audit23e looks at every page of the owner's dashboard as the
// owner would: it fills an account with data in many states (a failed
// scan, articles in every status with long titles, writing in progress
// and failed, an integration in error, backlinks, forum drafts, webhooks
// with failed deliveries, agent keys and an app, a Studio site being
// removed; a second account on a trial run out into past due), saves a
// screenshot of each page at 390 and 1280 px in .cache/audit23e/, and
// pins the defects the audit found and fixed.
package audit23e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
	"rvcontent/test/testenv/chrome"
)

// longTitle is an article title long enough to wrap on a phone.
const longTitle = "How to choose, season and care for a cast-iron skillet that lasts three generations without rust or sticky residue"

// filled is an account with data in many states and its pages.
type filled struct {
	a       *testenv.Account
	site    string // "/sites/{id}"
	studio  string // the Studio site's id
	hook    string
	thread  string
	target  string
	article map[string]string // article id by status
	job     string            // a research job
}

// api calls the agent API as a's key.
func (f *filled) api(t *testing.T, method, path string, body any, status int) map[string]any {
	t.Helper()
	return f.a.Client.Agent(t, method, path, body).Expect(t, status).JSON(t)
}

// fill builds the account.
func fill(t *testing.T, env *testenv.Env) *filled {
	t.Helper()
	broken, _ := env.Website(t, "broken-23e", func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "down", http.StatusInternalServerError)
	})
	a := env.NewAccount(t, "http://"+broken+"/")
	f := &filled{a: a, site: "/sites/" + a.SiteID, article: map[string]string{}}
	a.Client.WaitJob(t, a.ScanJob)
	env.OAuthToken(t, a, "Claude Desktop connector with a rather long application name")
	for _, name := range []string{"Writer agent", "Nightly publishing robot"} {
		f.api(t, "POST", "/agent-keys", map[string]any{"name": name}, http.StatusCreated)
	}
	env.PaidPlan(t, a)
	f.api(t, "PATCH", f.site, map[string]any{"brand_name": "Skillet & Co"}, http.StatusOK)

	// Articles in every status, with long titles.
	arts := f.site + "/articles"
	for i, st := range []string{"opportunity", "scheduled"} {
		art := f.api(t, "POST", arts, map[string]any{"title": fmt.Sprintf("%s (%d)", longTitle, i), "status": st, "keyword": "cast iron " + st}, http.StatusCreated)["article"].(map[string]any)
		f.article[st] = art["id"].(string)
	}
	fin := f.api(t, "POST", arts, map[string]any{
		"title": longTitle, "description": "Seasoning, cleaning and storing", "tags": []string{"guide", "kitchen"}, "keyword": "cast iron care",
		"body_markdown": "# " + longTitle + "\n\nSome words about skillets and other good pans.\n\n## Seasoning\n\nOil it thinly, https://example.com/a/very/long/address/that/does/not/break/anywhere/in/the/text/at/all/really\n",
	}, http.StatusCreated)["article"].(map[string]any)
	f.article["finished"] = fin["id"].(string)
	f.api(t, "POST", arts+"/"+f.article["finished"]+"/finish", nil, http.StatusOK)
	f.api(t, "POST", arts+"/"+f.article["finished"]+"/publish", map[string]any{"url": "https://" + broken + "/blog/how-to-choose-season-and-care-for-a-cast-iron-skillet-that-lasts"}, http.StatusOK)
	failed := f.api(t, "POST", arts, map[string]any{"title": "Why enamelled pans chip, and what to do about it", "status": "scheduled"}, http.StatusCreated)["article"].(map[string]any)
	f.article["failed"] = failed["id"].(string)
	env.ArmFault(t, "article_generation", 3)
	gen := f.api(t, "POST", arts+"/"+f.article["failed"]+"/generate", nil, http.StatusAccepted)["job"].(map[string]any)["id"].(string)
	for i := 0; ; i++ {
		j := f.api(t, "GET", "/jobs/"+gen+"?wait=2", nil, http.StatusOK)["job"].(map[string]any)
		if j["status"] == "failed" {
			break
		}
		if i == 20 {
			t.Fatalf("writing never failed: %v", j)
		}
		env.Advance(t, 600)
		env.RunScheduled(t)
	}
	generating := f.api(t, "POST", arts, map[string]any{"title": "Carbon steel woks for home cooks", "status": "scheduled"}, http.StatusCreated)["article"].(map[string]any)
	f.article["generating"] = generating["id"].(string)
	// The first two attempts fail; the retries wait 10 and then 40 seconds
	// (real time), so the article is still being written while the walk
	// reaches its pages, also on a loaded machine (one failed attempt
	// left only 10 seconds, which a loaded run outlasted).
	env.ArmFault(t, "article_generation", 2)
	f.api(t, "POST", arts+"/"+f.article["generating"]+"/generate", nil, http.StatusAccepted)

	// Keywords, research.
	f.api(t, "POST", f.site+"/keywords", map[string]any{"name": "cast iron skillet seasoning with flaxseed oil"}, http.StatusCreated)
	f.job = f.api(t, "POST", f.site+"/research", map[string]any{}, http.StatusAccepted)["job"].(map[string]any)["id"].(string)
	a.Client.WaitJob(t, f.job)

	// An integration in error.
	fake := platformfake.New("Skillet & Co", "pf-token-23e")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms.skillet23e.example", srv.Listener.Addr().String())
	link := f.api(t, "POST", f.site+"/integrations/push_platform_1/connect", nil, http.StatusOK)["connect"].(map[string]any)["connect_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://cms.skillet23e.example", "api_token": "pf-token-23e"}).Expect(t, http.StatusOK)
	fake.FailWrites(http.StatusInternalServerError)
	f.api(t, "POST", arts+"/"+f.article["finished"]+"/publish", map[string]any{"destinations": []string{"push_platform_1"}}, http.StatusOK)
	sync := f.api(t, "POST", f.site+"/integrations/push_platform_1/sync", nil, http.StatusAccepted)["job"].(map[string]any)["id"].(string)
	a.Client.WaitJob(t, sync)
	f.api(t, "POST", f.site+"/keys", map[string]any{"name": "WordPress plugin"}, http.StatusCreated)

	// Backlinks: a verified domain, a target, links reserved both ways
	// with another member.
	v := f.api(t, "POST", f.site+"/backlinks/domain", map[string]any{"domain": broken}, http.StatusOK)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+broken, "service-site-verification="+v["token"].(string))
	f.api(t, "POST", f.site+"/backlinks/domain/verify", nil, http.StatusOK)
	f.target = f.api(t, "POST", f.site+"/backlinks/targets", map[string]any{"url": "https://" + broken + "/guides/cast-iron-skillet-seasoning-the-complete-guide", "anchors": []string{"cast iron seasoning", "skillet care", "seasoning a pan"}, "topic_tags": []string{"kitchen"}}, http.StatusCreated)["target"].(map[string]any)["id"].(string)
	f.api(t, "PATCH", f.site+"/backlinks", map[string]any{"opted_in": true, "topic_tags": []string{"kitchen"}}, http.StatusOK)
	exchangeWith(t, env, "kitchen")
	env.RunScheduled(t) // each member reserves a link in the other's article

	// Forum: a thread with a draft.
	word := fmt.Sprintf("skilletword%d", time.Now().UnixNano()%1_000_000)
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "castiron", "title": "How do I keep my " + word + " from rusting after washing it every single evening?", "body": "Any advice on " + word + "?", "up_votes": 12,
	}).Expect(t, http.StatusOK)
	f.api(t, "PATCH", f.site+"/forum", map[string]any{"enabled": true, "topic_tags": []string{word}}, http.StatusOK)
	sweep := f.api(t, "POST", f.site+"/forum/sweeps", nil, http.StatusAccepted)["job"].(map[string]any)["id"].(string)
	a.Client.WaitJob(t, sweep)
	var threads struct{ Threads []struct{ ID string } }
	a.Client.Agent(t, "GET", f.site+"/forum/threads", nil).Expect(t, http.StatusOK).Decode(t, &threads)
	if len(threads.Threads) == 0 {
		t.Fatal("the forum search found no thread")
	}
	f.thread = threads.Threads[0].ID
	f.api(t, "POST", f.site+"/forum/threads/"+f.thread+"/drafts", nil, http.StatusOK)

	// Webhooks: one endpoint that refuses, with failed deliveries.
	refusing := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
	}))
	t.Cleanup(refusing.Close)
	env.SetHost(t, "hooks.skillet23e.example", strings.TrimPrefix(refusing.URL, "https://"))
	f.hook = f.api(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.skillet23e.example/incoming/rvcontent/webhook-endpoint-with-a-long-path", "events": []string{"*"}}, http.StatusCreated)["webhook"].(map[string]any)["id"].(string)
	for i := 0; i < 3; i++ {
		f.api(t, "POST", "/webhooks/"+f.hook+"/test", nil, http.StatusOK)
	}
	f.api(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.skillet23e.example/articles", "events": []string{"article.generated", "article.published"}}, http.StatusCreated)

	// A Studio site, being removed.
	quote := f.api(t, "GET", "/billing/studio-quote", nil, http.StatusOK)["studio_quote"].(map[string]any)
	f.studio = f.api(t, "POST", "/sites", map[string]any{"site_url": "https://studio.skillet23e.example", "site_name": "Dutch ovens studio", "proration_date": quote["proration_date"]}, http.StatusCreated)["site"].(map[string]any)["id"].(string)
	f.api(t, "DELETE", "/sites/"+f.studio, nil, http.StatusOK)
	return f
}

// page is a dashboard page to look at: its screenshot name, its path,
// texts its visible text must hold (or, starting with "css:", a selector
// that must match) and texts it must not hold: the defects this audit
// fixed.
type page struct {
	name, path string
	want, not  []string
}

// exchangeWith adds another paid member of the backlink exchange on
// topic: its domain verified, opted in, with a published article and a
// target on the topic.
func exchangeWith(t *testing.T, env *testenv.Env, topic string) {
	t.Helper()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>Pan People</title><h1>Pan People</h1>")
	}))
	t.Cleanup(srv.Close)
	host := "panpeople23e.example" // not under example.com: members of one registrable domain never match
	env.SetHost(t, host, strings.TrimPrefix(srv.URL, "https://"))
	web := "https://" + host + "/"
	m := env.NewAccount(t, web)
	env.PaidPlan(t, m)
	api := func(method, path string, body any, status int) map[string]any {
		return m.Client.Agent(t, method, "/sites/"+m.SiteID+path, body).Expect(t, status).JSON(t)
	}
	v := api("POST", "/backlinks/domain", map[string]any{"domain": host}, http.StatusOK)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+host, "service-site-verification="+v["token"].(string))
	api("POST", "/backlinks/domain/verify", nil, http.StatusOK)
	api("PATCH", "/backlinks", map[string]any{"opted_in": true, "topic_tags": []string{topic}}, http.StatusOK)
	id := api("POST", "/articles", map[string]any{"title": "Pans we love", "tags": []string{topic}, "body_markdown": "# Pans we love\n\nCast iron seasoning makes a pan last.\n\nSkillet care takes a minute.\n"}, http.StatusCreated)["article"].(map[string]any)["id"].(string)
	api("POST", "/articles/"+id+"/finish", nil, http.StatusOK)
	api("POST", "/articles/"+id+"/publish", map[string]any{"url": web + "posts/" + id}, http.StatusOK)
	api("POST", "/backlinks/targets", map[string]any{"url": web + "pans", "anchors": []string{"good pans", "pan care", "frying pans"}, "topic_tags": []string{topic}}, http.StatusCreated)
}

// pages are the dashboard pages of f's account.
func (f *filled) pages() []page {
	s := "/dashboard/sites/" + f.a.SiteID
	return []page{
		{name: "overview", path: "/dashboard"},
		{name: "activity", path: "/dashboard/activity"},
		// A Studio site's Keep button says which site it keeps.
		{name: "billing", path: "/dashboard/billing", want: []string{`css:button[aria-label="Keep Dutch ovens studio"]`}},
		{name: "settings", path: "/dashboard/settings"},
		{name: "agents", path: "/dashboard/settings/agents"},
		{name: "webhooks", path: "/dashboard/settings/webhooks"},
		{name: "webhook", path: "/dashboard/settings/webhooks/" + f.hook},
		{name: "site", path: s},
		{name: "site-settings", path: s + "/settings"},
		{name: "site-activity", path: s + "/activity"},
		// The list tells the article whose writing failed from one
		// merely scheduled.
		{name: "articles", path: s + "/articles", want: []string{"Scheduled\nwriting failed just now"}},
		{name: "articles-scheduled", path: s + "/articles?status=scheduled", want: []string{"Scheduled\nwriting failed just now"}},
		{name: "article-finished", path: s + "/articles/" + f.article["finished"]},
		{name: "article-edit", path: s + "/articles/" + f.article["finished"] + "/edit"},
		{name: "article-score", path: s + "/articles/" + f.article["finished"] + "/score"},
		// Writing that failed says so where the owner would write again.
		{name: "article-failed", path: s + "/articles/" + f.article["failed"],
			want: []string{"Writing this article failed just now", "The article could not be written after several attempts. The credit was refunded"}},
		{name: "article-generating", path: s + "/articles/" + f.article["generating"] + "?still=1", not: []string{"Writing this article failed"}},
		{name: "article-idea", path: s + "/articles/" + f.article["opportunity"], not: []string{"Writing this article failed"}},
		// An article being written has no edit form, and says why.
		{name: "article-generating-edit", path: s + "/articles/" + f.article["generating"] + "/edit", want: []string{"writing this article now"}},
		{name: "keywords", path: s + "/keywords", want: []string{"1 keyword\n"}, not: []string{"1 keywords"}},
		{name: "research", path: s + "/research/" + f.job},
		{name: "autopilot", path: s + "/autopilot"},
		// The last error and its time are apart.
		{name: "integrations", path: s + "/integrations", want: []string{"read-only right now.\nreported just now"}},
		// A link in one of the site's articles leads to that article.
		{name: "backlinks", path: s + "/backlinks", want: []string{`css:table a[href="` + s + "/articles/" + f.article["finished"] + `"]`}},
		{name: "backlink-target", path: s + "/backlinks/targets/" + f.target},
		// The thread's start is not the reply's posting.
		{name: "forum", path: s + "/forum", want: []string{"Thread started"}, not: []string{"Posted"}},
		{name: "thread", path: s + "/forum/threads/" + f.thread, want: []string{"12 votes · 0 comments · started just now"}},
		{name: "rank", path: s + "/rank", want: []string{"0 of 1 keyword (0%)", "0 keywords with an article idea", "1 keyword with no article yet"}, not: []string{"1 keywords"}},
		{name: "studio-site", path: "/dashboard/sites/" + f.studio},
	}
}

// look opens each page, saves its screenshots and checks what it says.
func look(t *testing.T, c *chrome.Tab, pages []page) {
	t.Helper()
	for _, pg := range pages {
		c.Open(pg.path)
		c.Shoot(shotDir, pg.name, 390, 1280)
		text := c.Text()
		for _, w := range pg.want {
			if sel, ok := strings.CutPrefix(w, "css:"); ok {
				if !chrome.Eval[bool](c, "document.querySelector(`"+sel+"`) !== null") {
					t.Errorf("%s: nothing matches %s", pg.name, sel)
				}
			} else if !strings.Contains(text, w) {
				t.Errorf("%s lacks %q:\n%s", pg.name, w, text)
			}
		}
		for _, n := range pg.not {
			if strings.Contains(text, n) {
				t.Errorf("%s says %q:\n%s", pg.name, n, text)
			}
		}
	}
}

// TestScreenshotEveryPage fills an account and saves every dashboard
// page, and those of a trial run out into past due, at 390 and 1280 px.
func TestScreenshotEveryPage(t *testing.T) {
	env := testenv.StartQuiet(t)
	f := fill(t, env)
	c := chrome.New(t, env, f.a.Email)
	look(t, c, f.pages())

	late := env.NewAccount(t, "")
	env.Claim(t, late)
	env.Trial(t, late, "4000000000000101")
	env.RunScheduled(t) // the trial card check fails
	env.Advance(t, 7*24*3600+60)
	env.RunScheduled(t) // the trial runs out; the first charge is declined
	lc := chrome.New(t, env, late.Email)
	look(t, lc, []page{
		{name: "pastdue-overview", path: "/dashboard"},
		{name: "pastdue-billing", path: "/dashboard/billing", want: []string{"No Studio sites yet."}},
		{name: "pastdue-site", path: "/dashboard/sites/" + late.SiteID, want: []string{"UTC (ended "}, not: []string{"(renews "}},
		// Empty lists say so in words; a period gone by has ended.
		{name: "pastdue-forum", path: "/dashboard/sites/" + late.SiteID + "/forum", want: []string{"No draft is waiting to be posted.", "No threads found yet.", "0 left; this period ended "}},
	})
}
