package pages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// rankPageSize is how many tracked keywords one rank page lists; the rest
// are on the pages its "cursor" (the first row's place in the market)
// leads to.
const rankPageSize = 100

// rankView is a site's keyword coverage page.
type rankView struct {
	page
	// Basis is what coverage counts ("keywords", "monthly searches");
	// Total, Planned and Open are counts with that noun, Published the
	// bare number of them covered.
	Basis                           string
	Total, Published, Planned, Open string
	PublishedShare                  int
	Market                          []rankRow
	// Pages pages Market, rankPageSize rows a page.
	Pages pager
}

type rankRow struct {
	Keyword, Searches, Intent, Trend, Traffic, Status, Href string
	// Score is the market's score with its scale ("94 of 100").
	Score string
}

// rankStatus says a keyword's coverage state in words; a keyword with no
// article links to planning one. The API's "published" counts a finished
// article, live or not, so the page says what it knows: Finished.
var rankStatus = map[string]string{
	"gap": "No article yet: plan one", "idea": "Idea", "scheduled": "Scheduled", "writing": "Being written", "published": "Finished",
}

func (d *Dashboard) rank(w http.ResponseWriter, r *http.Request) {
	var rk struct {
		Rank apiRank `json:"rank"`
	}
	o, s, ok := d.openSite(w, r, nil, "/rank", fetch{Path: "/sites/" + esc(r.PathValue("site_id")) + "/rank", Out: &rk})
	if !ok {
		return
	}
	c := rk.Rank.Coverage
	one, many := "monthly search", "monthly searches"
	if c.Basis == "topics" {
		one, many = "keyword", "keywords"
	}
	v := rankView{
		page: o.sitePage(r, s, "Rank coverage", "/rank"), Basis: many, Total: plural(c.Total, one, many),
		Published: countText(c.Published), Planned: plural(c.Planned, one, many), Open: plural(c.Open, one, many),
	}
	if c.Total > 0 {
		v.PublishedShare = c.Published * 100 / c.Total
	}
	// The API answers the whole market; the page shows one slice of it at
	// a time, so a site with thousands of keywords does not render them
	// all at once. A cursor that is not a place in the market starts over.
	market := rk.Rank.Market
	from, err := strconv.Atoi(r.URL.Query().Get("cursor"))
	if err != nil || from < 0 || from >= len(market) {
		from = 0
	}
	var next *string
	if end := from + rankPageSize; end < len(market) {
		n := strconv.Itoa(end)
		next, market = &n, market[from:end]
	} else {
		market = market[from:]
	}
	v.Pages = listPager("Pages of tracked keywords", sitePath(s.ID)+"/rank", r, "cursor", next)
	for _, m := range market {
		row := rankRow{
			Keyword: m.Keyword, Searches: countText(m.Searches), Intent: str(m.Intent), Trend: m.Trend,
			Traffic: countText(m.TrafficEstimate), Status: words(m.Status), Score: strconv.Itoa(m.Score) + " of 100",
		}
		if m.ArticleID != nil {
			row.Href = articlePath(s.ID, *m.ArticleID)
		}
		if w, ok := rankStatus[m.Status]; ok {
			row.Status = w
		}
		if m.Status == "gap" {
			row.Href = sitePath(s.ID) + "/articles?plan=" + strings.ReplaceAll(url.QueryEscape(m.Keyword), "+", "%20")
		}
		v.Market = append(v.Market, row)
	}
	Render(w, http.StatusOK, "dash_rank.html", v)
}
