package pages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"rvcontent/shared/feature/backlinks"
)

// backlinkFields are the exchange settings of PATCH .../backlinks.
var backlinkFields = []field{
	{Name: "opted_in", Label: "Host other members' links in this site's articles", Kind: kCheckbox, Hint: "Needs a verified domain. Hosting earns backlink credits."},
	{Name: "max_links_per_article", Label: "Links per article", Kind: kNumber, Hint: "0 to 2 links other members may place in one of your articles.", Blank: sendBlank},
	{Name: "niche", Label: "Niche", Hint: "At most 120 characters, such as \"specialty coffee\".", Blank: nullBlank, Max: 120},
	{Name: "topic_tags", Label: "Topic tags", Kind: kList, Hint: "Comma-separated: at most 15 of 2 to 40 characters.", Blank: nullBlank},
	{Name: "blocked_categories", Label: "Never host links about", Kind: kChoices,
		Options: opts("gambling", "adult", "crypto", "cannabis", "loans", "pharma", "weapons", "tobacco", "politics", "dating")},
}

// domainFields are the field of POST .../backlinks/domain.
var domainFields = []field{{Name: "domain", Label: "Domain", Required: true, Hint: "Your website's domain, or a subdomain of it, such as blog.example.com.", Blank: sendBlank}}

// targetFields are the fields of POST and PATCH .../backlinks/targets.
var targetFields = []field{
	{Name: "url", Label: "Page address", Kind: kURL, Required: true, Hint: "A page on your verified domain that should receive links.", Blank: sendBlank},
	{Name: "anchors", Label: "Link texts", Kind: kLines, Required: true, Hint: "3 to 5 different texts, one per line, 2 to 80 characters each.", Blank: sendBlank},
	{Name: "topic_tags", Label: "Topic tags", Kind: kList, Hint: "Comma-separated, at most 10.", Blank: sendBlank},
	{Name: "priority", Label: "Priority", Kind: kNumber, Hint: "1 to 10; higher is matched first (default 5)."},
	{Name: "max_new_links_per_month", Label: "New links a month", Kind: kNumber, Hint: "1 to 10 (default 4)."},
	{Name: "active", Label: "Active", Kind: kCheckbox, Hint: "Only active targets get new links."},
}

// backlinkValues are the settings as their form shows them.
func backlinkValues(b apiBacklinks) url.Values {
	v := vals("opted_in", boolText(b.OptedIn), "max_links_per_article", strconv.Itoa(b.MaxLinksPerArticle), "niche", str(b.Niche),
		"topic_tags", strings.Join(b.TopicTags, ", "))
	v["blocked_categories"] = b.BlockedCategories
	return v
}

// targetValues are a target as its form shows it.
func targetValues(t apiTarget) url.Values {
	return vals("url", t.URL, "anchors", strings.Join(t.Anchors, "\n"), "topic_tags", strings.Join(t.TopicTags, ", "),
		"priority", strconv.Itoa(t.Priority), "max_new_links_per_month", strconv.Itoa(t.MaxNewLinksPerMonth), "active", boolText(t.Active))
}

// placementsPageSize is how many placements of each direction a
// backlinks page lists.
const placementsPageSize = 50

// backlinksView is a site's backlink exchange page.
type backlinksView struct {
	page
	B               apiBacklinks
	Status, Domain  string
	Verified, Proof bool
	// VerifiedAt is when the domain last became verified (verified_at):
	// "Verified since" while verified or being confirmed again, "Last
	// verified" once suspended (Suspended).
	VerifiedAt          when
	Suspended           bool
	Checks              []proofCheck
	DNSHost, DNSValue   string
	MetaTag             string
	WellKnownURL, Token string
	Targets             []targetRow
	Inbound, Hosted     []placementRow
	// InboundPages and HostedPages page the two lists of placements, each
	// by its own cursor.
	InboundPages, HostedPages pager
	Settings, SetDomain       formView
	AddTarget                 formView
	// Closed says why changes are refused when the site is no member of
	// the exchange (B.Paid false): the page then offers none of them.
	Closed string
	// TargetsWait says why no target can be added yet on a member site
	// (see targetsWait); empty when the page offers adding one.
	TargetsWait string
	// Hosting says whether the site hosts other members' links now, and
	// why not (see hostingText).
	Hosting string
}

// hostingText says whether a site with overview b hosts other members'
// links now: opted in, a member of the exchange, its domain verified (or
// being confirmed again) and at least one link per article; otherwise
// no, and why, so an opted-in site that hosts nothing does not read as
// hosting.
func hostingText(b apiBacklinks) string {
	switch st := str(b.Status); {
	case !b.OptedIn:
		return "no"
	case !b.Paid:
		return "no: the site is not in the exchange now"
	case st == backlinks.DomainSuspended:
		return "no: the domain is suspended until a check finds its proof again"
	case !backlinks.Proven(st):
		return "no: the domain is not verified"
	case b.MaxLinksPerArticle == 0:
		return "no: 0 links per article"
	}
	return "yes, up to " + strconv.Itoa(b.MaxLinksPerArticle) + " per article"
}

