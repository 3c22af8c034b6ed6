package pages

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"rvcontent/shared/feature/integrations"
)

// autopilotFields are the fields of PATCH /sites/{site_id}/autopilot.
var autopilotFields = []field{
	{Name: "enabled", Label: "Write scheduled articles automatically", Kind: kCheckbox, Hint: "Each article spends 1 article credit; autopilot stops when credits run out."},
	{Name: "weekly_cadence", Label: "Articles a week", Kind: kNumber, Hint: "1 to 14, spread over the chosen days.", Required: true, Blank: sendBlank},
	{Name: "days", Label: "Days", Kind: kChoices, Options: []option{
		{Value: "mon", Label: "Monday"}, {Value: "tue", Label: "Tuesday"}, {Value: "wed", Label: "Wednesday"}, {Value: "thu", Label: "Thursday"},
		{Value: "fri", Label: "Friday"}, {Value: "sat", Label: "Saturday"}, {Value: "sun", Label: "Sunday"},
	}},
	{Name: "time_of_day", Label: "Time of day (UTC)", Kind: kTime, Required: true, Blank: sendBlank,
		Hint: "A day writes once: after today's articles were started, a later time begins tomorrow."},
}

// autopilotFieldsOn are the autopilot form's fields on a site closed or
// not (siteClosed) with autopilot enabled or not: a closed site's form has
// no box to turn autopilot on, which the API refuses there (402
// subscription_required); one left on keeps it, to turn it off. A form
// without the box sends it unticked, as autopilot is, so saving it
// changes nothing of it.
func autopilotFieldsOn(closed, enabled bool) []field {
	if !closed || enabled {
		return autopilotFields
	}
	return slices.DeleteFunc(slices.Clone(autopilotFields), func(fd field) bool { return fd.Name == "enabled" })
}

// autopilotValues are the autopilot settings as the form shows them.
func autopilotValues(a apiAutopilot) url.Values {
	v := vals("enabled", boolText(a.Enabled), "weekly_cadence", strconv.Itoa(a.WeeklyCadence), "time_of_day", a.TimeOfDay)
	v["days"] = a.Days
	return v
}

// autopilotView is a site's autopilot page.
type autopilotView struct {
	page
	Enabled             bool
	NextRun, LastRun    when
	NextArticles, Queue int
	// NoCredits is set while the site has no article credit left, so a
	// run writes nothing (README, Autopilot: it "stops when credits run
	// out"; without a trial or plan there are none); CreditsEnd is when
	// the period holding none ends, zero when none is running.
	NoCredits bool
	// NextWants is how many articles the next run writes of those
	// waiting: NextArticles (the slot's size) or fewer scheduled.
	NextWants int
	// FewCredits is the site's article credits left while some are but
	// fewer than NextWants, so that run writes only FewCredits.
	FewCredits int
	CreditsEnd when
	Form       formView
	// UTCNow is the service clock's time of day in UTC ("09:53"), next to
	// a field asked in UTC, which a page cannot convert to the person's
	// time without a script.
	UTCNow string
	// Closed says why the site writes nothing, autopilot on or not
	// (siteClosed); empty while it runs.
	Closed string
}

func (d *Dashboard) autopilot(w http.ResponseWriter, r *http.Request) {
	d.showAutopilot(w, r, nil, http.StatusOK, nil)
}

// showAutopilot renders the autopilot page; f is the form after a refusal.
func (d *Dashboard) showAutopilot(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	var ap struct {
		Autopilot apiAutopilot `json:"autopilot"`
	}
	var c struct {
		Credits *apiCredits `json:"credits"`
	}
	id := esc(r.PathValue("site_id"))
	signed, s, ok := d.openSite(w, r, o, "/autopilot", fetch{Path: "/sites/" + id + "/autopilot", Out: &ap},
		fetch{Path: "/sites/" + id + "/credits", Out: &c, Optional: true})
	if !ok {
		return
	}
	a, now := ap.Autopilot, d.Clock.Now()
	v := autopilotView{
		page: signed.sitePage(r, s, "Autopilot", "/autopilot"), Enabled: a.Enabled, NextRun: atp(a.NextRunAt, now),
		LastRun: atp(a.LastRunAt, now), NextArticles: a.NextRunArticles, Queue: a.ScheduledArticles, UTCNow: now.UTC().Format("15:04"),
		Closed: siteClosed(d.factsOf(s)),
	}
	v.NextWants = min(a.NextRunArticles, a.ScheduledArticles)
	if c.Credits != nil {
		left := c.Credits.Articles.Balance
		v.NoCredits = left == 0
		// A run after the period's end has the next period's credits.
		if left > 0 && left < v.NextWants && !before(c.Credits.PeriodEnd, a.NextRunAt) {
			v.FewCredits = left
		}
		if end := atp(c.Credits.PeriodEnd, now); !end.Past {
			v.CreditsEnd = end
		}
	}
	v.Form = pick(f, form("autopilot", sitePath(s.ID)+"/autopilot", "Save autopilot", autopilotFieldsOn(v.Closed != "", a.Enabled), autopilotValues(a)))
	Render(w, status, "dash_autopilot.html", v)
}

