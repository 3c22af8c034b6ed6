package pages

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"rvcontent/shared/feature/keywords"
)

// keywordFields are the fields of POST /sites/{site_id}/keywords.
var keywordFields = []field{
	{Name: "name", Label: "Search phrase", Required: true, Hint: "2 to 200 characters; stored in lowercase.", Max: 200},
	{Name: "intent", Label: "Intent", Kind: kSelect, Options: append([]option{{Value: "", Label: "Not set"}}, opts("Informational", "Commercial", "Transactional", "Navigational")...)},
	{Name: "search_volume", Label: "Monthly searches", Kind: kNumber, Hint: "Optional: your estimate of monthly searches."},
	{Name: "tag", Label: "Tag", Hint: "Optional short label (at most 40 characters).", Max: 40},
	{Name: "trend", Label: "Trend", Kind: kSelect, Options: opts("Steady", "Rising", "Declining")},
}

// researchFields are the fields of POST /sites/{site_id}/research.
var researchFields = []field{
	{Name: "seed", Label: "Topic", Hint: "Optional: a topic to research around (at most 200 characters).", Max: 200},
	{Name: "ideas", Label: "Article ideas", Kind: kNumber, Hint: "0 to 30."},
	{Name: "save", Label: "Save the keywords and ideas to this site right away", Kind: kCheckbox, Hint: "Otherwise review them first and add the ones you want."},
}

// researchRunsPageSize is how many research runs a keywords page lists.
const researchRunsPageSize = 5

// keywordsView is a site's keywords page.
type keywordsView struct {
	page
	Keywords []keywordRow
	Add      formView
	Research formView
	// Runs are the site's research runs, newest first, a page at a time
	// (RunPages).
	Runs     []researchRun
	RunPages pager
	// Pages pages through the keywords.
	Pages pager
}

// researchRun is a research run listed on the keywords page.
type researchRun struct {
	Href, Status string
	Started      when
}

type keywordRow struct {
	ID, Name, Source, Tag, Intent, Trend string
	Searches, Traffic                    string
}

func (d *Dashboard) keywords(w http.ResponseWriter, r *http.Request) {
	d.showKeywords(w, r, nil, http.StatusOK, nil, nil)
}

// showKeywords renders the keywords page; add and research are its forms
// after a refusal.
func (d *Dashboard) showKeywords(w http.ResponseWriter, r *http.Request, o *owner, status int, add, research *formView) {
	var kw keywordPage
	var runs struct {
		Jobs       []apiJob `json:"jobs"`
		NextCursor *string  `json:"next_cursor"`
	}
	site := esc(r.PathValue("site_id"))
	read := pageRead(r, "cursor", 100)
	runsRead := pageRead(r, "runs_cursor", researchRunsPageSize)
	runsRead.Set("kind", "research")
	runsRead.Set("site_id", r.PathValue("site_id"))
	signed, s, ok := d.openSite(w, r, o, "/keywords", fetch{Path: "/sites/" + site + "/keywords?" + read.Encode(), Out: &kw},
		fetch{Path: "/jobs?" + runsRead.Encode(), Out: &runs, Optional: true})
	if !ok {
		return
	}
	base := sitePath(s.ID)
	v := keywordsView{page: signed.sitePage(r, s, "Keywords", "/keywords")}
	for _, j := range runs.Jobs {
		v.Runs = append(v.Runs, researchRun{Href: base + "/research/" + esc(j.ID), Status: words(j.Status), Started: at(j.CreatedAt, d.Clock.Now())})
	}
	for _, k := range kw.Keywords {
		v.Keywords = append(v.Keywords, keywordRow{
			ID: k.ID, Name: k.Name, Source: keywordSource(k.Source), Tag: str(k.Tag), Intent: str(k.Intent), Trend: k.Trend,
			Searches: countText(k.SearchVolume), Traffic: countText(k.TrafficEstimate),
		})
	}
	v.Pages = listPager("Pages of keywords", base+"/keywords", r, "cursor", kw.NextCursor)
	v.RunPages = listPager("Pages of research runs", base+"/keywords", r, "runs_cursor", runs.NextCursor)
	v.Add = pick(add, form("add", base+"/keywords", "Add keyword", keywordFields, vals("trend", "Steady")))
	v.Research = pick(research, form("research", base+"/research", "Run research", researchFields, vals("ideas", "10")))
	Render(w, status, "dash_keywords.html", v)
}

