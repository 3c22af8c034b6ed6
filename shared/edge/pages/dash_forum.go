package pages

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"rvcontent/shared/feature/forum"
)

// forumFields are the settings of PATCH .../forum; forumFieldsOf tells a
// site without a brand name that the first one needs it.
var forumFields = []field{
	{Name: "enabled", Label: "Find forum threads for this site", Kind: kCheckbox, Hint: "A person posts every reply; the service never does."},
	{Name: "sweep_enabled", Label: "Search automatically once a day", Kind: kCheckbox},
	{Name: "disclosure_line", Label: "Disclosure line", Hint: "10 to 200 characters that name the brand (or use {brand}) and say you work on it.", Blank: nullBlank, Max: 200},
	{Name: "tone", Label: "Tone", Hint: "At most 80 characters; default plain.", Blank: nullBlank, Max: 80},
	{Name: "niche", Label: "Niche", Hint: "At most 160 characters.", Blank: nullBlank, Max: 160},
	{Name: "topic_tags", Label: "Topic tags", Kind: kList, Hint: "Comma-separated, at most 12.", Blank: sendBlank},
	{Name: "max_links_per_reply", Label: "Link to your site in replies", Kind: kSelect, Number: true, Options: []option{{Value: "0", Label: "never"}, {Value: "1", Label: "once"}}},
	{Name: "allow_subforums", Label: "Only these subforums", Kind: kList, Hint: "Comma-separated names without r/; empty for any.", Blank: sendBlank},
	{Name: "deny_subforums", Label: "Never these subforums", Kind: kList, Hint: "Comma-separated names without r/.", Blank: sendBlank},
	{Name: "keywords_per_sweep", Label: "Phrases per search", Kind: kNumber, Hint: "1 to 30 (default 12).", Blank: sendBlank},
}

// forumFieldsOf returns forumFields as site s's form shows them: a copy
// whose enabled field's hint starts with "Needs the site's brand name."
// while s has none.
func forumFieldsOf(s apiSite) []field {
	if strings.TrimSpace(str(s.BrandName)) != "" {
		return forumFields
	}
	fs := slices.Clone(forumFields)
	for i := range fs {
		if fs[i].Name == "enabled" {
			fs[i].Hint = "Needs the site's brand name. " + fs[i].Hint
		}
	}
	return fs
}

// forumValues are the settings as their form shows them.
func forumValues(f apiForum) url.Values {
	return vals("enabled", boolText(f.Enabled), "sweep_enabled", boolText(f.SweepEnabled), "disclosure_line", f.DisclosureLine, "tone", f.Tone,
		"niche", str(f.Niche), "topic_tags", strings.Join(f.TopicTags, ", "), "max_links_per_reply", strconv.Itoa(f.MaxLinksPerReply),
		"allow_subforums", strings.Join(f.AllowSubforums, ", "), "deny_subforums", strings.Join(f.DenySubforums, ", "),
		"keywords_per_sweep", strconv.Itoa(f.KeywordsPerSweep))
}

// forumPageSize is how many items of each of its lists (drafts waiting,
// threads, dismissed threads, replies) a forum page shows.
const forumPageSize = 50

// threadList is one page of GET /sites/{site_id}/forum/threads.
type threadList struct {
	Threads    []apiThread `json:"threads"`
	NextCursor *string     `json:"next_cursor"`
}

func (p threadList) next() *string { return p.NextCursor }

// forumView is a site's forum presence page.
type forumView struct {
	page
	F      apiForum
	Access string
	// Open is true while forum presence takes changes on the site (access
	// paid): only then does the page offer its settings and a search.
	Open bool
	// Archived says the site is an archived Studio site (also one past its
	// removes_at: see factsOf), which has no credits until it is restored.
	Archived              bool
	LastSweep, CreditsEnd when
	Waiting, Threads      []threadRow
	// Dismissed are the dismissed threads, listed apart so that the
	// owner can open and restore them.
	Dismissed []threadRow
	Replies   []replyRow
	// The lists' pages: each list pages on by its own cursor.
	WaitingPages, ThreadPages, DismissedPages, ReplyPages pager
	Settings                                              formView
	// Searching is true while a forum search of the site runs (the page
	// refreshes itself until it ends).
	Searching bool
}

