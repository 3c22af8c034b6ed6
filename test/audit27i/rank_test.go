package audit27i

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"testing"

	"rvcontent/test/testenv"
)

// rankRow is a keyword cell of the rank page's table.
var rankRow = regexp.MustCompile(`<td data-label="Keyword">([^<]*)</td>`)

// TestRankPagePagesTrackedKeywords: README, Owner dashboard: "per site
// ...: ... rank coverage" and "long lists page: articles, keywords and
// research runs ... with First and Next page links". Defect: the rank
// page rendered a row for every tracked keyword of the site at once (600
// keywords: a 236 KB page of 600 rows, and it grows without bound with
// the site's keyword list), unlike the keywords page beside it, which
// pages. The tracked keywords' table now shows 100 rows a page with First
// page and Next page links (nav "Pages of tracked keywords", `cursor` in
// the address); the coverage figures above it still count every keyword.
func TestRankPagePagesTrackedKeywords(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	o.Client.WaitJob(t, o.ScanJob)
	const n = 230
	testenv.AtOnce(10, func(w int) bool {
		for i := w; i < n; i += 10 {
			o.API(t, "POST", "/sites/"+o.SiteID+"/keywords", map[string]any{"name": fmt.Sprintf("bulk keyword %03d", i), "search_volume": 10 + i}, http.StatusCreated)
		}
		return true
	})
	market := o.API(t, "GET", "/sites/"+o.SiteID+"/rank", nil, http.StatusOK)["rank"].(map[string]any)["market"].([]any)
	if len(market) < n {
		t.Fatalf("GET /rank lists %d keywords, want at least %d", len(market), n)
	}
	pages := walk(t, o, o.SitePage("/rank"), "Pages of tracked keywords", 10)
	seen := map[string]int{}
	for i, page := range pages {
		rows := rankRow.FindAllStringSubmatch(page.Body, -1)
		if len(rows) > 100 {
			t.Errorf("rank page %d renders %d keyword rows at once, want at most 100 a page", i+1, len(rows))
		}
		for _, r := range rows {
			seen[html.UnescapeString(r[1])]++
		}
	}
	for _, m := range market {
		k := m.(map[string]any)["keyword"].(string)
		if seen[k] != 1 {
			t.Errorf("keyword %q is on %d rank pages, want exactly 1", k, seen[k])
		}
	}
	if len(pages) > 1 && pager(pages[1], "Pages of tracked keywords", "First page") != o.SitePage("/rank") {
		t.Errorf("the rank page's second page has no First page link back to %s", o.SitePage("/rank"))
	}
}
