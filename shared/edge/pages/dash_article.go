package pages

import (
	"net/http"
	"net/url"
	"strings"

	template "github.com/DataDog/datadog-agent/pkg/template/html"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// articleView is one article's page: its facts, preview, what can be done
// with it now, and its forms.
type articleView struct {
	page
	A                          articleRow
	Description, Tags, Source  string
	Slug, PublishedURL, Href   string
	Preview                    template.HTML
	Idea, Generating, Finished bool
	CanGenerate, CanFinish     bool
	HasBody                    bool
	Created, FinishedAt        when
	// Failed is the last failure to write the article, for an article
	// that failure left unwritten.
	Failed           *writingFailure
	Score            *scoreSummary
	Rewrite, Publish formView
	// Platforms are the connected push platforms a finished article can
	// be sent to.
	Platforms []option
	// Results are the answers of a push just sent.
	Results []string
	// Destinations are where pushes put the article on the platforms
	// connected now.
	Destinations []destinationRow
	// Closed says why the site takes no writing and no push
	// (siteClosed); empty while it runs. Editing, finishing and
	// recording the live address still work.
	Closed string
}

// destinationRow is where a push put the article.
type destinationRow struct {
	Platform, URL string
	Pushed        when
}

// writingFailure is a failed attempt to write an article: when, and the
// job's error message.
type writingFailure struct {
	At      when
	Message string
}

// failurePages bounds how many pages of events writingFailures reads
// (100 events each).
const failurePages = 10

// writingFailures reads the article.generation_failed events of site
// siteID from since on (GET /events keeps 30 days, oldest first): the
// newest failure of each article by its id. It is empty when the events
// cannot be read.
func (d *Dashboard) writingFailures(r *http.Request, o owner, siteID, since string) map[string]*writingFailure {
	out := map[string]*writingFailure{}
	q := url.Values{"types": {"article.generation_failed"}, "site_id": {siteID}, "limit": {"100"}}
	if since != "" {
		q.Set("since", since)
	}
	for range failurePages {
		var evs struct {
			Events []struct {
				CreatedAt string `json:"created_at"`
				Data      struct {
					ArticleID string `json:"article_id"`
					Error     struct {
						Message string `json:"message"`
					} `json:"error"`
				} `json:"data"`
			} `json:"events"`
			NextCursor string `json:"next_cursor"`
			HasMore    bool   `json:"has_more"`
		}
		if err := d.get(r.Context(), o, "/events?"+q.Encode(), &evs); err != nil {
			return out
		}
		for _, e := range evs.Events {
			out[e.Data.ArticleID] = &writingFailure{At: at(e.CreatedAt, d.Clock.Now()), Message: e.Data.Error.Message}
		}
		if !evs.HasMore {
			break
		}
		q.Del("since")
		q.Set("cursor", evs.NextCursor)
	}
	return out
}

// unwritten reports whether a is where a failed writing leaves an
// article: scheduled, without a body.
func unwritten(a apiArticle) bool { return a.Status == "scheduled" && a.WordCount == 0 }

type scoreSummary struct {
	Overall, SEO, GEO int
	Failing           int
}

// sourceText says where an article came from.
func sourceText(source string) string {
	switch source {
	case "dashboard":
		return "added by you in the dashboard"
	case "api":
		return "added by an agent"
	case "research":
		return "from keyword research"
	case "scan":
		return "planned by the website scan"
	case "autopilot":
		return "added by autopilot"
	}
	return source
}

// articlePath is the page of article id of site siteID.
func articlePath(siteID, id string) string {
	return sitePath(siteID) + "/articles/" + esc(id)
}

// rewriteFields are the fields of POST .../rewrite-section.
func rewriteFields(sections []string) []field {
	return []field{
		{Name: "section", Label: "Section", Kind: kSelect, Options: opts(sections...), Hint: "The heading whose text is rewritten, up to the next heading of the same level."},
		{Name: "instructions", Label: "What to change", Kind: kTextarea, Hint: "Optional, at most 500 characters: \"shorter\", \"add an example\"...", Max: 500},
	}
}

// publishFields are the fields of POST .../publish that record a live URL.
var publishFields = []field{
	{Name: "url", Label: "Live address", Kind: kURL, Hint: "Where the article is published, on your website's domain.", Required: true},
}

// headings are the sections a rewrite may name (editing.Headings), read
// from the article as the API rendered it (body_html): its top-level
// headings, ATX and setext alike and never a line inside code, in order,
// each once. Reading the rendering with the tokenizer the preview's
// sanitizer uses keeps the Markdown and HTML parsers out of this function.
func headings(bodyHTML string) []string {
	z := html.NewTokenizer(strings.NewReader(bodyHTML))
	seen := map[string]bool{}
	var out []string
	var text strings.Builder
	depth, reading := 0, false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if depth == 0 && headingTags[a] {
				reading = true
				text.Reset()
			}
			if !voidTags[a] {
				depth++
			}
		case html.EndTagToken:
			if depth > 0 {
				depth--
			}
			if depth == 0 && reading {
				reading = false
				if t := strings.Join(strings.Fields(text.String()), " "); t != "" && !seen[t] {
					seen[t] = true
					out = append(out, t)
				}
			}
		case html.TextToken:
			if reading {
				text.Write(z.Text())
			}
		}
	}
}