type threadRow struct {
	ID, Title, Subforum, Status, Keyword, Fit, Blocked, Href, Draft string
	Comments, Votes                                                 int
	Posted                                                          when
}

// replyRow is a recorded reply, named by its thread's title ("the
// thread" when the thread is not on the page's lists).
type replyRow struct {
	Permalink, Status, ThreadHref, ThreadTitle string
	Posted, Confirmed, Checked                 when
}

// taken reports whether another site of the account recorded its reply
// in the thread's forum thread: the thread is posted without a reply of
// its own.
func taken(t apiThread) bool { return t.Status == "posted" && t.Reply == nil }

// replyClaimedText says a reply is recorded without its address yet
// (status claimed): someone is posting it, and it is not checked on the
// forum until its address is recorded.
const replyClaimedText = "reply being posted: its address not recorded yet"

// replyStatusText names a reply's verification status for a person.
func replyStatusText(s string) string {
	if s == "claimed" {
		return replyClaimedText
	}
	return words(s)
}

// threadStatusText names a thread status for a person.
func threadStatusText(s string) string {
	switch s {
	case "drafted":
		return "draft waiting to be posted"
	case "posted":
		return "reply posted"
	case "dead":
		return "cannot be answered"
	case "stale":
		return "too old to answer"
	}
	return words(s)
}

func (d *Dashboard) threadRow(siteID string, t apiThread) threadRow {
	row := threadRow{
		ID: t.ID, Title: t.Thread.Title, Subforum: t.Thread.Subforum, Status: threadStatusText(t.Status), Keyword: t.MatchedKeyword,
		Blocked: words(str(t.BlockedReason)), Href: sitePath(siteID) + "/forum/threads/" + esc(t.ID), Comments: t.Thread.NumComments,
		Votes: t.Thread.UpVotes, Posted: at(t.Thread.PostedAt, d.Clock.Now()), Fit: "—",
	}
	if t.Fit != nil {
		row.Fit = strconv.Itoa(*t.Fit) + " of 100"
	}
	if taken(t) {
		row.Status = "replied from another of your sites"
	}
	if t.Reply != nil && t.Reply.Status == "claimed" {
		row.Status = replyClaimedText
	}
	if t.Draft != nil {
		row.Draft = "passes the checks"
		if !t.Draft.CompliancePass {
			row.Draft = "fails a check"
		}
	}
	return row
}

func (d *Dashboard) forum(w http.ResponseWriter, r *http.Request) {
	d.showForum(w, r, nil, http.StatusOK, nil)
}

