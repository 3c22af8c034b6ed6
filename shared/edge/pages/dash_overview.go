package pages

import (
	"context"
	"net/http"
	"time"

	"rvcontent/shared/feature/billing"
)

// overviewView is the dashboard's first page: what needs the owner, each
// site at a glance, and the latest activity.
type overviewView struct {
	page
	Billing   billingFacts
	Attention []attention
	Sites     []siteCard
	Activity  activityTable
}

// attention is one thing that needs the owner, with the page that fixes it.
type attention struct {
	Text, Href, Action string
}

// siteCard is one site on the overview.
type siteCard struct {
	siteFacts
	Href    string
	Credits creditsView
	Latest  []activityRow
	// LatestOlder is set when the site has no entry among the account's
	// entries the overview reads (latestPages): its latest is older, and
	// the card links to the site's activity log instead.
	LatestOlder bool
	Drafts      int
	PlanNote    string
}

// latestPages bounds the pages of the account's activity log (100
// entries each, newest first) the overview reads for its sites' latest
// entries. The log is one partition per account: reading each site's
// latest entry on its own (GET /activity?site_id=) would go through the
// whole log, kept 365 days, for every site with no recent activity.
const latestPages = 5

// latestRead reads the first page of the account's activity log for the
// sites' cards; the overview's own table shows its first entries.
const latestRead = "/activity?limit=100"

// activityList is one page of GET /activity.
type activityList struct {
	Activity   []apiActivity `json:"activity"`
	NextCursor *string       `json:"next_cursor"`
}

func (p activityList) next() *string { return p.NextCursor }

// latestOf returns each site's latest entry (one, by site id) among the
// account's newest entries, from first (the page latestRead read) and at
// most latestPages pages in all, reading on only while a site of sites
// has none; complete tells whether the whole log was read, so a site
// without an entry has none at all. A refused read of a later page leaves
// what was read.
func latestOf(ctx context.Context, d *Dashboard, o owner, first activityList, sites []apiSite) (latest map[string][]apiActivity, complete bool) {
	latest = map[string][]apiActivity{}
	wanted := map[string]bool{}
	for _, s := range sites {
		wanted[s.ID] = true
	}
	pages := 0
	_ = readPages(ctx, d, o, latestRead, first, func(p activityList) bool {
		pages++
		for _, e := range p.Activity {
			if wanted[e.SiteID] && latest[e.SiteID] == nil {
				latest[e.SiteID] = []apiActivity{e}
			}
		}
		if n := p.next(); n == nil || *n == "" {
			complete = true
		}
		return len(latest) < len(wanted) && pages < latestPages
	})
	return latest, complete
}

// siteExtras are the reads the overview makes per site.
type siteExtras struct {
	credits struct {
		Credits apiCredits `json:"credits"`
	}
	threads threadList
	// drafts counts the site's drafts waiting: the drafted threads of
	// threads (the first page) and of the pages after it.
	drafts    int
	backlinks struct {
		Backlinks apiBacklinks `json:"backlinks"`
	}
	scan struct {
		Scan apiScan `json:"scan"`
	}
	integrations struct {
		Integrations []apiIntegration `json:"integrations"`
	}
}

// overviewEntries is how many of the account's latest activity entries
// the overview's own table shows.
const overviewEntries = 8

// draftedRead reads the first page of site id's drafted threads.
func draftedRead(id string) string {
	return "/sites/" + esc(id) + "/forum/threads?status=drafted&limit=100"
}

func (d *Dashboard) overview(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, DashboardPath)
	if !ok {
		return
	}
	ctx := r.Context()
	var b struct {
		Billing apiBilling `json:"billing"`
	}
	var ss siteList
	var hooks struct {
		Webhooks []apiWebhook `json:"webhooks"`
	}
	var act activityList
	err := d.reads(ctx, o, fetch{Path: "/billing", Out: &b}, fetch{Path: sitesRead, Out: &ss},
		fetch{Path: "/webhooks?limit=100", Out: &hooks}, fetch{Path: latestRead, Out: &act})
	var sites []apiSite
	if err == nil {
		sites, err = d.allSites(ctx, o, ss)
	}
	if err != nil {
		d.refused(w, r, err, DashboardPath, "Try again")
		return
	}
	extras := make([]siteExtras, len(sites))
	var fs []fetch
	for i, s := range sites {
		id, x := esc(s.ID), &extras[i]
		fs = append(fs,
			fetch{Path: "/sites/" + id + "/credits", Out: &x.credits},
			fetch{Path: draftedRead(s.ID), Out: &x.threads, Optional: true},
			fetch{Path: "/sites/" + id + "/backlinks", Out: &x.backlinks, Optional: true},
			fetch{Path: "/sites/" + id + "/integrations", Out: &x.integrations, Optional: true},
			fetch{Path: "/sites/" + id + "/scan", Out: &x.scan, Optional: true})
	}
	if err := d.reads(ctx, o, fs...); err != nil {
		d.refused(w, r, err, DashboardPath, "Try again")
		return
	}
	for i, s := range sites {
		x := &extras[i]
		// A site with over 100 drafts reads on to count them; a refused
		// read of a later page leaves the count at what was read.
		_ = readPages(ctx, d, o, draftedRead(s.ID), x.threads, func(p threadList) bool {
			x.drafts += len(p.Threads)
			return true
		})
	}
	bySite := map[string]apiSite{}
	for _, s := range sites {
		bySite[s.ID] = s
	}
	latest, complete := latestOf(ctx, d, o, act, sites)
	v := overviewView{page: o.page(r, "Overview", DashboardPath), Billing: d.billingOf(b.Billing), Activity: activityTable{Rows: d.activityRows(act.Activity[:min(len(act.Activity), overviewEntries)], bySite), AcrossSites: true}}
	v.Attention = d.accountAttention(b.Billing, hooks.Webhooks)
	for i, s := range sites {
		x := extras[i]
		c := siteCard{
			siteFacts: d.factsOf(s), Href: sitePath(s.ID), Credits: d.creditsOf(x.credits.Credits),
			Latest: d.activityRows(latest[s.ID], bySite), LatestOlder: latest[s.ID] == nil && !complete, Drafts: x.drafts, PlanNote: v.Billing.Summary,
		}
		switch {
		case c.Archived:
			c.PlanNote = "Archived: off the plan until restored on its page"
		case c.Pending:
			c.PlanNote = "Waiting for its payment: on the plan once it is through"
		case !c.Primary:
			c.PlanNote = "Studio site on the plan"
		}
		v.Sites = append(v.Sites, c)
		v.Attention = append(v.Attention, d.siteAttention(s, x, b.Billing.CancelAtPeriodEnd)...)
	}
	Render(w, http.StatusOK, "dash_overview.html", v)
}

