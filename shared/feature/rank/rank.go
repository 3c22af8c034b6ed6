// Package rank measures a site's keyword coverage (spec 2 Rank, 4.6): the
// share of its tracked keywords (source library: added by the user or
// found by a scan) that have a finished article. It does not measure
// search rankings or AI citations. Numbers:
//   - a keyword's status comes from the site's articles whose keyword is
//     the same phrase (ignoring case and spacing), the furthest along
//     winning: published (an article is finished), writing (one is being
//     generated), scheduled, idea (only opportunities), else gap;
//     article_id is that article (the most recently updated of its
//     status), null for a gap;
//   - coverage.basis is searches when any tracked keyword has a search
//     volume above 0, else topics; each keyword then weighs its
//     search_volume (searches) or 1 (topics); total is the sum of the
//     weights, published the weight of published keywords, planned that
//     of writing, scheduled and idea keywords, open that of gaps, so
//     total = published + planned + open;
//   - market lists every tracked keyword, highest searches first (then by
//     name); score (0 to 100) is the keyword's traffic_estimate relative
//     to the market's highest, rounded (100 for the best keyword; 0 for
//     all when no keyword has traffic).
package rank

import (
	"math"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/platform/model"
)

// Bases of coverage.
const (
	BasisSearches = "searches"
	BasisTopics   = "topics"
)

// Statuses of a keyword in the market.
const (
	StatusPublished = "published"
	StatusWriting   = "writing"
	StatusScheduled = "scheduled"
	StatusIdea      = "idea"
	StatusGap       = "gap"
)

// Rank is a site's keyword coverage.
type Rank struct {
	SiteID   string   `json:"site_id"`
	Coverage Coverage `json:"coverage"`
	Market   []Row    `json:"market"`
}

// Coverage sums the market's weights by status.
type Coverage struct {
	Basis     string `json:"basis"`
	Total     int    `json:"total"`
	Published int    `json:"published"`
	Planned   int    `json:"planned"`
	Open      int    `json:"open"`
}

// Row is one tracked keyword and how far its article is.
type Row struct {
	Keyword         string  `json:"keyword"`
	Searches        int     `json:"searches"`
	Intent          *string `json:"intent"`
	Trend           string  `json:"trend"`
	TrafficEstimate int     `json:"traffic_estimate"`
	Status          string  `json:"status"`
	ArticleID       *string `json:"article_id"`
	Score           int     `json:"score"`
}

// progress orders article statuses by how far along they are.
var progress = map[string]int{
	articles.StatusOpportunity: 1, articles.StatusScheduled: 2, articles.StatusGenerating: 3, articles.StatusFinished: 4,
}

// marketStatus names an article status in the market.
var marketStatus = map[string]string{
	articles.StatusOpportunity: StatusIdea, articles.StatusScheduled: StatusScheduled,
	articles.StatusGenerating: StatusWriting, articles.StatusFinished: StatusPublished,
}

// Compute measures the coverage of the site's keywords kws (highest
// volume first, as keywords.Store.All gives them) by its articles arts.
func Compute(siteID string, kws []keywords.Keyword, arts []articles.Article) Rank {
	best := map[string]articles.Article{}
	for _, a := range arts {
		if a.Keyword == nil || progress[a.Status] == 0 {
			continue
		}
		k := model.NormalKeyword(*a.Keyword)
		cur, ok := best[k]
		if !ok || progress[a.Status] > progress[cur.Status] ||
			(progress[a.Status] == progress[cur.Status] && a.UpdatedAt+a.ID > cur.UpdatedAt+cur.ID) {
			best[k] = a
		}
	}
	r := Rank{SiteID: siteID, Coverage: Coverage{Basis: BasisTopics}, Market: []Row{}}
	top := 0
	for _, k := range kws {
		if k.Source != keywords.SourceLibrary {
			continue
		}
		if k.SearchVolume > 0 {
			r.Coverage.Basis = BasisSearches
		}
		top = max(top, k.TrafficEstimate)
		row := Row{Keyword: k.Name, Searches: k.SearchVolume, Intent: k.Intent, Trend: k.Trend, TrafficEstimate: k.TrafficEstimate, Status: StatusGap}
		if a, ok := best[k.Name]; ok {
			id := a.ID
			row.Status, row.ArticleID = marketStatus[a.Status], &id
		}
		r.Market = append(r.Market, row)
	}
	for i := range r.Market {
		row := &r.Market[i]
		if top > 0 {
			row.Score = int(math.Round(100 * float64(row.TrafficEstimate) / float64(top)))
		}
		w := 1
		if r.Coverage.Basis == BasisSearches {
			w = row.Searches
		}
		r.Coverage.Total += w
		switch row.Status {
		case StatusPublished:
			r.Coverage.Published += w
		case StatusGap:
			r.Coverage.Open += w
		default:
			r.Coverage.Planned += w
		}
	}
	return r
}
