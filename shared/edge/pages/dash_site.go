package pages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// openSite returns the signed-in owner (o, or the request's when nil) and
// the site of a site page whose section path is section, with the page's
// other reads done alongside; otherwise it has answered (sign-in, 404 for
// another account's site as for an unknown one).
func (d *Dashboard) openSite(w http.ResponseWriter, r *http.Request, o *owner, section string, extra ...fetch) (owner, apiSite, bool) {
	id := r.PathValue("site_id")
	next := sitePath(id) + section
	if r.Method == http.MethodGet {
		next = r.URL.RequestURI()
	}
	signed, ok := d.ownerOf(w, r, o, next)
	if !ok {
		return owner{}, apiSite{}, false
	}
	o = &signed
	var s struct {
		Site apiSite `json:"site"`
	}
	if err := d.reads(r.Context(), *o, append([]fetch{{Path: "/sites/" + esc(id), Out: &s}}, extra...)...); err != nil {
		d.refused(w, r, err, DashboardPath, "Back to the overview")
		return owner{}, apiSite{}, false
	}
	return *o, s.Site, true
}

// siteAction is a site form's request: the signed-in owner (CSRF checked)
// sends method to path under the site's API path; success redirects to
// the site page section with the flash done, a refusal shows the API's
// sentence.
func (d *Dashboard) siteAction(w http.ResponseWriter, r *http.Request, section, method, path string, body any, done string) {
	id := r.PathValue("site_id")
	o, ok := d.signedIn(w, r, sitePath(id)+section)
	if !ok {
		return
	}
	if err := d.send(r, o, method, "/sites/"+esc(id)+path, body, nil); err != nil {
		d.refused(w, r, err, sitePath(id)+section, "Back")
		return
	}
	d.done(w, r, sitePath(id)+section, done)
}

// siteView is a site's overview page.
type siteView struct {
	page
	S        siteFacts
	Billing  billingFacts
	Credits  creditsView
	Activity activityTable
	Scan     scanView
	// Quote prices restoring the site when it is an archived Studio site
	// (blocked when it could not be read: the button then names no price).
	Quote quoteView
}

// siteFacts is what a site's pages say about it.
type siteFacts struct {
	ID, Name, Kind, Status, URL, Description string
	Primary, Archived                        bool
	// Pending is a Studio site whose charge is in flight or waits for
	// the cardholder: no site change opens until it is through.
	Pending                          bool
	RemovesAt, ArchivedAt, CreatedAt when
}

func (d *Dashboard) factsOf(s apiSite) siteFacts {
	now := d.Clock.Now()
	f := siteFacts{
		ID: s.ID, Name: siteName(s), Kind: "Main site (covered by the plan)", Status: s.Status, URL: str(s.WebsiteURL),
		Description: str(s.ProductDescription), Primary: s.Kind == "primary", Archived: s.Status == "archived", Pending: s.Status == "pending",
		RemovesAt: atp(s.RemovesAt, now), ArchivedAt: atp(s.ArchivedAt, now), CreatedAt: at(s.CreatedAt, now),
	}
	if !f.Primary {
		f.Kind = "Studio site (49.50 USD a month)"
	}
	if f.Pending {
		// A restore waiting for its charge keeps the removal that archived
		// the site until it is paid: the site waits for its payment, which
		// is all there is to do about it, neither archived nor leaving.
		f.RemovesAt = when{}
	}
	if !f.Archived && f.RemovesAt.Past {
		// Its removal time came before the scheduler archived it: it no
		// longer runs (spec 2), the scheduler archives it as of removes_at,
		// and a restore is an archived site's, charged (spec 3). It is
		// shown as archived, so no free Keep is offered.
		f.Status, f.Archived, f.ArchivedAt = "archived", true, f.RemovesAt
	}
	if !f.Primary && (f.Archived || f.RemovesAt.ISO != "") {
		// Scheduling a removal stops its billing at once, as the Billing
		// page says; an archived site is not billed either.
		f.Kind = "Studio site (no longer billed)"
	}
	if f.Archived {
		// Its removal happened: what is left to do is restoring it.
		f.RemovesAt = when{}
	}
	return f
}

// siteClosed says why what needs the plan on a site (writing, site keys,
// integrations, backlinks, forum: 402 subscription_required) is refused
// there whatever the account's plan: a Studio site archived (its removal
// time passed, also before the scheduler archived it: see factsOf) or
// waiting for its payment. It is empty for a site that runs.
func siteClosed(f siteFacts) string {
	switch f.Status {
	case "archived":
		return "This Studio site is archived: changes need it restored first."
	case "pending":
		return "This Studio site is waiting for its payment: changes open once it is through."
	}
	return ""
}

// creditsView is a site's credit balances in its period.
type creditsView struct {
	// Start and End bound the period.
	Start, End when
	Kinds      []creditRow
	HasTerms   bool
}