// accountAttention lists what the account's billing and webhooks need.
func (d *Dashboard) accountAttention(b apiBilling, hooks []apiWebhook) []attention {
	var out []attention
	if b.CardVerified != nil && !*b.CardVerified {
		out = append(out, attention{Text: "The trial's card check failed, so articles are not written until you update the card.", Href: billingPage, Action: "Update the card"})
	}
	if b.Status == "past_due" {
		text := "A payment failed and is past due: paid features are off."
		// After a failed card check the grace does not keep writing going
		// (the item above says so).
		if b.PastDueSince != nil && (b.CardVerified == nil || *b.CardVerified) {
			if t, err := time.Parse(time.RFC3339Nano, *b.PastDueSince); err == nil {
				end, now := t.Add(billing.Grace).UTC(), d.Clock.Now()
				if end.After(now) {
					text += " Article writing stops " + relative(end, now) + " (" + end.Format(absLayout) + ") unless the card is updated."
				} else {
					text += " Article writing stopped " + relative(end, now) + " (" + end.Format(absLayout) + ")."
				}
			}
		}
		out = append(out, attention{Text: text, Href: billingPage, Action: "Update the card"})
	}
	for _, h := range hooks {
		if h.Enabled {
			continue
		}
		text := "The webhook endpoint " + h.URL + " is turned off: no events are sent to it."
		switch str(h.DisabledReason) {
		case "delivery_failures":
			text = "The webhook endpoint " + h.URL + " was turned off because its deliveries kept failing."
		case "credential_revoked":
			text = "The webhook endpoint " + h.URL + " was turned off because the key or app that created it was revoked."
		}
		out = append(out, attention{Text: text, Href: webhooksPage + "/" + esc(h.ID), Action: "Review the endpoint"})
	}
	return out
}

// siteAttention lists what one site needs. An archived Studio site (or
// one past its removal time, which factsOf shows as archived) needs
// nothing: everything its items would ask for (a scan, posting a forum
// reply, verifying a domain, a sync) waits until it is restored, which
// its card says. Likewise a site where the paid plan's features take no
// change (the account is not on the paid plan: the exchange's paid is
// false, and so is the forum's access, both behind the same gate) asks
// for no posting of forum drafts and no domain verification, which wait
// for the plan. While the subscription is set to end (ending), a Studio
// site due for removal stops with it, which resuming it on Billing undoes.
func (d *Dashboard) siteAttention(s apiSite, x siteExtras, ending bool) []attention {
	f := d.factsOf(s)
	if f.Archived {
		return nil
	}
	name, base := siteName(s), sitePath(s.ID)
	var out []attention
	if sc := x.scan.Scan; sc.Status == "failed" {
		text := "The website scan of " + name + " failed, so it has no keywords or article ideas yet."
		if sc.Error != nil {
			text += " " + forPerson(sc.Error.Message)
		}
		out = append(out, attention{Text: text, Href: base, Action: "Check the address and scan again"})
	}
	open := x.backlinks.Backlinks.Paid
	if n := x.drafts; n > 0 && open {
		out = append(out, attention{Text: plural(n, "forum reply draft is", "forum reply drafts are") + " waiting to be posted for " + name + ".", Href: base + "/forum", Action: "Open the posting desk"})
	}
	if bl := x.backlinks.Backlinks; open && bl.Domain != nil && bl.Status != nil && *bl.Status != "verified" {
		out = append(out, attention{Text: "The backlink domain " + *bl.Domain + " of " + name + " is " + words(*bl.Status) + ".", Href: base + "/backlinks", Action: "Verify the domain"})
	}
	for _, i := range x.integrations.Integrations {
		if i.Status == "error" {
			out = append(out, attention{Text: platformName(i.ID) + " of " + name + " reported an error: " + forPerson(str(i.LastError)), Href: base + "/integrations", Action: "Check the integration"})
		}
	}
	if f.RemovesAt.ISO != "" && ending {
		out = append(out, attention{Text: name + " stops with the subscription " + f.RemovesAt.Rel + " (" + f.RemovesAt.Abs + ").", Href: billingPage, Action: "Resume the subscription"})
	} else if f.RemovesAt.ISO != "" {
		out = append(out, attention{Text: name + " is scheduled for removal " + f.RemovesAt.Rel + " (" + f.RemovesAt.Abs + ").", Href: base, Action: "Keep the site"})
	}
	return out
}
