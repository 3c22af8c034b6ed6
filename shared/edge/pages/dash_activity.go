package pages

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// activityPageSize is how many entries an activity page shows.
const activityPageSize = 25

// activityRow is one activity entry as a person reads it.
type activityRow struct {
	When                      when
	Actor, ActorKind, Summary string
	// Said is Summary split around a moment it names, for its <time>.
	Said                       saidText
	Action, Resource, Href     string
	SiteName, SiteHref, Detail string
	// ActorHref lists what an agent key or app did, on the account's
	// activity page.
	ActorHref string
	// IP is the address the change came from (empty for the service's
	// own work).
	IP string
}

// activityView is an activity log page, for the account or one site.
type activityView struct {
	page
	Heading string
	// Actor names the agent key or app the page shows the entries of
	// (actor_id in the address); All leads back to everyone's.
	Actor, All string
	Table      activityTable
	// Pages pages on to older entries and back to the newest.
	Pages pager
}

// actorText names who made a change.
func actorText(a apiActor) (who, kind string) {
	switch a.Type {
	case "owner":
		return "You", "owner, in the dashboard"
	case "agent":
		return a.Name, "agent key"
	case "app":
		return a.Name, "app"
	case "service":
		if a.Name != "" {
			return a.Name, "the service"
		}
		return "The service", "scheduled work"
	}
	return a.Name, a.Type
}

// activityTable is an activity list as its table shows it; AcrossSites
// adds the Site column, which a site's own pages leave out.
type activityTable struct {
	Rows        []activityRow
	AcrossSites bool
	// Further is set when a filtered read came back without rows but with
	// a cursor (it stops after activity.MaxFilteredRead entries of the
	// account's log): entries may lie further back, so the page does not
	// say nothing ever happened.
	Further bool
}

// activityRows turns entries into rows; sites names the account's sites.
func (d *Dashboard) activityRows(entries []apiActivity, sites map[string]apiSite) []activityRow {
	now := d.Clock.Now()
	out := make([]activityRow, 0, len(entries))
	for _, e := range entries {
		who, kind := actorText(e.Actor)
		row := activityRow{
			When: at(e.CreatedAt, now), Actor: who, ActorKind: kind, Summary: fieldWords(forPerson(e.Summary)), Action: e.Action,
			Resource: words(e.Resource.Type), Href: resourceHref(e), IP: e.IP,
		}
		row.Said = saidOf(row.Summary)
		if s, ok := sites[e.SiteID]; ok {
			row.SiteName, row.SiteHref = siteName(s), sitePath(s.ID)
		}
		if (e.Actor.Type == "agent" || e.Actor.Type == "app") && e.Actor.ID != "" {
			row.ActorHref = actorActivity(e.Actor.ID)
		}
		out = append(out, row)
	}
	return out
}

// resourceHref is the dashboard page of an entry's resource, when there is
// one.
func resourceHref(e apiActivity) string {
	site, id := sitePath(e.SiteID), esc(e.Resource.ID)
	switch e.Resource.Type {
	case "article":
		if strings.HasSuffix(e.Action, ".deleted") {
			return site + "/articles"
		}
		return site + "/articles/" + id
	case "keyword":
		return site + "/keywords"
	case "site", "scan":
		return site
	case "autopilot":
		return site + "/autopilot"
	case "integration", "site_key":
		return site + "/integrations"
	case "backlinks", "backlink_placement":
		return site + "/backlinks"
	case "backlink_target":
		if strings.HasSuffix(e.Action, ".deleted") {
			return site + "/backlinks"
		}
		return site + "/backlinks/targets/" + id
	case "forum", "forum_draft", "forum_reply":
		return site + "/forum"
	case "forum_thread":
		return site + "/forum/threads/" + id
	case "agent_key":
		return agentsPage
	case "webhook":
		if strings.HasSuffix(e.Action, ".deleted") {
			return webhooksPage
		}
		return webhooksPage + "/" + id
	case "account":
		return settingsPage
	case "billing":
		return billingPage
	}
	if e.SiteID != "" {
		return site
	}
	return ""
}

func (d *Dashboard) accountActivity(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, activityPage)
	if !ok {
		return
	}
	var ss siteList
	var act struct {
		Activity   []apiActivity `json:"activity"`
		NextCursor *string       `json:"next_cursor"`
	}
	var keys struct {
		AgentKeys []apiAgentKey `json:"agent_keys"`
	}
	q := activityQuery(r, "")
	reads := []fetch{{Path: sitesRead, Out: &ss}, {Path: "/activity?" + q.Encode(), Out: &act}}
	actor := q.Get("actor_id")
	if actor != "" {
		reads = append(reads, fetch{Path: "/agent-keys?limit=100", Out: &keys})
	}
	err := d.reads(r.Context(), o, reads...)
	var all []apiSite
	if err == nil {
		all, err = d.allSites(r.Context(), o, ss)
	}
	if err != nil {
		d.refused(w, r, err, activityPage, "Back to the newest entries")
		return
	}
	sites := map[string]apiSite{}
	for _, s := range all {
		sites[s.ID] = s
	}
	v := activityView{page: o.page(r, "Activity", activityPage), Heading: "Everything done on this account",
		Table: activityTable{Rows: d.activityRows(act.Activity, sites), AcrossSites: true, Further: more(act.NextCursor)}}
	if actor != "" {
		v.Actor, v.All = actorName(actor, keys.AgentKeys, act.Activity), activityPage
		v.Title = "Activity of " + v.Actor
		for i := range v.Table.Rows {
			v.Table.Rows[i].ActorHref = "" // this very page
		}
	}
	v.Pages = newestPager("Pages of activity", "entries", activityPage, r, act.NextCursor)
	Render(w, http.StatusOK, "dash_activity.html", v)
}

