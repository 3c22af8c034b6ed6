package pages

import (
	"net/http"
	"net/url"
	"strings"
)

// rankView is a site's keyword coverage page.
type rankView struct {
	page
	Basis                           string
	Total, Published, Planned, Open string
	PublishedShare                  int
	Market                          []rankRow
}

type rankRow struct {
	Keyword, Searches, Intent, Trend, Traffic, Status, Href string
	Score                                                   int
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
	v := rankView{
		page: o.sitePage(r, s, "Rank coverage", "/rank"), Basis: "monthly searches", Total: countText(c.Total),
		Published: countText(c.Published), Planned: countText(c.Planned), Open: countText(c.Open),
	}
	if c.Basis == "topics" {
		v.Basis = "keywords"
	}
	if c.Total > 0 {
		v.PublishedShare = c.Published * 100 / c.Total
	}
	for _, m := range rk.Rank.Market {
		row := rankRow{
			Keyword: m.Keyword, Searches: countText(m.Searches), Intent: str(m.Intent), Trend: m.Trend,
			Traffic: countText(m.TrafficEstimate), Status: words(m.Status), Score: m.Score,
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