// showForum renders the forum page; f is the settings form after a
// refusal.
func (d *Dashboard) showForum(w http.ResponseWriter, r *http.Request, o *owner, status int, f *formView) {
	id := esc(r.PathValue("site_id"))
	var fs struct {
		Forum apiForum `json:"forum"`
	}
	var waiting, ts, dismissed threadList
	var rs struct {
		Replies    []apiReply `json:"replies"`
		NextCursor *string    `json:"next_cursor"`
	}
	list := func(param, status string) string {
		q := pageRead(r, param, forumPageSize)
		if status != "" {
			q.Set("status", status)
		}
		return q.Encode()
	}
	var sweeps struct {
		Jobs []struct {
			ID string `json:"id"`
		} `json:"jobs"`
	}
	signed, s, ok := d.openSite(w, r, o, "/forum",
		fetch{Path: "/sites/" + id + "/forum", Out: &fs},
		fetch{Path: "/sites/" + id + "/forum/threads?" + list("drafts_cursor", "drafted"), Out: &waiting},
		fetch{Path: "/sites/" + id + "/forum/threads?" + list("cursor", "new,saved,drafted,posted,stale,dead"), Out: &ts},
		fetch{Path: "/sites/" + id + "/forum/threads?" + list("dismissed_cursor", "dismissed"), Out: &dismissed},
		fetch{Path: "/sites/" + id + "/forum/replies?" + list("replies_cursor", ""), Out: &rs},
		fetch{Path: "/jobs?kind=forum.sweep&status=queued,running&limit=1&site_id=" + id, Out: &sweeps, Optional: true})
	if !ok {
		return
	}
	now := d.Clock.Now()
	v := forumView{
		page: signed.sitePage(r, s, "Forum", "/forum"), F: fs.Forum, Access: forumAccess(fs.Forum.Access, s, now), Open: fs.Forum.Access == forum.AccessPaid,
		Archived: d.factsOf(s).Archived, LastSweep: atp(fs.Forum.LastSweepAt, now), CreditsEnd: atp(fs.Forum.Credits.PeriodEnd, now),
	}
	threadOf := map[string]threadRow{}
	for _, t := range waiting.Threads {
		row := d.threadRow(s.ID, t)
		threadOf[t.ID] = row
		v.Waiting = append(v.Waiting, row)
	}
	for _, t := range ts.Threads {
		row := d.threadRow(s.ID, t)
		threadOf[t.ID] = row
		v.Threads = append(v.Threads, row)
	}
	for _, t := range dismissed.Threads {
		v.Dismissed = append(v.Dismissed, d.threadRow(s.ID, t))
	}
	for _, rp := range rs.Replies {
		title := threadOf[rp.ThreadID].Title
		if title == "" {
			title = "the thread"
		}
		v.Replies = append(v.Replies, replyRow{
			Permalink: str(rp.Permalink), Status: replyStatusText(rp.Status), ThreadHref: sitePath(s.ID) + "/forum/threads/" + esc(rp.ThreadID), ThreadTitle: title,
			Posted: atp(rp.PostedAt, now), Confirmed: atp(rp.ConfirmedAt, now), Checked: atp(rp.LastCheckedAt, now),
		})
	}
	page := sitePath(s.ID) + "/forum"
	v.WaitingPages = listPager("Pages of drafts waiting", page, r, "drafts_cursor", waiting.NextCursor)
	v.ThreadPages = listPager("Pages of threads", page, r, "cursor", ts.NextCursor)
	v.DismissedPages = listPager("Pages of dismissed threads", page, r, "dismissed_cursor", dismissed.NextCursor)
	v.ReplyPages = listPager("Pages of replies", page, r, "replies_cursor", rs.NextCursor)
	if len(sweeps.Jobs) > 0 {
		// A search runs: the page shows what it finds when it ends.
		v.Searching, v.Refresh = true, 5
	}
	v.Settings = pick(f, form("settings", sitePath(s.ID)+"/forum", "Save forum settings", forumFieldsOf(s), forumValues(fs.Forum)))
	if f != nil && !v.Open {
		// Refused after forum presence closed: the page no longer offers
		// the form, so its refusal is a page of its own.
		d.refused(w, r, errOf(*f), page, "Back to the forum")
		return
	}
	Render(w, status, "dash_forum.html", v)
}

// forumAccess explains forum access a on site s for a person: lapsed is
// the site's doing on a Studio site no longer active on the plan (or
// restored while its charge waits), the plan's otherwise; none on a
// pending site is a Studio site whose first charge waits.
func forumAccess(a string, s apiSite, now time.Time) string {
	switch {
	case a == forum.AccessNone && s.Status == "pending":
		return "not open yet: it opens when this Studio site's charge completes on the Billing page"
	case a == forum.AccessPaid:
		return "open: the paid plan includes forum presence"
	case a == forum.AccessTrial:
		return "visible but not usable during the trial: it opens with the paid plan"
	case a == forum.AccessLapsed && (s.Status == "archived" || atp(s.RemovesAt, now).Past):
		return "read-only: this site is archived; restore it on the Billing page to use forum presence again"
	case a == forum.AccessLapsed && s.Status == "pending":
		return "read-only until this Studio site's charge completes on the Billing page"
	case a == forum.AccessLapsed:
		return "read-only: the plan is past due or ended"
	}
	return "closed: it needs the paid plan"
}

// saveForum sends the changed settings (PATCH .../forum).
func (d *Dashboard) saveForum(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	page := sitePath(id) + "/forum"
	o, ok := d.signedIn(w, r, page)
	if !ok {
		return
	}
	var cur struct {
		Forum apiForum `json:"forum"`
	}
	var site struct {
		Site apiSite `json:"site"`
	}
	path := "/sites/" + esc(id) + "/forum"
	if err := d.reads(r.Context(), o, fetch{Path: path, Out: &cur}, fetch{Path: "/sites/" + esc(id), Out: &site}); err != nil {
		d.refused(w, r, err, DashboardPath, "Back to the overview")
		return
	}
	d.patch(w, r, o, path, page, edit{"settings", "Save forum settings", forumFieldsOf(site.Site), forumValues(cur.Forum)}, func(f formView) {
		d.showForum(w, r, &o, statusOf(errOf(f)), &f)
	})
}