// before reports whether API timestamp a is known to come before b.
func before(a, b *string) bool {
	if a == nil || b == nil {
		return false
	}
	ta, errA := time.Parse(time.RFC3339Nano, *a)
	tb, errB := time.Parse(time.RFC3339Nano, *b)
	return errA == nil && errB == nil && ta.Before(tb)
}

// saveAutopilot sends the changed settings (PATCH .../autopilot).
func (d *Dashboard) saveAutopilot(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	page := sitePath(id) + "/autopilot"
	o, ok := d.signedIn(w, r, page)
	if !ok {
		return
	}
	var cur struct {
		Autopilot apiAutopilot `json:"autopilot"`
	}
	path := "/sites/" + esc(id) + "/autopilot"
	if err := d.get(r.Context(), o, path, &cur); err != nil {
		d.refused(w, r, err, DashboardPath, "Back to the overview")
		return
	}
	d.patch(w, r, o, path, page, edit{"autopilot", "Save autopilot", autopilotFields, autopilotValues(cur.Autopilot)}, func(f formView) {
		d.showAutopilot(w, r, &o, statusOf(errOf(f)), &f)
	})
}

// integrationView is one push platform on the integrations page.
type integrationView struct {
	ID, Name, Status, SiteURL, RemoteName, Requires, LastError string
	Connected, Available, Error                                bool
	ConnectedAt, LastSync, LastErrorAt                         when
	Configure                                                  formView
	// LastPush is what the platform's last finished sync did; nil
	// before one finished.
	LastPush *syncSummary
}

// syncSummary is a finished sync as the integrations page shows it.
type syncSummary struct {
	Finished                                     when
	Created, Updated, Unchanged, Failed, Skipped int
	Problems                                     []syncProblem
}

// syncProblem is one article a sync could not push; Title is empty
// until read.
type syncProblem struct{ ArticleID, Href, Title, Message string }

// lastPushes reads the site's recent sync jobs, newest first: the
// summary of each platform's last finished sync, and whether one is
// still waiting or running.
func lastPushes(siteID string, list []apiJob, now time.Time) (last map[string]*syncSummary, running bool) {
	last = map[string]*syncSummary{}
	for _, j := range list {
		if j.Status == "queued" || j.Status == "running" {
			running = true
			continue
		}
		// A sync a refused token stopped before any push got through
		// failed, with its counts as result: it is the last sync too.
		var res integrations.SyncResult
		if (j.Status != "completed" && j.Status != "failed") || json.Unmarshal(j.Result, &res) != nil || res.IntegrationID == "" || last[res.IntegrationID] != nil {
			continue
		}
		sum := &syncSummary{
			Finished: atp(j.FinishedAt, now), Created: res.Created, Updated: res.Updated,
			Unchanged: res.Unchanged, Failed: res.Failed, Skipped: res.Skipped,
		}
		for _, e := range res.Errors {
			sum.Problems = append(sum.Problems, syncProblem{
				ArticleID: e.ArticleID, Href: articlePath(siteID, e.ArticleID), Message: forPerson(e.Message),
			})
		}
		last[res.IntegrationID] = sum
	}
	return last, running
}

// siteKeyRow is a site key as the integrations page lists it.
type siteKeyRow struct {
	ID, Name, Prefix, CreatedBy string
	Created, LastUsed           when
	Idle                        bool
}

// integrationsView is a site's integrations page: the push platforms and
// the site keys of the public articles API (the spec's "dashboard
// integrations page").
type integrationsView struct {
	page
	Platforms []integrationView
	Keys      []siteKeyRow
	CreateKey formView
	PublicAPI string
	// Pushing says a sync is waiting or running; the page reloads
	// until it ends.
	Pushing bool
	// Closed says why the site takes no connection, settings, push or
	// new site key (siteClosed); empty while it runs. Disconnecting and
	// revoking still work.
	Closed string
	// Archived offers restoring the site on its overview page.
	Archived bool
}

// siteKeyFields are the fields of POST /sites/{site_id}/keys.
var siteKeyFields = []field{{Name: "name", Label: "Name", Hint: "Optional, 1 to 60 characters: where the key is used, such as \"Blog plugin\".", Max: 60}}

