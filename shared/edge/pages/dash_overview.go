package pages

import (
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
	Href     string
	Credits  creditsView
	Latest   []activityRow
	Drafts   int
	PlanNote string
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
	activity struct {
		Activity []apiActivity `json:"activity"`
	}
}

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
	var act struct {
		Activity []apiActivity `json:"activity"`
	}
	err := d.reads(ctx, o, fetch{Path: "/billing", Out: &b}, fetch{Path: sitesRead, Out: &ss},
		fetch{Path: "/webhooks?limit=100", Out: &hooks}, fetch{Path: "/activity?limit=8", Out: &act})
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
			fetch{Path: "/sites/" + id + "/scan", Out: &x.scan, Optional: true},
			fetch{Path: "/activity?limit=1&site_id=" + id, Out: &x.activity})
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
	v := overviewView{page: o.page(r, "Overview", DashboardPath), Billing: d.billingOf(b.Billing), Activity: activityTable{Rows: d.activityRows(act.Activity, bySite), AcrossSites: true}}
	v.Attention = d.accountAttention(b.Billing, hooks.Webhooks)
	for i, s := range sites {
		x := extras[i]
		c := siteCard{
			siteFacts: d.factsOf(s), Href: sitePath(s.ID), Credits: d.creditsOf(x.credits.Credits),
			Latest: d.activityRows(x.activity.Activity, bySite), Drafts: x.drafts, PlanNote: v.Billing.Summary,
		}
		switch {
		case c.Archived:
			c.PlanNote = "Archived: off the plan until restored on its page"
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
// its card says. While the subscription is set to end (ending), a Studio
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
	if n := x.drafts; n > 0 {
		out = append(out, attention{Text: plural(n, "forum reply draft is", "forum reply drafts are") + " waiting to be posted for " + name + ".", Href: base + "/forum", Action: "Open the posting desk"})
	}
	if bl := x.backlinks.Backlinks; bl.Domain != nil && bl.Status != nil && *bl.Status != "verified" {
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