// addKeyword adds a keyword (POST /sites/{site_id}/keywords). From a
// research page (return set) a refusal goes back there.
func (d *Dashboard) addKeyword(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	o, ok := d.signedIn(w, r, sitePath(id)+"/keywords")
	if !ok {
		return
	}
	sent := posted(r)
	back := returnTo(sent, sitePath(id))
	if err := d.send(r, o, http.MethodPost, "/sites/"+esc(id)+"/keywords", body(keywordFields, sent, nil), nil); err != nil {
		if back != "" {
			d.refused(w, r, err, back, "Back to the research")
			return
		}
		f := form("add", sitePath(id)+"/keywords", "Add keyword", keywordFields, sent).withProblems(err, labelsOf(keywordFields)).refusalAt("name", keywords.Duplicate)
		d.showKeywords(w, r, &o, statusOf(err), &f, nil)
		return
	}
	if back != "" {
		d.done(w, r, back, "keyword")
		return
	}
	d.done(w, r, sitePath(id)+"/keywords", "keyword")
}

// returnTo returns a posted return path when it is one of the site's
// pages at base, else "", with the posted place on that page (a form's
// "at": idea-N or keyword-N of a research page) as its fragment, so the
// person lands where they acted.
func returnTo(sent url.Values, base string) string {
	p := safeNext(sent.Get("return"))
	if p == "" || !strings.HasPrefix(p, base+"/") || strings.ContainsAny(p, "?#") {
		return ""
	}
	if at := sent.Get("at"); researchPlace.MatchString(at) {
		p += "#" + at
	}
	return p
}

// researchPlace matches the places of a research page a form returns to.
var researchPlace = regexp.MustCompile(`^(idea|keyword)-[0-9]{1,3}$`)

// deleteKeyword deletes a keyword (DELETE .../keywords/{keyword_id}).
func (d *Dashboard) deleteKeyword(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "/keywords", http.MethodDelete, "/keywords/"+esc(r.PathValue("keyword_id")), nil, "keyword_gone")
}

// startResearch starts a research job and opens its page.
func (d *Dashboard) startResearch(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	o, ok := d.signedIn(w, r, sitePath(id)+"/keywords")
	if !ok {
		return
	}
	sent := posted(r)
	var out struct {
		Job apiJob `json:"job"`
	}
	if err := d.send(r, o, http.MethodPost, "/sites/"+esc(id)+"/research", body(researchFields, sent, nil), &out); err != nil {
		f := form("research", sitePath(id)+"/research", "Run research", researchFields, sent).withProblems(err, labelsOf(researchFields))
		d.showKeywords(w, r, &o, statusOf(err), nil, &f)
		return
	}
	d.done(w, r, sitePath(id)+"/research/"+esc(out.Job.ID), "")
}

// keywordPage is one page of GET /sites/{site_id}/keywords.
type keywordPage struct {
	Keywords   []apiKeyword `json:"keywords"`
	NextCursor *string      `json:"next_cursor"`
}

func (p keywordPage) next() *string { return p.NextCursor }

// articlePage is one page of GET /sites/{site_id}/articles.
type articlePage struct {
	Articles   []apiArticle `json:"articles"`
	NextCursor *string      `json:"next_cursor"`
}

func (p articlePage) next() *string { return p.NextCursor }

// researchView is a research job's page: running, failed, or its keywords
// and ideas to review.
type researchView struct {
	page
	Running, Failed bool
	Error           string
	Started         when
	Finished        when
	Result          apiResearch
	Here            string
	Keywords        []researchKeyword
	Ideas           []researchIdea
}

type researchKeyword struct {
	Name, Tag, Intent, Trend, Searches, Traffic string
	SearchVolume                                int
	// Tracked is set when the site tracks the keyword (source library),
	// Found when it has it from research (source discovered), which rank
	// coverage leaves out.
	Tracked, Found bool
	// Listed is the tracked keyword's monthly searches on the site's
	// list when the run's estimate differs ("" otherwise).
	Listed string
}

type researchIdea struct {
	Title, Description, Keyword, Traffic, Competition string
	AISignal                                          int
	// Article is the site's article with the idea's title, once added.
	Article string
}