// headingTags are h1 to h6; voidTags the elements that have no end tag.
var (
	headingTags = map[atom.Atom]bool{atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true}
	voidTags    = map[atom.Atom]bool{atom.Area: true, atom.Base: true, atom.Br: true, atom.Col: true, atom.Embed: true, atom.Hr: true, atom.Img: true, atom.Input: true, atom.Link: true, atom.Meta: true, atom.Source: true, atom.Track: true, atom.Wbr: true}
)

func (d *Dashboard) article(w http.ResponseWriter, r *http.Request) {
	d.showArticle(w, r, nil, http.StatusOK, nil, nil, pushResults(r.URL.Query()))
}

// pushOutcomes are the results of a push the article page repeats from
// its address, in words. A push refused before any platform call (see
// refusedPush) has its own words: only a failed call puts its reason on
// the integration's page.
var pushOutcomes = map[string]string{
	"created": "created", "updated": "updated", "failed": "failed (the integration's page says why)", "recorded": "recorded",
	"needs_plan":    "not pushed: pushing needs a trial or plan (see Billing)",
	"not_connected": "not pushed: the platform is not connected (see Integrations)",
	"unavailable":   "not pushed: the platform is not part of the account's plan (see Integrations)",
}

// refusedPush is the outcome (of pushOutcomes) of a push the service
// refused with code before calling the platform: these leave the
// integration's last_error as it was.
var refusedPush = map[string]string{
	"subscription_required": "needs_plan", "conflict": "not_connected", "integration_unavailable": "unavailable",
}

// pushQuery writes a push's results into the article page's address (one
// result=destination:outcome each, beside done=pushed), so the page that
// shows them is one a reload or a bookmark opens again.
func pushQuery(results map[string]string, order []string) string {
	q := url.Values{}
	for _, dest := range order {
		q.Add("result", dest+":"+results[dest])
	}
	return q.Encode()
}

// pushResults reads the results pushQuery wrote: only known destinations
// and outcomes, so an address made elsewhere cannot put words on the page.
func pushResults(q url.Values) []string {
	if q.Get("done") != "pushed" {
		return nil
	}
	var out []string
	for _, v := range q["result"] {
		dest, outcome, _ := strings.Cut(v, ":")
		words, ok := pushOutcomes[outcome]
		switch {
		case !ok:
			continue
		case dest == "url":
			out = append(out, "Live address: "+words)
		case dest == "push_platform_1" || dest == "push_platform_2":
			out = append(out, platformName(dest)+": "+words)
		}
	}
	return out
}