// startSweep searches the forum now (POST .../forum/sweeps).
func (d *Dashboard) startSweep(w http.ResponseWriter, r *http.Request) {
	d.siteAction(w, r, "/forum", http.MethodPost, "/forum/sweeps", nil, "sweep")
}

// blockedText says why a thread with blocked reason r takes no reply, as
// the end of "No reply can be drafted here: ...".
func blockedText(r string) string {
	switch r {
	case "":
		return ""
	case "removed":
		return "the thread was removed from the forum"
	case "archived":
		return "the forum archived the thread"
	case "locked":
		return "the thread is locked"
	case "likely_archived":
		return "the thread is over 180 days old, so the forum has most likely archived it"
	case "subforum_denied":
		return "its subforum is left out by this site's forum settings"
	case "promo_banned":
		return "its subforum bans promotion"
	case "off_topic":
		return "the thread is off this site's topic"
	}
	return words(r)
}

// threadView is one thread's page: the thread, its draft with the
// compliance checks, and the posting desk.
type threadView struct {
	page
	T                      threadRow
	Permalink, Body        string
	Comments               []string
	Saved, Dismissed, Dead bool
	Posted, Blocked        bool
	// Taken is true when another site of the account recorded its reply
	// in this forum thread (see taken).
	Taken bool
	// Recordable is true while the posting desk records the reply: the
	// thread has a draft and no reply yet, or a reply claimed without its
	// permalink.
	Recordable bool
	// DismissReason is why the thread was dismissed, as whoever dismissed
	// it said.
	DismissReason string
	// BlockedWhy says why no reply can be drafted (empty unless blocked).
	BlockedWhy string
	// Closed says why the thread takes no change while forum presence is
	// not open on the site (forumAccess); empty while it is. The page then
	// offers none of its forms.
	Closed         string
	Draft          *draftView
	Reply          *replyRow
	Write, Rewrite formView
	Edit, Record   formView
	Dismiss        formView
}

type draftView struct {
	ID, Text              string
	Pass, Edited          bool
	Failures, Unknowns    int
	Rewrites, RewritesMax int
	Checks                []draftCheck
	Updated               when
}

type draftCheck struct {
	Label, State, Detail string
	Fail                 bool
}

// instructionFields are the field of POST .../drafts.
var instructionFields = []field{{Name: "instructions", Label: "Instructions", Kind: kTextarea, Hint: "Optional, at most 500 characters, such as \"short\" or \"no link\".", Max: 500}}

// draftFields are the field of PATCH .../forum/drafts/{draft_id}.
var draftFields = []field{{Name: "edited_body", Label: "Your version", Kind: kTextarea, Hint: "At most 10,000 characters; empty to go back to the written draft. Editing is free and re-runs the checks.", Blank: nullBlank, Max: 10000}}

// dismissFields are the optional field of PATCH .../threads/{thread_id}
// that dismisses it.
var dismissFields = []field{{Name: "dismiss_reason", Label: "Reason for dismissing", Hint: "Optional, at most 200 characters, kept with the thread.", Max: 200}}

// replyFields are the field of POST .../forum/replies.
var replyFields = []field{{Name: "permalink", Label: "Address of your posted reply", Kind: kURL, Required: true, Hint: "The comment's permalink on the forum, in this thread.", Blank: sendBlank}}

func (d *Dashboard) thread(w http.ResponseWriter, r *http.Request) {
	d.showThread(w, r, nil, http.StatusOK, map[string]*formView{})
}