// integrationFields are the settings of PATCH .../integrations/{id}.
func integrationFields(i apiIntegration) []field {
	fs := []field{{Name: "default_status", Label: "New posts are", Kind: kSelect, Options: []option{{Value: "draft", Label: "drafts"}, {Value: "publish", Label: "published"}}}}
	if i.Setup == nil {
		return fs
	}
	choices := func(name, label string, os []apiOption) field {
		f := field{Name: name, Label: label, Kind: kSelect, Blank: nullBlank, Options: []option{{Value: "", Label: "None"}}}
		for _, o := range os {
			f.Options = append(f.Options, option{Value: o.ID, Label: o.Name})
		}
		return f
	}
	if len(i.Setup.Categories) > 0 {
		fs = append(fs, choices("category", "Category", i.Setup.Categories))
	}
	if len(i.Setup.Authors) > 0 {
		fs = append(fs, choices("author", "Author", i.Setup.Authors))
	}
	return fs
}

// integrationValues are an integration's settings as its form shows them.
func integrationValues(i apiIntegration) url.Values {
	return vals("default_status", i.Settings.DefaultStatus, "category", str(i.Settings.Category), "author", str(i.Settings.Author))
}

func (d *Dashboard) integrations(w http.ResponseWriter, r *http.Request) {
	d.showIntegrations(w, r, nil, http.StatusOK, nil, nil)
}

// showIntegrations renders the integrations page; key is the site key
// form after a refusal, configure the form of one platform.
func (d *Dashboard) showIntegrations(w http.ResponseWriter, r *http.Request, o *owner, status int, key, configure *formView) {
	id := esc(r.PathValue("site_id"))
	var ints [2]struct {
		Integration apiIntegration `json:"integration"`
	}
	var keys struct {
		Keys []apiSiteKey `json:"site_keys"`
	}
	var syncs struct {
		Jobs []apiJob `json:"jobs"`
	}
	signed, s, ok := d.openSite(w, r, o, "/integrations",
		fetch{Path: "/sites/" + id + "/integrations/push_platform_1", Out: &ints[0]},
		fetch{Path: "/sites/" + id + "/integrations/push_platform_2", Out: &ints[1]},
		fetch{Path: "/sites/" + id + "/keys?limit=100", Out: &keys},
		fetch{Path: "/jobs?kind=integration.sync&limit=20&site_id=" + id, Out: &syncs, Optional: true})
	if !ok {
		return
	}
	now := d.Clock.Now()
	base := sitePath(s.ID) + "/integrations"
	f := d.factsOf(s)
	v := integrationsView{page: signed.sitePage(r, s, "Integrations", "/integrations"), PublicAPI: d.base(r) + "/api/public/v1", Closed: siteClosed(f), Archived: f.Archived}
	pushes, running := lastPushes(s.ID, syncs.Jobs, now)
	if running {
		v.Pushing, v.Refresh = true, 5
	}
	d.nameProblems(r, signed, id, pushes)
	for _, it := range ints {
		i := it.Integration
		iv := integrationView{
			ID: i.ID, Name: platformName(i.ID), Status: words(i.Status), SiteURL: str(i.SiteURL), RemoteName: str(i.RemoteName),
			Requires: words(i.Requires), LastError: forPerson(str(i.LastError)), Connected: i.Status != "not_connected", Available: i.Available,
			Error: i.Status == "error", ConnectedAt: atp(i.ConnectedAt, now), LastSync: atp(i.LastSyncAt, now), LastErrorAt: atp(i.LastErrorAt, now),
			LastPush: pushes[i.ID],
		}
		iv.Configure = form("configure-"+i.ID, base+"/"+esc(i.ID), "Save settings", integrationFields(i), integrationValues(i))
		if configure != nil && configure.ID == "configure-"+i.ID {
			iv.Configure = *configure
		}
		v.Platforms = append(v.Platforms, iv)
	}
	for _, k := range keys.Keys {
		who, _ := actorText(k.CreatedBy)
		v.Keys = append(v.Keys, siteKeyRow{ID: k.ID, Name: str(k.Name), Prefix: k.Prefix, CreatedBy: who, Created: at(k.CreatedAt, now), LastUsed: atp(k.LastUsedAt, now), Idle: k.Idle})
	}
	v.CreateKey = pick(key, form("sitekey", sitePath(s.ID)+"/keys", "Create site key", siteKeyFields, url.Values{}))
	Render(w, status, "dash_integrations.html", v)
}

// articleRead is the answer of GET .../articles/{article_id}.
type articleRead struct {
	Article apiArticle `json:"article"`
}

