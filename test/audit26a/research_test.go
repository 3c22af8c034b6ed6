package audit26a

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestResearchIdeaAddedBeyondTheFirstHundredArticles: README, Owner
// dashboard: "keywords and research with its ideas to review (... added
// ideas linked to their articles)". Defect: the research page marked an
// idea "added" by matching its title against the site's first 100
// articles only (newest first), so once 100 other articles were created
// after it, an idea already added showed its "Add as an idea" button
// again, inviting a duplicate. The page now reads on through the site's
// articles until every idea is matched or the list ends.
func TestResearchIdeaAddedBeyondTheFirstHundredArticles(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	o.Client.WaitJob(t, o.ScanJob)
	job := o.API(t, "POST", "/sites/"+o.SiteID+"/research", map[string]any{"ideas": 2}, http.StatusAccepted)["job"].(map[string]any)
	done := o.Client.WaitJob(t, job["id"].(string))
	ideas, _ := done["result"].(map[string]any)["ideas"].([]any)
	if done["status"] != "completed" || len(ideas) == 0 {
		t.Fatalf("research job %v", done)
	}
	idea := ideas[0].(map[string]any)
	title := idea["title"].(string)
	added := o.NewArticle(t, map[string]any{"title": title, "description": idea["description"], "keyword": idea["keyword"], "status": "opportunity"})
	for i := range 100 {
		o.NewArticle(t, map[string]any{"title": fmt.Sprintf("Filler note number %d", i)})
	}
	page := o.Browser.Get(t, o.SitePage("/research/"+job["id"].(string))).Expect(t, http.StatusOK)
	link := `href="` + o.SitePage("/articles/"+added) + `"`
	if !strings.Contains(page.Body, link) {
		t.Fatalf("the research page does not link the added idea %q to its article (%s):\n%s", title, link, page.Body)
	}
}

// TestKeywordsPagePagesResearchRuns: README, Owner dashboard: "keywords
// and research with its ideas to review"; the keywords page is where a
// run's page is reached from. Defect: it listed only the site's 5 latest
// research runs with no way on, so the ideas of an earlier run that was
// not saved (review first, the form's default) could no longer be
// reviewed or added from the dashboard once five more runs had started.
// The runs now page (runs_cursor) with First page and Next page links.
func TestKeywordsPagePagesResearchRuns(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	o.Client.WaitJob(t, o.ScanJob)
	var first string
	for i := range 6 {
		job := o.API(t, "POST", "/sites/"+o.SiteID+"/research", map[string]any{"ideas": 1, "seed": fmt.Sprintf("topic %d", i)}, http.StatusAccepted)["job"].(map[string]any)
		o.Client.WaitJob(t, job["id"].(string))
		if i == 0 {
			first = o.SitePage("/research/" + job["id"].(string))
		}
	}
	page := o.Browser.Get(t, o.SitePage("/keywords")).Expect(t, http.StatusOK)
	if strings.Contains(page.Body, `href="`+first+`"`) {
		t.Fatalf("the keywords page already lists the first of 6 runs")
	}
	next := follow(t, o, page, "Pages of research runs", "Next page")
	if !strings.Contains(next.Body, `href="`+first+`"`) {
		t.Fatalf("the runs' next page does not list the first run (%s):\n%s", first, next.Body)
	}
}