type proofCheck struct {
	Method, Seen, Detail string
	OK                   bool
}

type targetRow struct {
	ID, URL, Anchors, Href string
	Priority, Monthly      int
	Live                   int
	Active                 bool
	LastPlaced             when
}

type placementRow struct {
	ID, Status, TargetURL, Anchor, HostURL, EndReason string
	// ArticleHref is the page of the site's own article that hosts the
	// link (hosted placements only).
	ArticleHref                    string
	Credits                        int
	Reserved, Live, Ended, Checked when
	// Placed is when the link went into the article; Expires when a link
	// not live yet is given up (until it is live).
	Placed, Expires when
	Removable       bool
}

// proofMethodText names a domain proof method as the page's list of
// proofs does.
func proofMethodText(m string) string {
	switch m {
	case "dns_txt":
		return "DNS TXT record"
	case "meta_tag":
		return "Meta tag"
	case "well_known":
		return "File"
	}
	return words(m)
}

func (d *Dashboard) backlinks(w http.ResponseWriter, r *http.Request) {
	d.showBacklinks(w, r, nil, http.StatusOK, map[string]*formView{})
}

// showBacklinks renders the exchange page; forms are its forms after a
// refusal, by form id.
func (d *Dashboard) showBacklinks(w http.ResponseWriter, r *http.Request, o *owner, status int, forms map[string]*formView) {
	id := esc(r.PathValue("site_id"))
	var ov struct {
		Backlinks struct {
			apiBacklinks
			Verification *apiVerification `json:"verification"`
		} `json:"backlinks"`
	}
	var ts struct {
		Targets []apiTarget `json:"targets"`
	}
	var in, hosted struct {
		Placements []apiPlacement `json:"placements"`
		NextCursor *string        `json:"next_cursor"`
	}
	placements := func(direction string) string {
		q := pageRead(r, direction+"_cursor", placementsPageSize)
		q.Set("direction", direction)
		return "/sites/" + id + "/backlinks/placements?" + q.Encode()
	}
	signed, s, ok := d.openSite(w, r, o, "/backlinks",
		fetch{Path: "/sites/" + id + "/backlinks", Out: &ov},
		fetch{Path: "/sites/" + id + "/backlinks/targets?limit=100", Out: &ts},
		fetch{Path: placements("inbound"), Out: &in},
		fetch{Path: placements("hosted"), Out: &hosted})
	if !ok {
		return
	}
	now, base := d.Clock.Now(), sitePath(s.ID)+"/backlinks"
	b := ov.Backlinks.apiBacklinks
	v := backlinksView{
		page: signed.sitePage(r, s, "Backlinks", "/backlinks"), B: b, Status: "no domain yet", Domain: str(b.Domain),
		Verified: str(b.Status) == "verified", VerifiedAt: atp(b.VerifiedAt, now), Closed: exchangeClosed(d.factsOf(s)),
		Suspended: str(b.Status) == backlinks.DomainSuspended,
		Hosting:   hostingText(b), TargetsWait: targetsWait(b),
	}
	if b.Status != nil {
		v.Status = words(*b.Status)
	}
	if pv := ov.Backlinks.Verification; pv != nil {
		v.Proof, v.Token = true, pv.Token
		v.DNSHost, v.DNSValue = pv.Methods.DNSTXT.Host, pv.Methods.DNSTXT.Value
		v.MetaTag, v.WellKnownURL = pv.Methods.MetaTag.Tag, pv.Methods.WellKnown.URL
		for _, c := range pv.Checks {
			v.Checks = append(v.Checks, proofCheck{Method: proofMethodText(c.Method), OK: c.OK, Seen: str(c.Seen), Detail: c.Detail})
		}
	}
	for _, t := range ts.Targets {
		v.Targets = append(v.Targets, targetRow{
			ID: t.ID, URL: t.URL, Anchors: strings.Join(t.Anchors, " · "), Href: base + "/targets/" + esc(t.ID), Priority: t.Priority,
			Monthly: t.MaxNewLinksPerMonth, Live: t.LiveCount, Active: t.Active, LastPlaced: atp(t.LastPlacedAt, now),
		})
	}
	v.Inbound, v.Hosted = d.placementRows(s.ID, in.Placements), d.placementRows(s.ID, hosted.Placements)
	v.InboundPages = listPager("Pages of links to your pages", base, r, "inbound_cursor", in.NextCursor)
	v.HostedPages = listPager("Pages of links in your articles", base, r, "hosted_cursor", hosted.NextCursor)
	v.Settings = pick(forms["settings"], form("settings", base, "Save exchange settings", backlinkFields, backlinkValues(b)))
	v.SetDomain = pick(forms["domain"], form("domain", base+"/domain", "Set the domain", domainFields, vals("domain", str(b.Domain))))
	v.AddTarget = pick(forms["target"], form("target", base+"/targets", "Add target", targetFields, vals("priority", "5", "max_new_links_per_month", "4", "active", "true")))
	// A refused form the page no longer offers (the plan ended, or the
	// domain lost its verification, since it was opened) comes back as a
	// page of its own, so its message is not lost.
	shown := map[string]bool{"settings": b.Paid, "domain": b.Paid, "target": b.Paid && v.TargetsWait == ""}
	for fid, f := range forms {
		if f != nil && !shown[fid] {
			d.refused(w, r, errOf(*f), base, "Back to backlinks")
			return
		}
	}
	Render(w, status, "dash_backlinks.html", v)
}