// nameProblems reads the titles of the articles the last pushes could
// not send, at once; an article deleted since keeps no title.
func (d *Dashboard) nameProblems(r *http.Request, o owner, siteID string, pushes map[string]*syncSummary) {
	var problems []*syncProblem
	for _, sum := range pushes {
		for i := range sum.Problems {
			problems = append(problems, &sum.Problems[i])
		}
	}
	if len(problems) == 0 {
		return
	}
	outs := make([]articleRead, len(problems))
	reads := make([]fetch, len(problems))
	for i, p := range problems {
		reads[i] = fetch{Path: "/sites/" + siteID + "/articles/" + esc(p.ArticleID), Out: &outs[i], Optional: true}
	}
	_ = d.reads(r.Context(), o, reads...) // every read is optional
	for i, p := range problems {
		p.Title = outs[i].Article.Title
	}
}

// configureIntegration sends the changed settings (PATCH
// .../integrations/{integration_id}).
func (d *Dashboard) configureIntegration(w http.ResponseWriter, r *http.Request) {
	id, integ := r.PathValue("site_id"), r.PathValue("integration_id")
	page := sitePath(id) + "/integrations"
	o, ok := d.signedIn(w, r, page)
	if !ok {
		return
	}
	var cur struct {
		Integration apiIntegration `json:"integration"`
	}
	path := "/sites/" + esc(id) + "/integrations/" + esc(integ)
	if err := d.get(r.Context(), o, path, &cur); err != nil {
		d.refused(w, r, err, page, "Back to integrations")
		return
	}
	f := edit{"configure-" + integ, "Save settings", integrationFields(cur.Integration), integrationValues(cur.Integration)}
	d.patch(w, r, o, path, page, f, func(f formView) {
		d.showIntegrations(w, r, &o, statusOf(errOf(f)), nil, &f)
	})
}

// connectIntegration starts connecting a platform (POST .../connect) and
// opens the connect page it returns.
func (d *Dashboard) connectIntegration(w http.ResponseWriter, r *http.Request) {
	id, integ := r.PathValue("site_id"), r.PathValue("integration_id")
	page := sitePath(id) + "/integrations"
	o, ok := d.signedIn(w, r, page)
	if !ok {
		return
	}
	var out struct {
		Connect struct {
			URL string `json:"connect_url"`
		} `json:"connect"`
	}
	if err := d.send(r, o, http.MethodPost, "/sites/"+esc(id)+"/integrations/"+esc(integ)+"/connect", nil, &out); err != nil {
		d.refused(w, r, err, page, "Back to integrations")
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, out.Connect.URL, http.StatusSeeOther)
}

// syncIntegration pushes missing or changed articles (POST .../sync).
func (d *Dashboard) syncIntegration(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "/integrations", http.MethodPost, "/integrations/"+esc(r.PathValue("integration_id"))+"/sync", nil, "sync")
}

// disconnectIntegration disconnects a platform (DELETE
// .../integrations/{integration_id}).
func (d *Dashboard) disconnectIntegration(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "/integrations", http.MethodDelete, "/integrations/"+esc(r.PathValue("integration_id")), nil, "disconnected")
}

// siteKeyCreatedView shows a new site key, once.
type siteKeyCreatedView struct {
	page
	Key       siteKeyRow
	Secret    string
	Back      string
	PublicAPI string
}

// createSiteKey creates a site key (POST /sites/{site_id}/keys) and shows
// it this one time.
func (d *Dashboard) createSiteKey(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	page := sitePath(id) + "/integrations"
	o, ok := d.signedIn(w, r, page)
	if !ok {
		return
	}
	sent := posted(r)
	var out struct {
		SiteKey apiSiteKey `json:"site_key"`
		replay
	}
	if err := d.send(r, o, http.MethodPost, "/sites/"+esc(id)+"/keys", body(siteKeyFields, sent, nil), &out); err != nil {
		f := form("sitekey", sitePath(id)+"/keys", "Create site key", siteKeyFields, sent).withProblems(err, labelsOf(siteKeyFields))
		d.showIntegrations(w, r, &o, statusOf(err), &f, nil)
		return
	}
	_, s, ok := d.openSite(w, r, &o, "/integrations")
	if !ok {
		return
	}
	k := out.SiteKey
	who, _ := actorText(k.CreatedBy)
	v := siteKeyCreatedView{
		page: o.sitePage(r, s, "Site key created", "/integrations"), Secret: k.Key, Back: page, PublicAPI: d.base(r) + "/api/public/v1",
		Key: siteKeyRow{ID: k.ID, Name: str(k.Name), Prefix: k.Prefix, CreatedBy: who, Created: at(k.CreatedAt, d.Clock.Now())},
	}
	status := http.StatusCreated
	if out.hidesSecret(k.CreatedAt, d.Clock.Now()) {
		v.Secret, status = "", http.StatusOK
	}
	Render(w, status, "dash_sitekey_created.html", v)
}

// revokeSiteKey revokes a site key (DELETE /sites/{site_id}/keys/{key_id}).
func (d *Dashboard) revokeSiteKey(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "/integrations", http.MethodDelete, "/keys/"+esc(r.PathValue("key_id")), nil, "key_revoked")
}