// showArticle renders an article's page; rewrite and publish are its forms
// after a refusal, results a push's answers.
func (d *Dashboard) showArticle(w http.ResponseWriter, r *http.Request, o *owner, status int, rewrite, publish *formView, results []string) {
	var a struct {
		Article apiArticle `json:"article"`
	}
	var sc struct {
		Score apiScore `json:"score"`
	}
	var ints struct {
		Integrations []apiIntegration `json:"integrations"`
	}
	var dests struct {
		Destinations []struct {
			Destination string `json:"destination"`
			URL         string `json:"url"`
			PushedAt    string `json:"pushed_at"`
		} `json:"destinations"`
	}
	site, art := esc(r.PathValue("site_id")), esc(r.PathValue("article_id"))
	signed, s, ok := d.openSite(w, r, o, "/articles/"+art,
		fetch{Path: "/sites/" + site + "/articles/" + art, Out: &a},
		fetch{Path: "/sites/" + site + "/articles/" + art + "/score", Out: &sc, Optional: true},
		fetch{Path: "/sites/" + site + "/integrations", Out: &ints, Optional: true},
		fetch{Path: "/sites/" + site + "/articles/" + art + "/destinations", Out: &dests, Optional: true})
	if !ok {
		return
	}
	art0, now := a.Article, d.Clock.Now()
	v := articleView{
		page: signed.sitePage(r, s, art0.Title, "/articles"), A: d.articleRow(s.ID, art0), Description: art0.Description,
		Tags: strings.Join(art0.Tags, ", "), Source: sourceText(art0.Source), Slug: art0.Slug, PublishedURL: str(art0.PublishedURL),
		Preview: template.HTML(sanitize(art0.BodyHTML)), Idea: art0.Status == "opportunity", Generating: art0.Status == "generating",
		Finished: art0.Status == "finished", HasBody: art0.BodyMarkdown != "", Created: at(art0.CreatedAt, now),
		FinishedAt: atp(art0.FinishedAt, now), Results: results, Href: articlePath(s.ID, art0.ID),
	}
	for _, dst := range dests.Destinations {
		v.Destinations = append(v.Destinations, destinationRow{Platform: platformName(dst.Destination), URL: dst.URL, Pushed: at(dst.PushedAt, now)})
	}
	v.Closed = siteClosed(d.factsOf(s))
	v.CanGenerate = !v.HasBody && (art0.Status == "opportunity" || art0.Status == "scheduled") && v.Closed == ""
	v.CanFinish = v.HasBody && !v.Finished && !v.Generating
	if unwritten(art0) {
		v.Failed = d.writingFailures(r, signed, s.ID, art0.CreatedAt)[art0.ID]
	}
	if v.Generating {
		v.Refresh = 5
	} else if r.URL.Query().Get("done") == "generating" {
		v.Flash = "" // written since: the page no longer refreshes
	}
	if v.HasBody {
		ss := sc.Score
		v.Score = &scoreSummary{Overall: ss.Overall, SEO: ss.SEO.Score, GEO: ss.GEO.Score}
		for _, c := range append(ss.SEO.Checks, ss.GEO.Checks...) {
			if !c.Passed {
				v.Score.Failing++
			}
		}
	}
	for _, i := range ints.Integrations {
		// An integration in status error is still connected: a push
		// after a failed one goes on with the same connection.
		if i.Status != "not_connected" && v.Closed == "" {
			v.Platforms = append(v.Platforms, option{Value: i.ID, Label: platformName(i.ID) + " (" + str(i.SiteURL) + ")"})
		}
	}
	// A refused form the page no longer shows (an agent changed the
	// article since the page was opened) comes back as the refusal's own
	// page, so its message is not lost.
	switch {
	case publish != nil && !v.Finished:
		d.refused(w, r, errOf(*publish), v.Href, "Back to the article")
		return
	case rewrite != nil && (!v.HasBody || v.Generating):
		d.refused(w, r, errOf(*rewrite), v.Href, "Back to the article")
		return
	}
	v.Rewrite = pick(rewrite, form("rewrite", v.Href+"/rewrite", "Rewrite this section", rewriteFields(headings(art0.BodyHTML)), url.Values{}))
	v.Publish = pick(publish, form("publish", v.Href+"/publish", "Record the live address", publishFields, vals("url", str(art0.PublishedURL))))
	Render(w, status, "dash_article.html", v)
}

// editFields are the fields of PATCH .../articles/{article_id}; a finished
// article's status does not change here.
func editFields(finished bool) []field {
	fs := []field{
		{Name: "title", Label: "Title", Required: true, Blank: sendBlank, Max: 200},
		{Name: "keyword", Label: "Keyword", Blank: nullBlank, Max: 200},
		{Name: "description", Label: "Description", Kind: kTextarea, Blank: nullBlank, Max: 1000},
		{Name: "tags", Label: "Tags", Kind: kList, Hint: "Comma-separated: at most 10 of 1 to 40 characters.", Blank: sendBlank},
	}
	if !finished {
		fs = append(fs, articleFields[4], field{Name: "scheduled_for", Label: "Scheduled for", Kind: kDate, Blank: nullBlank})
	}
	return append(fs, field{Name: "body_markdown", Label: "Body (Markdown)", Kind: kTextarea, Blank: sendBlank, Hint: "At most 200,000 characters."})
}