// targetsWait says why a member site with overview b can add no target
// yet (409 without a verified domain, or while it is suspended), with the
// way back; empty when it can.
func targetsWait(b apiBacklinks) string {
	switch st := str(b.Status); {
	case backlinks.Proven(st):
		return ""
	case st == backlinks.DomainSuspended:
		return "Targets can be added once the domain is verified again: put a proof back and check it above."
	}
	return "Targets can be added once the domain is verified: set it and prove it above."
}

// exchangeClosed says why a site that is no member of the exchange
// cannot change it: a Studio site archived (its removal time passed, also
// before the scheduler archived it: see factsOf) or waiting for its
// payment (402 subscription_required), otherwise the account's plan
// (paid_plan_required).
func exchangeClosed(f siteFacts) string {
	if why := siteClosed(f); why != "" {
		return why
	}
	return "Changes need the paid plan."
}

// placementRows are the placements ps of site siteID as its page lists
// them.
func (d *Dashboard) placementRows(siteID string, ps []apiPlacement) []placementRow {
	now := d.Clock.Now()
	out := make([]placementRow, len(ps))
	for i, p := range ps {
		out[i] = placementRow{
			ID: p.ID, Status: p.Status, TargetURL: p.TargetURL, Anchor: p.AnchorUsed, HostURL: p.HostURL, EndReason: words(str(p.EndReason)),
			Credits: p.Credits, Reserved: atp(p.ReservedAt, now), Live: atp(p.LiveAt, now), Ended: atp(p.EndedAt, now), Checked: atp(p.LastCheckedAt, now),
			Placed: atp(p.PlacedAt, now), Expires: atp(p.ExpiresAt, now),
			Removable: p.Direction == "hosted" && (p.Status == "reserved" || p.Status == "placed" || p.Status == "live"),
		}
		if p.Direction == "hosted" && p.HostArticleID != nil {
			out[i].ArticleHref = articlePath(siteID, *p.HostArticleID)
		}
	}
	return out
}

// saveBacklinks sends the changed exchange settings (PATCH .../backlinks).
func (d *Dashboard) saveBacklinks(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	page := sitePath(id) + "/backlinks"
	o, ok := d.signedIn(w, r, page)
	if !ok {
		return
	}
	var cur struct {
		Backlinks apiBacklinks `json:"backlinks"`
	}
	path := "/sites/" + esc(id) + "/backlinks"
	if err := d.get(r.Context(), o, path, &cur); err != nil {
		d.refused(w, r, err, DashboardPath, "Back to the overview")
		return
	}
	d.patch(w, r, o, path, page, edit{"settings", "Save exchange settings", backlinkFields, backlinkValues(cur.Backlinks)}, func(f formView) {
		d.showBacklinks(w, r, &o, statusOf(errOf(f)), map[string]*formView{"settings": &f})
	})
}

// backlinkForm sends a POST form of the exchange page and returns to it
// with the flash done; a refusal re-renders the form id.
func (d *Dashboard) backlinkForm(w http.ResponseWriter, r *http.Request, id, suffix, submit string, fields []field, done string) {
	site := r.PathValue("site_id")
	page := sitePath(site) + "/backlinks"
	o, ok := d.signedIn(w, r, page)
	if !ok {
		return
	}
	sent := posted(r)
	if err := d.send(r, o, http.MethodPost, "/sites/"+esc(site)+"/backlinks"+suffix, body(fields, sent, nil), nil); err != nil {
		if _, field := err.(*apiError); field && len(fields) > 0 {
			f := form(id, page+suffix, submit, fields, sent).withProblems(err, labelsOf(fields)).refusalAt("url", backlinks.DuplicateTarget)
			d.showBacklinks(w, r, &o, statusOf(err), map[string]*formView{id: &f})
			return
		}
		d.refused(w, r, err, page, "Back to backlinks")
		return
	}
	d.done(w, r, page, done)
}

