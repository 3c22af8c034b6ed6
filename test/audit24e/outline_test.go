package audit24e

import (
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"rvcontent/test/testenv"
)

// README, "Owner dashboard": the pages have "one h1 and headings in
// order". An article's preview moved every heading two levels down (its
// H1 under the page's "Preview" h2 as an h3), so an article whose body
// starts at H2, as bodies written without a title heading do, put h4
// right under the h2: a level skipped on the article's page.
func TestPreviewHeadingsFollowThePageOutline(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	art := o.NewArticle(t, map[string]any{"title": "Seasoning steps", "body_markdown": "## Strip the pan\n\nScrub it.\n\n### With salt\n\nCoarse salt.\n\n## Oil it\n\nThinly.\n"})
	p := o.Browser.Get(t, o.SitePage("/articles/"+art)).Expect(t, http.StatusOK, "Strip the pan")
	levels := headingLevels(p.Body)
	if len(levels) == 0 || levels[0] != 1 {
		t.Fatalf("the page's headings %v do not start with one h1", levels)
	}
	for i := 1; i < len(levels); i++ {
		if levels[i] == 1 || levels[i] > levels[i-1]+1 {
			t.Fatalf("the page's headings are not in order: %v", levels)
		}
	}
}

// headingLevels returns the level of every heading element of an HTML
// page, in document order.
func headingLevels(body string) []int {
	var out []int
	for _, m := range regexp.MustCompile(`<h([1-6])[\s>]`).FindAllStringSubmatch(body, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}
