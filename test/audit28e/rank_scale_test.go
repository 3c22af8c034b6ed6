package audit28e

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestRankPotentialCarriesItsScale: README, owner dashboard: "scores
// carry their scale (a thread's fit and an idea's AI answer signal read
// "N of 100")"; spec 2 Rank: market[] "score" (README: "score (0–100) is
// the keyword's traffic estimate relative to the market's highest").
// Defect: the rank page's Potential column, the market's score, read a
// bare "100" or "50", unlike every other score of the dashboard ("70 of
// 100", "88 / 100"). It now reads "100 of 100".
func TestRankPotentialCarriesItsScale(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	for name, volume := range map[string]int{"rocket kits": 1000, "rocket fins": 500} {
		o.API(t, "POST", "/sites/"+o.SiteID+"/keywords", map[string]any{"name": name, "search_volume": volume, "intent": "Informational"}, http.StatusCreated)
	}
	page := o.Browser.Get(t, o.SitePage("/rank")).Expect(t, http.StatusOK, "rocket kits", "rocket fins")
	for _, want := range []string{`<td data-label="Potential">100 of 100</td>`, `<td data-label="Potential">50 of 100</td>`} {
		if !strings.Contains(page.Body, want) {
			t.Errorf("the rank page lacks %s:\n%s", want, page.Body)
		}
	}
}