// actorActivity is the account's activity page of one agent key or app.
func actorActivity(id string) string { return activityPage + "?actor_id=" + url.QueryEscape(id) }

// actorName names the agent key or app id as a person knows it: from the
// active keys and apps, else (revoked since) from its entries.
func actorName(id string, keys []apiAgentKey, entries []apiActivity) string {
	for _, k := range keys {
		if k.ID == id {
			who, kind := actorText(apiActor{Type: keyActor(k.Type), Name: k.Name})
			return who + " (" + kind + ")"
		}
	}
	for _, e := range entries {
		if e.Actor.ID == id && e.Actor.Name != "" {
			who, kind := actorText(e.Actor)
			return who + " (" + kind + ")"
		}
	}
	return "this agent key or app"
}

// keyActor is the activity actor type of an agent key's type.
func keyActor(typ string) string {
	if typ == "oauth" {
		return "app"
	}
	return "agent"
}

func (d *Dashboard) siteActivity(w http.ResponseWriter, r *http.Request) {
	var act struct {
		Activity   []apiActivity `json:"activity"`
		NextCursor *string       `json:"next_cursor"`
	}
	q := activityQuery(r, r.PathValue("site_id"))
	o, s, ok := d.openSite(w, r, nil, "/activity", fetch{Path: "/activity?" + q.Encode(), Out: &act})
	if !ok {
		return
	}
	v := activityView{page: o.sitePage(r, s, "Activity", "/activity"), Heading: "Everything done on " + siteName(s),
		Table: activityTable{Rows: d.activityRows(act.Activity, map[string]apiSite{s.ID: s}), Further: more(act.NextCursor)}}
	v.Pages = newestPager("Pages of activity", "entries", sitePath(s.ID)+"/activity", r, act.NextCursor)
	Render(w, http.StatusOK, "dash_activity.html", v)
}

// more reports whether a list's next_cursor says more follows.
func more(next *string) bool { return next != nil && *next != "" }

// activityQuery is the query of an activity page's read.
func activityQuery(r *http.Request, siteID string) url.Values {
	q := pageRead(r, "cursor", activityPageSize)
	if siteID != "" {
		q.Set("site_id", siteID)
	} else if a := r.URL.Query().Get("actor_id"); a != "" {
		q.Set("actor_id", a)
	}
	return q
}

// pageRead returns the API query of the page of a list of size items that
// the page's query parameter param (the list's cursor) asks for.
func pageRead(r *http.Request, param string, size int) url.Values {
	q := url.Values{"limit": {itoa(size)}}
	if c := r.URL.Query().Get(param); c != "" {
		q.Set("cursor", c)
	}
	return q
}

// pager is the nav of one list's pages: named Label, with links to its
// first page (unless this is it) and its next one (when there is one),
// which read FirstText and OlderText ("First page" and "Next page" when
// empty).
type pager struct {
	Label, First, Older  string
	FirstText, OlderText string
}

// newestPager is listPager for a list newest first paged by "cursor",
// whose links read "Newest <items>" and "Older <items>".
func newestPager(label, items, path string, r *http.Request, next *string) pager {
	p := listPager(label, path, r, "cursor", next)
	p.FirstText, p.OlderText = "Newest "+items, "Older "+items
	return p
}

// listPager returns the pager named label of the list of the page at path
// that the query parameter param pages (the page's other lists keep their
// places).
func listPager(label, path string, r *http.Request, param string, next *string) pager {
	p := pager{Label: label}
	p.Older, p.First = listLinks(path, r, param, next)
	return p
}

// listLinks returns the links of a list paged by the query parameter
// param to its next page (when next is set) and back to its first page
// (when this is not the first).
func listLinks(path string, r *http.Request, param string, next *string) (older, first string) {
	q := r.URL.Query()
	if next != nil && *next != "" {
		n := url.Values{}
		for k, vs := range q {
			if k != param && k != "done" {
				n[k] = vs
			}
		}
		n.Set(param, *next)
		older = path + "?" + n.Encode()
	}
	if q.Get(param) != "" {
		q.Del(param)
		q.Del("done")
		first = path
		if len(q) > 0 {
			first += "?" + q.Encode()
		}
	}
	return older, first
}

// fieldWords writes the API field names an activity summary lists
// ("writing.tone, max_links_per_article") as words ("tone, max links per
// article").
func fieldWords(s string) string {
	s = strings.ReplaceAll(s, "writing.", "")
	s = fieldName.ReplaceAllStringFunc(s, func(f string) string {
		if w, ok := fieldLabels[f]; ok {
			return w
		}
		return strings.ReplaceAll(f, "_", " ")
	})
	return strings.ReplaceAll(s, "added as opportunity", "added as an idea")
}

// fieldLabels are the fields whose page label is not their name in words.
var fieldLabels = map[string]string{
	"website_url": "website address", "avatar_url": "logo address", "published_url": "live address", "time_of_day": "time of day",
}

// fieldName matches a snake_case name.
var fieldName = regexp.MustCompile(`\b[a-z]+(?:_[a-z]+)+\b`)