type creditRow struct {
	Kind               string
	Balance, Allowance int
	Low                bool
}

func (d *Dashboard) creditsOf(c apiCredits) creditsView {
	now := d.Clock.Now()
	v := creditsView{HasTerms: c.PeriodEnd != nil}
	if c.PeriodStart != nil && c.PeriodEnd != nil {
		v.Start, v.End = at(*c.PeriodStart, now), at(*c.PeriodEnd, now)
	}
	for _, k := range []struct {
		name string
		b    apiBalance
	}{{"Articles", c.Articles}, {"Backlink credits", c.BacklinkCredits}, {"Forum replies", c.ForumReplies}} {
		v.Kinds = append(v.Kinds, creditRow{Kind: k.name, Balance: k.b.Balance, Allowance: k.b.Allowance, Low: k.b.Allowance > 0 && k.b.Balance <= 3})
	}
	return v
}

// scanView is a site's latest website scan.
type scanView struct {
	Status, Stage, Niche, Audience, Geo, Competitors, Error string
	Running                                                 bool
	// Reloads says the page reloads itself until the scan ends (set by
	// the page that does: the site's overview, for a site that runs).
	Reloads            bool
	Finished           when
	Keywords, Articles int
}

func (d *Dashboard) scanOf(s apiScan) scanView {
	v := scanView{
		Status: words(s.Status), Stage: s.Stage, Niche: s.Analysis.Niche, Audience: s.Analysis.Audience, Geo: s.Analysis.Geo,
		Competitors: strings.Join(s.Analysis.Competitors, ", "), Running: s.Status == "queued" || s.Status == "running",
		Finished: atp(s.FinishedAt, d.Clock.Now()), Keywords: s.KeywordsFound, Articles: s.ArticlesPlanned,
	}
	if s.Error != nil {
		v.Error = forPerson(s.Error.Message)
	}
	return v
}

func (d *Dashboard) site(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Billing apiBilling `json:"billing"`
	}
	var c struct {
		Credits apiCredits `json:"credits"`
	}
	var sc struct {
		Scan apiScan `json:"scan"`
	}
	var act struct {
		Activity   []apiActivity `json:"activity"`
		NextCursor *string       `json:"next_cursor"`
	}
	id := esc(r.PathValue("site_id"))
	o, s, ok := d.openSite(w, r, nil, "",
		fetch{Path: "/billing", Out: &b},
		fetch{Path: "/sites/" + id + "/credits", Out: &c},
		fetch{Path: "/sites/" + id + "/scan", Out: &sc, Optional: true},
		fetch{Path: "/activity?limit=5&site_id=" + id, Out: &act})
	if !ok {
		return
	}
	v := siteView{
		page: o.sitePage(r, s, "Overview", ""), S: d.factsOf(s), Billing: d.billingOf(b.Billing),
		Credits: d.creditsOf(c.Credits), Activity: activityTable{Rows: d.activityRows(act.Activity, map[string]apiSite{s.ID: s}), Further: more(act.NextCursor)}, Scan: d.scanOf(sc.Scan),
	}
	// Only an archived Studio site's page offers restoring it, priced by
	// the quote, and only a Studio site due for removal offers keeping it,
	// which the quote's block refuses as it refuses restoring: the quote
	// is read for them alone, not for every site page.
	var q struct {
		Quote apiQuote `json:"studio_quote"`
	}
	if v.S.Archived || (!v.S.Primary && v.S.RemovesAt.ISO != "") {
		if err := d.get(r.Context(), o, "/billing/studio-quote", &q); err != nil {
			q.Quote = apiQuote{} // no price to name: quoteOf counts it blocked
		}
	}
	v.Quote = quoteOf(q.Quote)
	if v.Scan.Running && !v.S.Pending { // a pending site's scan waits for the payment, not for work
		v.Refresh, v.Scan.Reloads = 10, true
	}
	if v.S.Pending {
		// Its "Complete the payment" button redirects to the processor's
		// page of the waiting payment.
		RenderForm(w, http.StatusOK, "dash_site.html", v, paymentTargets)
		return
	}
	Render(w, http.StatusOK, "dash_site.html", v)
}

// rescan reruns the website scan (POST /sites/{site_id}/scan).
func (d *Dashboard) rescan(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "", http.MethodPost, "/scan", nil, "scan")
}

// removeSite schedules a Studio site's removal (DELETE /sites/{site_id}).
func (d *Dashboard) removeSite(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "", http.MethodDelete, "", nil, "removal")
}

// restoreSite keeps or restores a Studio site (POST .../restore). The
// Billing page names the price of restoring an archived one and sends its
// quote's proration_date, so the charge is the price it showed.
func (d *Dashboard) restoreSite(w http.ResponseWriter, r *http.Request) {
	b := map[string]any{}
	if pd, err := strconv.ParseInt(posted(r).Get("proration_date"), 10, 64); err == nil {
		b["proration_date"] = pd
	}
	d.siteAction(w, r, "", http.MethodPost, "/restore", b, "restored")
}