// articleValues are an article as its edit form shows it.
func articleValues(a apiArticle) url.Values {
	return vals("title", a.Title, "keyword", str(a.Keyword), "description", a.Description, "tags", strings.Join(a.Tags, ", "),
		"status", a.Status, "scheduled_for", str(a.ScheduledFor), "body_markdown", a.BodyMarkdown)
}

// editView is an article's edit page.
type editView struct {
	page
	A    articleRow
	Href string
	Form formView
	// Writing is set while the service writes the article: the API
	// refuses changes then, so the page shows no form. A form refused
	// because the writing started after the page opened comes back
	// instead, with the API's message and what the owner typed.
	Writing bool
}

func (d *Dashboard) editArticle(w http.ResponseWriter, r *http.Request) {
	d.showEdit(w, r, nil, http.StatusOK, nil)
}

// showEdit renders the edit page; f is the form after a refusal.
func (d *Dashboard) showEdit(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	var a struct {
		Article apiArticle `json:"article"`
	}
	site, art := esc(r.PathValue("site_id")), esc(r.PathValue("article_id"))
	signed, s, ok := d.openSite(w, r, o, "/articles/"+art+"/edit", fetch{Path: "/sites/" + site + "/articles/" + art, Out: &a})
	if !ok {
		return
	}
	href := articlePath(s.ID, a.Article.ID)
	v := editView{page: signed.sitePage(r, s, "Edit "+a.Article.Title, "/articles"), A: d.articleRow(s.ID, a.Article), Href: href, Writing: a.Article.Status == "generating" && f == nil}
	v.Form = pick(f, form("edit", href+"/edit", "Save the article", editFields(a.Article.Status == "finished"), articleValues(a.Article)))
	Render(w, status, "dash_article_edit.html", v)
}

// saveArticle sends the changed fields (PATCH .../articles/{article_id}).
func (d *Dashboard) saveArticle(w http.ResponseWriter, r *http.Request) {
	site, art := r.PathValue("site_id"), r.PathValue("article_id")
	href := articlePath(site, art)
	o, ok := d.signedIn(w, r, href+"/edit")
	if !ok {
		return
	}
	var cur struct {
		Article apiArticle `json:"article"`
	}
	path := "/sites/" + esc(site) + "/articles/" + esc(art)
	if err := d.get(r.Context(), o, path, &cur); err != nil {
		d.refused(w, r, err, sitePath(site)+"/articles", "Back to articles")
		return
	}
	fields, sent := editFields(cur.Article.Status == "finished"), posted(r)
	changes := body(fields, sent, articleValues(cur.Article))
	if len(changes) == 0 {
		d.done(w, r, href, "nothing")
		return
	}
	if err := d.send(r, o, http.MethodPatch, path, changes, nil); err != nil {
		f := form("edit", href+"/edit", "Save the article", fields, sent).withProblems(err, labelsOf(fields))
		d.showEdit(w, r, &o, statusOf(err), &f)
		return
	}
	d.done(w, r, href, "saved")
}

// scoreView is an article's SEO and GEO score with every check.
type scoreView struct {
	page
	A              articleRow
	Href           string
	Overall, Words int
	Keyword        string
	SEO, GEO       apiScorePart
}

func (d *Dashboard) articleScore(w http.ResponseWriter, r *http.Request) {
	var a struct {
		Article apiArticle `json:"article"`
	}
	var sc struct {
		Score apiScore `json:"score"`
	}
	site, art := esc(r.PathValue("site_id")), esc(r.PathValue("article_id"))
	o, s, ok := d.openSite(w, r, nil, "/articles/"+art+"/score",
		fetch{Path: "/sites/" + site + "/articles/" + art, Out: &a}, fetch{Path: "/sites/" + site + "/articles/" + art + "/score", Out: &sc})
	if !ok {
		return
	}
	v := scoreView{
		page: o.sitePage(r, s, "Score of "+a.Article.Title, "/articles"), A: d.articleRow(s.ID, a.Article), Href: articlePath(s.ID, a.Article.ID),
		Overall: sc.Score.Overall, Words: sc.Score.WordCount, Keyword: str(sc.Score.Keyword), SEO: sc.Score.SEO, GEO: sc.Score.GEO,
	}
	for _, part := range []*apiScorePart{&v.SEO, &v.GEO} {
		for i := range part.Checks {
			part.Checks[i].Detail = forPerson(part.Checks[i].Detail)
		}
	}
	Render(w, http.StatusOK, "dash_article_score.html", v)
}