// showThread renders a thread's page; forms are its forms after a refusal.
func (d *Dashboard) showThread(w http.ResponseWriter, r *http.Request, o *owner, status int, forms map[string]*formView) {
	tid := esc(r.PathValue("thread_id"))
	var th struct {
		Thread apiThread `json:"thread"`
	}
	var fs struct {
		Forum apiForum `json:"forum"`
	}
	api := "/sites/" + esc(r.PathValue("site_id")) + "/forum"
	signed, s, ok := d.openSite(w, r, o, "/forum/threads/"+tid, fetch{Path: api + "/threads/" + tid, Out: &th}, fetch{Path: api, Out: &fs})
	if !ok {
		return
	}
	t, now := th.Thread, d.Clock.Now()
	href := sitePath(s.ID) + "/forum/threads/" + esc(t.ID)
	v := threadView{
		page: signed.sitePage(r, s, t.Thread.Title, "/forum"), T: d.threadRow(s.ID, t), Permalink: t.Thread.Permalink, Body: t.Body,
		Saved: t.Status == "saved", Dismissed: t.Status == "dismissed", Dead: t.Status == "dead" || t.Status == "stale",
		Posted: t.Status == "posted", Taken: taken(t), Blocked: t.BlockedReason != nil, BlockedWhy: blockedText(str(t.BlockedReason)),
		DismissReason: str(t.DismissReason),
	}
	if fs.Forum.Access != forum.AccessPaid {
		v.Closed = forumAccess(fs.Forum.Access, s, now)
	}
	for _, c := range t.TopComments {
		v.Comments = append(v.Comments, c.Body)
	}
	if dr := t.Draft; dr != nil {
		dv := &draftView{
			ID: dr.ID, Text: dr.Body, Pass: dr.Compliance.Pass, Edited: dr.EditedBody != nil, Failures: dr.Compliance.Failures,
			Unknowns: dr.Compliance.Unknowns, Rewrites: dr.RegenCount, RewritesMax: 3, Updated: at(dr.UpdatedAt, now),
		}
		if dr.EditedBody != nil {
			dv.Text = *dr.EditedBody
		}
		for _, c := range dr.Compliance.Checks {
			dv.Checks = append(dv.Checks, draftCheck{Label: c.Label, State: c.State, Detail: c.Detail, Fail: c.State == "fail"})
		}
		v.Draft = dv
	}
	// A dismissed thread takes no reply until it is restored; a blocked
	// one may, for a reply posted before it was blocked.
	v.Recordable = t.Draft != nil && (t.Reply == nil && !v.Posted && !v.Dismissed || t.Reply != nil && t.Reply.Status == "claimed")
	if rp := t.Reply; rp != nil {
		v.Reply = &replyRow{Permalink: str(rp.Permalink), Status: replyStatusText(rp.Status), Posted: atp(rp.PostedAt, now), Confirmed: atp(rp.ConfirmedAt, now), Checked: atp(rp.LastCheckedAt, now)}
	}
	v.Write = pick(forms["write"], form("write", href+"/draft", "Write a draft (1 forum reply credit)", instructionFields, url.Values{}))
	v.Rewrite = pick(forms["rewrite"], form("rewrite", href+"/draft", "Rewrite the draft", instructionFields, url.Values{}))
	edited := ""
	if t.Draft != nil {
		edited = str(t.Draft.EditedBody)
		if edited == "" {
			edited = t.Draft.Body
		}
	}
	v.Edit = pick(forms["edit"], form("edit", href+"/edit", "Save my version", draftFields, vals("edited_body", edited)))
	v.Record = pick(forms["record"], form("record", href+"/reply", "Record the posted reply", replyFields, url.Values{}))
	v.Dismiss = pick(forms["dismiss"], form("dismiss", href, "Dismiss", dismissFields, url.Values{}))
	if f := hiddenRefusal(v, forms); f != nil {
		d.refused(w, r, errOf(*f), href, "Back to the thread")
		return
	}
	Render(w, status, "dash_thread.html", v)
}

// hiddenRefusal returns the refused form of forms that the thread's page
// (dash_thread.html) does not show in v's state, nil when there is none:
// a button without fields (save, restore), or a form of a thread that
// changed since the page was opened (an agent dismissed it or recorded
// its reply). Its refusal then comes back as its own page, so its message
// is not lost.
func hiddenRefusal(v threadView, forms map[string]*formView) *formView {
	open := v.Closed == ""
	shown := map[string]bool{
		"write":   open && v.Draft == nil && !v.Posted && !v.Blocked && !v.Dismissed,
		"rewrite": open && v.Draft != nil && !v.Posted && !v.Blocked && !v.Dismissed,
		"edit":    open && v.Draft != nil && !v.Posted,
		"record":  open && v.Recordable,
		"dismiss": open && !v.Posted && !v.Dismissed,
	}
	for id, f := range forms {
		if f != nil && !shown[id] {
			return f
		}
	}
	return nil
}