// siteFields are the brand and writing settings of PATCH /sites/{site_id}.
var siteFields = []field{
	{Name: "brand_name", Label: "Brand name", Hint: "1 to 120 characters. Articles and forum replies use it.", Blank: sendBlank, Max: 120},
	{Name: "website_url", Label: "Website address", Kind: kURL, Hint: "Where articles are published. Changing it does not rescan.", Blank: sendBlank},
	{Name: "product_description", Label: "What you sell", Kind: kTextarea, Hint: "At most 2,000 characters. Leave empty to let the scan describe it.", Blank: nullBlank, Max: 2000},
	{Name: "avatar_url", Label: "Logo address", Kind: kURL, Hint: "An https address of your logo; leave empty for none.", Blank: nullBlank},
	{Name: "writing.tone", Label: "Tone", Hint: "Pick one or write your own (at most 80 characters).", Blank: nullBlank, Max: 80,
		Options: opts("Professional", "Friendly", "Confident", "Conversational", "Authoritative", "Playful")},
	{Name: "writing.writing_style", Label: "Writing style", Hint: "Pick one or write your own (at most 80 characters).", Blank: nullBlank, Max: 80,
		Options: opts("Balanced", "Concise and actionable", "In-depth and data-driven", "Story-led", "Step-by-step")},
	{Name: "writing.audience", Label: "Audience", Hint: "Who you write for (at most 160 characters).", Blank: nullBlank, Max: 160,
		Options: opts("Founders / Entrepreneurs", "Marketers", "Small business owners", "Developers", "Agencies")},
	{Name: "writing.brand_voice", Label: "House rules", Kind: kTextarea, Hint: "One rule per line, such as \"Avoid jargon\" or \"Never use exclamation marks\" (at most 4,000 characters).", Blank: nullBlank},
}

// siteValues are a site's settings as its form shows them.
func siteValues(s apiSite) url.Values {
	return vals("brand_name", str(s.BrandName), "website_url", str(s.WebsiteURL), "product_description", str(s.ProductDescription),
		"avatar_url", str(s.AvatarURL), "writing.tone", str(s.Writing.Tone), "writing.writing_style", str(s.Writing.WritingStyle),
		"writing.audience", str(s.Writing.Audience), "writing.brand_voice", str(s.Writing.BrandVoice))
}

// settingsFormView is a site's settings page.
type settingsFormView struct {
	page
	S    siteFacts
	Form formView
	Scan scanView
}

func (d *Dashboard) siteSettings(w http.ResponseWriter, r *http.Request) {
	d.showSiteSettings(w, r, nil, http.StatusOK, nil)
}

// showSiteSettings renders the settings page; f is the form after a
// refused save (nil: the site's values).
func (d *Dashboard) showSiteSettings(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	var sc struct {
		Scan apiScan `json:"scan"`
	}
	signed, s, ok := d.openSite(w, r, o, "/settings", fetch{Path: "/sites/" + esc(r.PathValue("site_id")) + "/scan", Out: &sc, Optional: true})
	if !ok {
		return
	}
	v := settingsFormView{page: signed.sitePage(r, s, "Settings", "/settings"), S: d.factsOf(s), Scan: d.scanOf(sc.Scan)}
	if f != nil {
		v.Form = *f
	} else {
		v.Form = form("site", sitePath(s.ID)+"/settings", "Save settings", siteFields, siteValues(s))
	}
	Render(w, status, "dash_site_settings.html", v)
}

// saveSiteSettings sends the changed settings as PATCH /sites/{site_id}.
func (d *Dashboard) saveSiteSettings(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	o, ok := d.signedIn(w, r, sitePath(id)+"/settings")
	if !ok {
		return
	}
	var cur struct {
		Site apiSite `json:"site"`
	}
	if err := d.get(r.Context(), o, "/sites/"+esc(id), &cur); err != nil {
		d.refused(w, r, err, DashboardPath, "Back to the overview")
		return
	}
	sent := posted(r)
	changes := body(siteFields, sent, siteValues(cur.Site))
	if len(changes) == 0 {
		d.done(w, r, sitePath(id)+"/settings", "nothing")
		return
	}
	if err := d.send(r, o, http.MethodPatch, "/sites/"+esc(id), changes, nil); err != nil {
		f := form("site", sitePath(id)+"/settings", "Save settings", siteFields, sent).withProblems(err, labelsOf(siteFields))
		d.showSiteSettings(w, r, &o, statusOf(err), &f)
		return
	}
	d.done(w, r, sitePath(id)+"/settings", "saved")
}