// articleAction sends one request about the page's article and returns to
// it with the flash done.
func (d *Dashboard) articleAction(w http.ResponseWriter, r *http.Request, method, suffix string, b any, after, done string) {
	site, art := r.PathValue("site_id"), r.PathValue("article_id")
	href := articlePath(site, art)
	o, ok := d.signedIn(w, r, href)
	if !ok {
		return
	}
	if err := d.send(r, o, method, "/sites/"+esc(site)+"/articles/"+esc(art)+suffix, b, nil); err != nil {
		d.refused(w, r, err, href, "Back to the article")
		return
	}
	if after == "" {
		after = href
	}
	d.done(w, r, after, done)
}

// generateArticle writes the article (POST .../generate: 1 article credit,
// trigger "dashboard").
func (d *Dashboard) generateArticle(w http.ResponseWriter, r *http.Request) {
	d.articleAction(w, r, http.MethodPost, "/generate", nil, "", "generating")
}

// finishArticle marks a hand-written article finished (POST .../finish).
func (d *Dashboard) finishArticle(w http.ResponseWriter, r *http.Request) {
	d.articleAction(w, r, http.MethodPost, "/finish", nil, "", "finished")
}

// deleteArticle deletes the article (DELETE .../articles/{article_id}).
func (d *Dashboard) deleteArticle(w http.ResponseWriter, r *http.Request) {
	d.articleAction(w, r, http.MethodDelete, "", nil, sitePath(r.PathValue("site_id"))+"/articles", "article_gone")
}

// rewriteSection rewrites one section and applies it (POST
// .../rewrite-section).
func (d *Dashboard) rewriteSection(w http.ResponseWriter, r *http.Request) {
	site, art := r.PathValue("site_id"), r.PathValue("article_id")
	href := articlePath(site, art)
	o, ok := d.signedIn(w, r, href)
	if !ok {
		return
	}
	sent := posted(r)
	fields := rewriteFields([]string{sent.Get("section")})
	b := body(fields, sent, nil)
	b["apply"] = true
	if err := d.send(r, o, http.MethodPost, "/sites/"+esc(site)+"/articles/"+esc(art)+"/rewrite-section", b, nil); err != nil {
		f := form("rewrite", href+"/rewrite", "Rewrite this section", fields, sent).withProblems(err, labelsOf(fields))
		d.showArticle(w, r, &o, statusOf(err), &f, nil, nil)
		return
	}
	d.done(w, r, href, "rewritten")
}

// publishArticle records the live address and/or pushes to connected
// platforms (POST .../publish, source "dashboard").
func (d *Dashboard) publishArticle(w http.ResponseWriter, r *http.Request) {
	site, art := r.PathValue("site_id"), r.PathValue("article_id")
	href := articlePath(site, art)
	o, ok := d.signedIn(w, r, href)
	if !ok {
		return
	}
	sent := posted(r)
	b := map[string]any{}
	if u := strings.TrimSpace(sent.Get("url")); u != "" {
		b["url"] = u
	}
	if dests := sent["destinations"]; len(dests) > 0 {
		b["destinations"] = dests
	}
	var out struct {
		Results []struct {
			Destination string    `json:"destination"`
			Result      string    `json:"result"`
			URL         *string   `json:"url"`
			Error       *apiFault `json:"error"` // a failed push's {code, message}
		} `json:"results"`
	}
	if err := d.send(r, o, http.MethodPost, "/sites/"+esc(site)+"/articles/"+esc(art)+"/publish", b, &out); err != nil {
		f := form("publish", href+"/publish", "Record the live address", publishFields, sent).withProblems(err, labelsOf(publishFields))
		d.showArticle(w, r, &o, statusOf(err), nil, &f, nil)
		return
	}
	if _, pushed := b["destinations"]; !pushed {
		d.done(w, r, href, "published")
		return
	}
	results, order := map[string]string{}, []string(nil)
	for _, res := range out.Results {
		dest := res.Destination
		if dest == "" {
			dest = "url"
		}
		if _, seen := results[dest]; !seen {
			order = append(order, dest)
		}
		results[dest] = res.Result
		if res.Error != nil && refusedPush[res.Error.Code] != "" {
			results[dest] = refusedPush[res.Error.Code]
		}
	}
	d.done(w, r, href+"?"+pushQuery(results, order), "pushed")
}
