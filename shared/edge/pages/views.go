package pages

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rvcontent/shared/kernel/nouns"
)

// page is what every dashboard page shows around its content: its title,
// the owner, the CSRF token of its forms (sign-out included), the main
// navigation, the site's navigation on a site's pages, and the message of
// the form just sent.
type page struct {
	Title, Email, CSRF string
	Nav                []navItem
	// Site is set on a site's pages.
	Site *siteNav
	// Flash confirms the form just sent.
	Flash string
	// Refresh reloads the page after that many seconds while work it shows
	// is running (0: never), unless Still: the owner stopped the reloading
	// (?still=1 on the page's address, Path).
	Refresh int
	Still   bool
	Path    string
}

// navItem is a link of a navigation; Current marks the page's own area,
// and Page, the link of the page itself (aria-current="page"; an area's
// link on a page under it is aria-current="true", since it leads to
// another page).
type navItem struct {
	Href, Label   string
	Current, Page bool
}

// siteNav is the navigation of one site's pages.
type siteNav struct {
	ID, Name, Href string
	Sections       []navItem
}

// areas are the main navigation's areas.
var areas = []navItem{
	{Href: DashboardPath, Label: "Overview"},
	{Href: activityPage, Label: "Activity"},
	{Href: billingPage, Label: "Billing"},
	{Href: settingsPage, Label: "Settings"},
}

// siteSections are a site's pages, by the path after the site's.
var siteSections = []navItem{
	{Href: "", Label: "Overview"},
	{Href: "/articles", Label: "Articles"},
	{Href: "/keywords", Label: "Keywords"},
	{Href: "/autopilot", Label: "Autopilot"},
	{Href: "/integrations", Label: "Integrations"},
	{Href: "/backlinks", Label: "Backlinks"},
	{Href: "/forum", Label: "Forum"},
	{Href: "/rank", Label: "Rank"},
	{Href: "/activity", Label: "Activity"},
	{Href: "/settings", Label: "Settings"},
}

// flashes are the confirmations of forms, by the name a redirect carries.
var flashes = map[string]string{
	"saved":            "Saved.",
	"nothing":          "Nothing changed.",
	"scan":             "The website scan started. It takes a minute or two.",
	"keyword":          "Keyword added.",
	"keyword_gone":     "Keyword deleted.",
	"article":          "Article created.",
	"article_gone":     "Article deleted.",
	"generating":       "Writing started (1 article credit). This page refreshes until the article is written.",
	"rewritten":        "Section rewritten.",
	"finished":         "Marked finished.",
	"published":        "Live address recorded.",
	"pushed":           "Sent to the connected platforms; see the results below.",
	"tested":           "Test event sent; its answer is below.",
	"connected":        "Connected.",
	"sync":             "Sync started: finished articles are being pushed.",
	"disconnected":     "Disconnected.",
	"key_revoked":      "Site key revoked. The next request with it answers 401.",
	"revoked":          "Revoked. It no longer works, and the webhook endpoints it created are disabled.",
	"app_disconnected": "Disconnected. The app no longer works, and the webhook endpoints it created are disabled.",
	"domain":           "Domain saved. Prove you own it with one of the three methods below, then check it.",
	"verified":         "Checked. See each method's result below.",
	"target":           "Target added.",
	"target_gone":      "Target deleted.",
	"placement_gone":   "Link removed from your article; its words stay.",
	"sweep":            "Forum search started. New threads appear here in a minute.",
	"drafted":          "Draft written.",
	"recorded":         "Reply recorded. It is checked automatically over the next week.",
	"claimed":          "Marked as being posted. Record its address once it is up.",
	"webhook_gone":     "Webhook endpoint deleted.",
	"enabled":          "Enabled.",
	"disabled":         "Disabled.",
	"removal":          "Removal scheduled. The site keeps running until the date shown.",
	"restored":         "Site restored.",
	"studio":           "Studio site added. Its scan is running.",
	"activated":        "Your paid plan has started.",
	"status":           "Thread updated.",
}

// page returns the frame of a page of area with title, for o.
func (o owner) page(r *http.Request, title, area string) page {
	q := r.URL.Query()
	p := page{Title: title, Email: o.sess.Email, CSRF: o.csrf, Flash: flashes[q.Get("done")], Still: q.Has("still"), Path: r.URL.Path}
	for _, a := range areas {
		a.Current = a.Href == area
		a.Page = a.Current && a.Href == r.URL.Path
		p.Nav = append(p.Nav, a)
	}
	return p
}

// sitePage returns the frame of section of site s's pages.
func (o owner) sitePage(r *http.Request, s apiSite, title, section string) page {
	p := o.page(r, title+" · "+siteName(s), "")
	base := sitePath(s.ID)
	nav := &siteNav{ID: s.ID, Name: siteName(s), Href: base}
	for _, sec := range siteSections {
		sec.Current = sec.Href == section
		sec.Href = base + sec.Href
		sec.Page = sec.Current && sec.Href == r.URL.Path
		nav.Sections = append(nav.Sections, sec)
	}
	p.Site = nav
	return p
}

// sitePath is the path of site id's overview page (its dashboard_url).
func sitePath(id string) string { return sitesPage + "/" + esc(id) }

// siteName is a site as a person knows it: its brand name, else its
// website's address, never only its id.
func siteName(s apiSite) string {
	if n := strings.TrimSpace(str(s.BrandName)); n != "" {
		return n
	}
	if u, err := url.Parse(str(s.WebsiteURL)); err == nil && u.Host != "" {
		return strings.TrimPrefix(u.Host, "www.")
	}
	if s.Kind == "primary" {
		return "Your main site"
	}
	return "Studio site added " + at(s.CreatedAt, time.Now()).Abs
}

// money writes a US dollar amount ("49.50 USD").
func money(n string) string {
	f, err := strconv.ParseFloat(n, 64)
	if err != nil {
		return n + " USD"
	}
	return strconv.FormatFloat(f, 'f', 2, 64) + " USD"
}

// plural writes n with its noun ("1 article", "1,200 articles").
func plural(n int, one, many string) string {
	return countText(n) + " " + nouns.Pick(n, one, many)
}

// words turns an API code ("past_due") into words ("past due").
func words(code string) string { return strings.ReplaceAll(code, "_", " ") }

// platformName names a push platform for a person.
func platformName(id string) string {
	switch id {
	case "push_platform_1":
		return "Push platform 1"
	case "push_platform_2":
		return "Push platform 2"
	}
	return id
}

// countText writes a number with a thousands separator.
func countText(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
