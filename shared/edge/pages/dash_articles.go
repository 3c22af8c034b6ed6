package pages

import (
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// articlesPageSize is how many articles a list page shows.
const articlesPageSize = 20

// articleFilters are the article list's status filters.
var articleFilters = []struct{ Status, Label string }{
	{"", "All"}, {"opportunity", "Ideas"}, {"scheduled", "Scheduled"}, {"generating", "Being written"}, {"finished", "Finished"},
}

// articleFields are the fields of POST /sites/{site_id}/articles.
var articleFields = []field{
	{Name: "title", Label: "Title", Required: true, Hint: "1 to 200 characters.", Max: 200},
	{Name: "keyword", Label: "Keyword", Hint: "The search phrase the article should rank for (2 to 200 characters).", Max: 200},
	{Name: "description", Label: "Description", Kind: kTextarea, Hint: "Optional, at most 1,000 characters.", Max: 1000},
	{Name: "tags", Label: "Tags", Kind: kList, Hint: "Optional, comma-separated: at most 10 of 1 to 40 characters."},
	{Name: "status", Label: "Status", Kind: kSelect, Options: []option{{Value: "opportunity", Label: "Idea"}, {Value: "scheduled", Label: "Scheduled"}}},
	{Name: "scheduled_for", Label: "Scheduled for", Kind: kDate, Hint: "Optional day to write it, for scheduled articles."},
}

// articleRow is an article in a list.
type articleRow struct {
	ID, Title, Status, Keyword, Score, Href string
	Words                                   int
	Scheduled, Updated                      when
	Published                               bool
	// Failed is the last failure to write the article, for an article
	// that failure left unwritten (lists only).
	Failed *writingFailure
}

// statusText names an article status for a person.
func statusText(s string) string {
	switch s {
	case "opportunity":
		return "Idea"
	case "scheduled":
		return "Scheduled"
	case "generating":
		return "Being written"
	case "finished":
		return "Finished"
	}
	return s
}

func (d *Dashboard) articleRow(siteID string, a apiArticle) articleRow {
	now := d.Clock.Now()
	row := articleRow{
		ID: a.ID, Title: a.Title, Status: statusText(a.Status), Keyword: str(a.Keyword), Words: a.WordCount,
		Href: sitePath(siteID) + "/articles/" + esc(a.ID), Updated: at(a.UpdatedAt, now), Published: a.PublishedURL != nil,
	}
	if a.ScheduledFor != nil && a.Status != "finished" {
		// A finished article is no longer waiting for its date (autopilot
		// may write it early).
		row.Scheduled = day(*a.ScheduledFor)
	}
	if a.SEOScore != nil {
		row.Score = strconv.Itoa(int(*a.SEOScore+0.5)) + " / 100"
	}
	return row
}

// articlesView is a site's articles page.
type articlesView struct {
	page
	Filters  []navItem
	Status   string
	Articles []articleRow
	Pages    pager
	Create   formView
}

func (d *Dashboard) articles(w http.ResponseWriter, r *http.Request) {
	d.showArticles(w, r, nil, http.StatusOK, nil)
}

// showArticles renders the articles page; f is the create form after a
// refusal.
func (d *Dashboard) showArticles(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	q := r.URL.Query()
	filter := q.Get("status")
	known := false
	for _, af := range articleFilters {
		known = known || af.Status == filter
	}
	if !known {
		filter = ""
	}
	read := pageRead(r, "cursor", articlesPageSize)
	if filter != "" {
		read.Set("status", filter)
	}
	var list articlePage
	signed, s, ok := d.openSite(w, r, o, "/articles", fetch{Path: "/sites/" + esc(r.PathValue("site_id")) + "/articles?" + read.Encode(), Out: &list})
	if !ok {
		return
	}
	base := sitePath(s.ID) + "/articles"
	v := articlesView{page: signed.sitePage(r, s, "Articles", "/articles"), Status: filter}
	for _, af := range articleFilters {
		href := base
		if af.Status != "" {
			href += "?status=" + af.Status
		}
		v.Filters = append(v.Filters, navItem{Href: href, Label: af.Label, Current: af.Status == filter})
	}
	since := ""
	for _, a := range list.Articles {
		v.Articles = append(v.Articles, d.articleRow(s.ID, a))
		if unwritten(a) && (since == "" || a.CreatedAt < since) {
			since = a.CreatedAt
		}
	}
	if since != "" {
		failed := d.writingFailures(r, signed, s.ID, since)
		for i, a := range list.Articles {
			if unwritten(a) {
				v.Articles[i].Failed = failed[a.ID]
			}
		}
	}
	v.Pages = listPager("Pages of articles", base, r, "cursor", list.NextCursor)
	start := vals("status", createStatus(filter))
	if kw := strings.TrimSpace(q.Get("plan")); kw != "" && f == nil {
		// From the rank page: an article for a keyword without one, the
		// keyword filled in and the title field focused to write.
		start.Set("keyword", kw)
		start.Set("title", capitalized(kw))
	}
	v.Create = pick(f, form("create", base, "Create article", articleFields, start))
	if q.Get("plan") != "" && f == nil {
		v.Create.Fields[0].Focus = true
	}
	Render(w, status, "dash_articles.html", v)
}

// capitalized returns s with its first letter in upper case ("élan
// vital" gives "Élan vital"): the whole first character, however many
// bytes it takes.
func capitalized(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToTitle(r)) + s[n:]
}

// createStatus is the status the create form starts at: the list's
// filter when an article can be created in it (an idea or scheduled),
// else an idea.
func createStatus(filter string) string {
	for _, f := range articleFields {
		for _, o := range f.Options {
			if f.Name == "status" && o.Value == filter {
				return filter
			}
		}
	}
	return "opportunity"
}

// createArticle creates an idea or a scheduled article (POST
// /sites/{site_id}/articles, source "dashboard") and opens it. From a
// research page (return set) it goes back there.
func (d *Dashboard) createArticle(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	o, ok := d.signedIn(w, r, sitePath(id)+"/articles")
	if !ok {
		return
	}
	sent := posted(r)
	back := returnTo(sent, sitePath(id))
	var out struct {
		Article apiArticle `json:"article"`
	}
	if err := d.send(r, o, http.MethodPost, "/sites/"+esc(id)+"/articles", body(articleFields, sent, nil), &out); err != nil {
		if back != "" {
			d.refused(w, r, err, back, "Back to the research")
			return
		}
		f := form("create", sitePath(id)+"/articles", "Create article", articleFields, sent).withProblems(err, labelsOf(articleFields))
		d.showArticles(w, r, &o, statusOf(err), &f)
		return
	}
	if back != "" {
		d.done(w, r, back, "article")
		return
	}
	d.done(w, r, sitePath(id)+"/articles/"+esc(out.Article.ID), "article")
}