func (d *Dashboard) setBacklinkDomain(w http.ResponseWriter, r *http.Request) {
	d.backlinkForm(w, r, "domain", "/domain", "Set the domain", domainFields, "domain")
}

func (d *Dashboard) verifyBacklinkDomain(w http.ResponseWriter, r *http.Request) {
	d.backlinkForm(w, r, "verify", "/domain/verify", "", nil, "verified")
}

func (d *Dashboard) addBacklinkTarget(w http.ResponseWriter, r *http.Request) {
	d.backlinkForm(w, r, "target", "/targets", "Add target", targetFields, "target")
}

// removePlacement removes a hosted link (DELETE .../placements/{id}).
func (d *Dashboard) removePlacement(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "/backlinks", http.MethodDelete, "/backlinks/placements/"+esc(r.PathValue("placement_id")), nil, "placement_gone")
}

// deleteBacklinkTarget deletes a target (DELETE .../targets/{target_id}).
func (d *Dashboard) deleteBacklinkTarget(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "/backlinks", http.MethodDelete, "/backlinks/targets/"+esc(r.PathValue("target_id")), nil, "target_gone")
}

// targetView is a backlink target's page.
type targetView struct {
	page
	T    targetRow
	Form formView
	// Closed says why the target cannot be changed or deleted while the
	// site is no member of the exchange (exchangeClosed); empty while it
	// is one.
	Closed string
}

// findTarget returns target id of the site at path, or a not-found error.
func (d *Dashboard) findTarget(r *http.Request, o owner, path, id string) (apiTarget, error) {
	var ts struct {
		Targets []apiTarget `json:"targets"`
	}
	if err := d.get(r.Context(), o, path+"?limit=100", &ts); err != nil {
		return apiTarget{}, err
	}
	for _, t := range ts.Targets {
		if t.ID == id {
			return t, nil
		}
	}
	return apiTarget{}, &apiError{Status: http.StatusNotFound}
}

func (d *Dashboard) backlinkTarget(w http.ResponseWriter, r *http.Request) {
	d.showTarget(w, r, nil, http.StatusOK, nil)
}

// showTarget renders a target's page; f is its form after a refusal.
func (d *Dashboard) showTarget(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	tid := r.PathValue("target_id")
	var ov struct {
		Backlinks apiBacklinks `json:"backlinks"`
	}
	signed, s, ok := d.openSite(w, r, o, "/backlinks/targets/"+esc(tid), fetch{Path: "/sites/" + esc(r.PathValue("site_id")) + "/backlinks", Out: &ov})
	if !ok {
		return
	}
	t, err := d.findTarget(r, signed, "/sites/"+esc(s.ID)+"/backlinks/targets", tid)
	if err != nil {
		d.refused(w, r, err, sitePath(s.ID)+"/backlinks", "Back to backlinks")
		return
	}
	href := sitePath(s.ID) + "/backlinks/targets/" + esc(t.ID)
	v := targetView{page: signed.sitePage(r, s, "Backlink target", "/backlinks"), T: targetRow{ID: t.ID, URL: t.URL, Href: href, Live: t.LiveCount}}
	v.Form = pick(f, form("target", href, "Save target", targetFields, targetValues(t)))
	if !ov.Backlinks.Paid {
		v.Closed = exchangeClosed(d.factsOf(s))
		if f != nil {
			// Refused after the site left the exchange: the page no
			// longer offers the form, so its refusal is a page of its own.
			d.refused(w, r, errOf(*f), href, "Back to the target")
			return
		}
	}
	Render(w, status, "dash_backlink_target.html", v)
}

// saveBacklinkTarget sends the target's changed fields (PATCH
// .../targets/{target_id}).
func (d *Dashboard) saveBacklinkTarget(w http.ResponseWriter, r *http.Request) {
	site, tid := r.PathValue("site_id"), r.PathValue("target_id")
	href := sitePath(site) + "/backlinks/targets/" + esc(tid)
	o, ok := d.signedIn(w, r, href)
	if !ok {
		return
	}
	list := "/sites/" + esc(site) + "/backlinks/targets"
	t, err := d.findTarget(r, o, list, tid)
	if err != nil {
		d.refused(w, r, err, sitePath(site)+"/backlinks", "Back to backlinks")
		return
	}
	d.patch(w, r, o, list+"/"+esc(tid), href, edit{"target", "Save target", targetFields, targetValues(t)}, func(f formView) {
		d.showTarget(w, r, &o, statusOf(errOf(f)), &f)
	})
}