func (d *Dashboard) research(w http.ResponseWriter, r *http.Request) {
	var job struct {
		Job apiJob `json:"job"`
	}
	var kw keywordPage
	id := esc(r.PathValue("site_id"))
	var arts articlePage
	o, s, ok := d.openSite(w, r, nil, "/keywords", fetch{Path: "/jobs/" + esc(r.PathValue("job_id")), Out: &job},
		fetch{Path: "/sites/" + id + "/keywords?limit=100", Out: &kw},
		fetch{Path: "/sites/" + id + "/articles?limit=100", Out: &arts, Optional: true})
	if !ok {
		return
	}
	// A run of another site of the account is no run of this one: its
	// page would mark and add its keywords and ideas on the wrong site.
	if job.Job.Kind != "research" || job.Job.SiteID == nil || *job.Job.SiteID != s.ID {
		d.refused(w, r, &apiError{Status: http.StatusNotFound}, sitePath(s.ID)+"/keywords", "Back to keywords")
		return
	}
	v := researchView{
		page: o.sitePage(r, s, "Research", "/keywords"), Started: at(job.Job.CreatedAt, d.Clock.Now()),
		Finished: atp(job.Job.FinishedAt, d.Clock.Now()), Here: sitePath(s.ID) + "/research/" + esc(job.Job.ID),
	}
	switch job.Job.Status {
	case "queued", "running":
		v.Running, v.Refresh = true, 3
	case "failed":
		v.Failed = true
		if job.Job.Error != nil {
			v.Error = forPerson(job.Job.Error.Message)
		}
	default:
		if err := json.Unmarshal(job.Job.Result, &v.Result); err != nil {
			d.fail(w, r, err)
			return
		}
	}
	// Every page of the site's keywords (once the run has keywords to
	// mark): a run's keyword may be on the list beyond the first.
	tracked := map[string]apiKeyword{}
	err := readPages(r.Context(), d, o, "/sites/"+id+"/keywords?limit=100", kw, func(page keywordPage) bool {
		for _, k := range page.Keywords {
			tracked[k.Name] = k
		}
		return len(v.Result.Keywords) > 0
	})
	if err != nil {
		d.fail(w, r, err)
		return
	}
	for _, k := range v.Result.Keywords {
		row := researchKeyword{
			Name: k.Name, Tag: str(k.Tag), Intent: str(k.Intent), Trend: k.Trend, Searches: countText(k.SearchVolume),
			Traffic: countText(k.TrafficEstimate), SearchVolume: k.SearchVolume,
		}
		if t, ok := tracked[strings.ToLower(k.Name)]; ok && t.Source != "library" {
			row.Found = true
		} else if ok {
			row.Tracked = true
			if t.SearchVolume != k.SearchVolume {
				row.Listed = countText(t.SearchVolume)
			}
		}
		v.Keywords = append(v.Keywords, row)
	}
	// An idea is added when the site has an article with its title:
	// the site's articles are read on (newest first, so an idea added
	// after the run is met early) until every idea has one or the list
	// ends.
	titles := map[string]string{}
	for _, i := range v.Result.Ideas {
		titles[ideaTitle(i.Title)] = ""
	}
	missing := len(titles)
	err = readPages(r.Context(), d, o, "/sites/"+id+"/articles?limit=100", arts, func(page articlePage) bool {
		for _, a := range page.Articles {
			if href, idea := titles[ideaTitle(a.Title)]; idea && href == "" {
				titles[ideaTitle(a.Title)] = articlePath(s.ID, a.ID)
				missing--
			}
		}
		return missing > 0
	})
	if err != nil {
		d.fail(w, r, err)
		return
	}
	for _, i := range v.Result.Ideas {
		v.Ideas = append(v.Ideas, researchIdea{
			Title: i.Title, Description: i.Description, Keyword: i.Keyword, Traffic: countText(i.TrafficEstimate),
			Competition: i.Competition, AISignal: i.AISignal, Article: titles[ideaTitle(i.Title)],
		})
	}
	Render(w, http.StatusOK, "dash_research.html", v)
}

// ideaTitle is a title as the research page matches an idea to an
// article: trimmed, in lowercase.
func ideaTitle(title string) string { return strings.ToLower(strings.TrimSpace(title)) }

// keywordSource says where a keyword came from, for a person.
func keywordSource(source string) string {
	switch source {
	case "library":
		return "tracked"
	case "discovered":
		return "found by research"
	}
	return words(source)
}
