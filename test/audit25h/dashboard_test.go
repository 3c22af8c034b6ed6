package audit25h

import (
	"fmt"
	"html"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestDashboardKeywordsPageReachesEveryKeyword: a site tracking more
// keywords than one API page holds. The dashboard's keywords page is where
// the owner sees and deletes the site's keywords, and the spec has no
// limit on how many a site tracks (4.6: GET /sites/{site_id}/keywords
// "Returns { keywords[], next_cursor }", paged as 4.1 says: "next_cursor
// null means no more"); a scan adds up to 12 and each research save up to
// 24. The page read one page of 100 and showed it as the whole list ("100
// keywords"), with no way to the others: the 101st keyword could not be
// seen or deleted in the dashboard. The page now links to the next page,
// as the articles and activity pages do.
func TestDashboardKeywordsPageReachesEveryKeyword(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "https://many-keywords-audit25h.example.org/")
	const n = 103
	addKeywords(t, a, n)
	b := signedIn(t, env, a)

	seen := map[string]bool{}
	next := "/dashboard/sites/" + a.SiteID + "/keywords"
	for pages := 0; next != "" && pages < 5; pages++ {
		p := b.Get(t, next).Expect(t, http.StatusOK)
		for i := 0; i < n; i++ {
			if name := fmt.Sprintf("phrase number %03d", i); strings.Contains(p.Body, name) {
				seen[name] = true
			}
		}
		next = ""
		if i := strings.Index(p.Body, `">Next page</a>`); i >= 0 {
			j := strings.LastIndex(p.Body[:i], `href="`)
			next = html.UnescapeString(p.Body[j+len(`href="`) : i])
		}
	}
	if len(seen) != n {
		t.Fatalf("the dashboard's keywords pages show %d of the site's %d keywords; the least searched %q shown: %v",
			len(seen), n, "phrase number 000", seen["phrase number 000"])
	}
}

// TestDashboardResearchPageKnowsEveryTrackedKeyword: the dashboard's
// research page marks each keyword of a run that the site already tracks
// ("tracked") and offers to add the others. It looked only at the first
// 100 of the site's keywords, so on a site with more a tracked keyword
// was offered again, and adding it was refused as a duplicate (4.6: POST
// /sites/{site_id}/keywords: "Duplicate name on the site: 409 conflict").
// The page now reads every page of the site's keywords.
func TestDashboardResearchPageKnowsEveryTrackedKeyword(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "https://many-tracked-audit25h.example.org/")
	const n = 103
	addKeywords(t, a, n)
	// The seed is the least searched tracked keyword: the run's first
	// keyword, and the last of the site's list.
	job := runResearch(t, a, map[string]any{"seed": "phrase number 000", "ideas": 0})
	b := signedIn(t, env, a)
	p := b.Get(t, "/dashboard/sites/"+a.SiteID+"/research/"+job).Expect(t, http.StatusOK, `<td data-label="Phrase">phrase number 000</td>`)
	row := p.Body[strings.Index(p.Body, `<td data-label="Phrase">phrase number 000</td>`):]
	if end := strings.Index(row, "</tr>"); end >= 0 {
		row = row[:end]
	}
	if !strings.Contains(row, "tracked") {
		t.Fatalf("the research page offers to add %q, which the site tracks:\n%s", "phrase number 000", row)
	}
}

// TestDashboardDailyLimitsSpeakToAPerson: the owner runs research from
// the dashboard's keywords page, and rescans from the site's page, on an
// account without a trial or plan that used its day's runs. The README
// ("Keywords, research and rank", Research limits): "Without a trial or
// working plan an account may start 10 runs per UTC day"; ("Sites and
// scans"): 3 scans per UTC day, "the 4th answers 429 rate_limited with
// Retry-After until 00:00 UTC". The dashboard showed the API's sentence
// for an agent, "Wait Retry-After seconds, or start a trial.", naming an
// HTTP header the owner never sees. It now says when the limit resets
// (00:00 UTC) and where to start a trial.
func TestDashboardDailyLimitsSpeakToAPerson(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "https://daily-limit-audit25h.example.org/")
	for i := 0; i < 10; i++ {
		a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/research", map[string]any{"ideas": 0}).Expect(t, http.StatusAccepted)
	}
	for i := 0; i < 2; i++ {
		a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusAccepted)
	}
	b := signedIn(t, env, a)
	site := "/dashboard/sites/" + a.SiteID
	form := b.Get(t, site+"/keywords").Expect(t, http.StatusOK).Form(t, site+"/research")
	research := b.Post(t, site+"/research", form).Expect(t, http.StatusTooManyRequests, "10 times a day")
	form = b.Get(t, site).Expect(t, http.StatusOK).Form(t, site+"/scan")
	scan := b.Post(t, site+"/scan", form).Expect(t, http.StatusTooManyRequests, "3 scans a day")
	for what, p := range map[string]*testenv.Page{"research": research, "rescan": scan} {
		if strings.Contains(p.Body, "Retry-After") || !strings.Contains(p.Body, "00:00 UTC") || !strings.Contains(p.Body, "Billing page") {
			i := strings.Index(p.Body, "a day")
			t.Errorf("the %s refusal does not say when to try again and where to start a trial: %s", what, p.Body[max(0, i-200):min(len(p.Body), i+200)])
		}
	}
}

// TestDashboardResearchPageTellsFoundFromTracked: a research run saved
// (save true) puts its keywords on the site with source discovered. Spec
// 2 (Keyword): source is "library (tracked by the user or the scan) or
// discovered (from research)"; README ("Keywords, research and rank",
// Rank): "market lists library keywords". The dashboard's research page
// marked those saved keywords "tracked", "on your list, which rank
// coverage uses", though rank coverage leaves them out and the keywords
// page calls them "found by research". The page now says a discovered
// keyword is on the list as found by research, and keeps "tracked" for
// library keywords.
func TestDashboardResearchPageTellsFoundFromTracked(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "https://found-not-tracked-audit25h.example.org/")
	job := runResearch(t, a, map[string]any{"seed": "sourdough starter", "ideas": 0, "save": true})
	var rank struct {
		Rank struct{ Market []struct{ Keyword string } }
	}
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/rank", nil).Expect(t, http.StatusOK).Decode(t, &rank)
	for _, m := range rank.Rank.Market {
		if m.Keyword == "sourdough starter" {
			t.Fatalf("rank lists the discovered keyword %q", m.Keyword)
		}
	}
	b := signedIn(t, env, a)
	cell := `<td data-label="Phrase">sourdough starter</td>`
	p := b.Get(t, "/dashboard/sites/"+a.SiteID+"/research/"+job).Expect(t, http.StatusOK, cell)
	row := p.Body[strings.Index(p.Body, cell):]
	row = row[:strings.Index(row, "</tr>")]
	if strings.Contains(row, ">tracked<") || strings.Contains(row, "rank coverage uses") || !strings.Contains(row, "found by research") {
		t.Fatalf("the research page shows the discovered keyword as:\n%s", row)
	}
}