// threadForm sends a form of a thread's page, returning to the page with
// the flash done; a refusal re-renders the form id with its message. A nil
// b is an edit form the owner sent unchanged: nothing is sent.
func (d *Dashboard) threadForm(w http.ResponseWriter, r *http.Request, id, method, path, action, submit string, fields []field, b map[string]any, done string) {
	href := sitePath(r.PathValue("site_id")) + "/forum/threads/" + esc(r.PathValue("thread_id"))
	o, ok := d.signedIn(w, r, href)
	if !ok {
		return
	}
	if b == nil {
		// Nothing to send, but the thread must still be the owner's (an
		// unknown one or another account's answers the 404 page).
		thread := "/sites/" + esc(r.PathValue("site_id")) + "/forum/threads/" + esc(r.PathValue("thread_id"))
		if err := d.get(r.Context(), o, thread, &struct{}{}); err != nil {
			d.refused(w, r, err, sitePath(r.PathValue("site_id"))+"/forum", "Back to the forum")
			return
		}
		d.done(w, r, href, "nothing")
		return
	}
	if err := d.send(r, o, method, "/sites/"+esc(r.PathValue("site_id"))+path, b, nil); err != nil {
		if e, is := err.(*apiError); is && e.Status == http.StatusNotFound {
			d.refused(w, r, err, sitePath(r.PathValue("site_id"))+"/forum", "Back to the forum")
			return
		}
		f := form(id, href+action, submit, fields, posted(r)).withProblems(err, labelsOf(fields))
		d.showThread(w, r, &o, statusOf(err), map[string]*formView{id: &f})
		return
	}
	d.done(w, r, href, done)
}

// setThreadStatus saves, dismisses or restores the thread (PATCH
// .../forum/threads/{thread_id}).
func (d *Dashboard) setThreadStatus(w http.ResponseWriter, r *http.Request) {
	st := posted(r).Get("status")
	if st == "dismissed" {
		b := body(dismissFields, posted(r), nil)
		b["status"] = st
		d.threadForm(w, r, "dismiss", http.MethodPatch, "/forum/threads/"+esc(r.PathValue("thread_id")), "", "Dismiss", dismissFields, b, "status")
		return
	}
	d.threadForm(w, r, "status", http.MethodPatch, "/forum/threads/"+esc(r.PathValue("thread_id")), "", "", nil, map[string]any{"status": st}, "status")
}

// draftReply drafts or rewrites the reply (POST .../threads/{id}/drafts).
func (d *Dashboard) draftReply(w http.ResponseWriter, r *http.Request) {
	id := "write"
	if posted(r).Get("rewrite") == "1" {
		id = "rewrite"
	}
	d.threadForm(w, r, id, http.MethodPost, "/forum/threads/"+esc(r.PathValue("thread_id"))+"/drafts", "/draft", "Write a draft", instructionFields,
		body(instructionFields, posted(r), nil), "drafted")
}

// editDraft saves the owner's version of the draft (PATCH
// .../forum/drafts/{draft_id}) when the owner changed the text the form
// showed, so an agent's edit made since the page opened stays otherwise.
func (d *Dashboard) editDraft(w http.ResponseWriter, r *http.Request) {
	sent := posted(r)
	var b map[string]any
	if changed := body(draftFields, sent, url.Values{}); len(changed) > 0 {
		b = changed
	}
	d.threadForm(w, r, "edit", http.MethodPatch, "/forum/drafts/"+esc(sent.Get("draft_id")), "/edit", "Save my version", draftFields,
		b, "saved")
}

// recordReply records the reply the owner posted, with its permalink
// (POST .../forum/replies).
func (d *Dashboard) recordReply(w http.ResponseWriter, r *http.Request) {
	sent := posted(r)
	b := map[string]any{"thread_id": r.PathValue("thread_id"), "draft_id": sent.Get("draft_id")}
	if p := strings.TrimSpace(sent.Get("permalink")); p != "" {
		b["permalink"] = p
	}
	done := "recorded"
	if _, ok := b["permalink"]; !ok {
		done = "claimed"
	}
	d.threadForm(w, r, "record", http.MethodPost, "/forum/replies", "/reply", "Record the posted reply", replyFields, b, done)
}
