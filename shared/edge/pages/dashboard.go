package pages

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/sessions"
	"rvcontent/shared/kernel/apipath"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
)

// Dashboard paths: the pages the service's dashboard_url, action_url and
// mails link to, under DashboardPath.
const (
	DashboardPath = apipath.Dashboard
	activityPage  = DashboardPath + "/activity"
	billingPage   = DashboardPath + "/billing"
	sitesPage     = DashboardPath + "/sites"
	settingsPage  = DashboardPath + "/settings"
	agentsPage    = settingsPage + "/agents"
	webhooksPage  = settingsPage + "/webhooks"
	// paymentTargets are the processor's hosted pages a billing form
	// redirects to.
	paymentTargets = "https:"
)

// Dashboard serves the owner's dashboard: the person's twin of the agent
// API. Every read and action is an agent-API request of the signed-in
// owner (API), run in the endpoint's own function, so the dashboard has no
// rule of its own: validation messages, limits, idempotency, events
// (source and trigger "dashboard") and activity (actor owner) are the
// API's. Every page needs the signed-in owner; every form carries the
// session's CSRF token and a form id that is its request's
// Idempotency-Key.
type Dashboard struct {
	*Owners
	API *API
	// Clock is the service clock times are told relative to.
	Clock clock.Clock
	// Limiter counts each signed-in owner's dashboard requests against
	// Budget (the per-account request budget), in a count of the owner's
	// own: the pages' reads and actions run as internal requests, which
	// the API's budget does not count, and an agent that spent the
	// account's budget must not lock its owner out of the page that
	// revokes it. Nil counts nothing.
	Limiter api.Limiter
	Budget  api.Budget
}

// Handlers returns the dashboard's handlers by route key.
func (d *Dashboard) Handlers() map[string]http.HandlerFunc {
	site := "/dashboard/sites/{site_id}"
	return map[string]http.HandlerFunc{
		"GET " + DashboardPath:                           d.overview,
		"GET " + activityPage:                            d.accountActivity,
		"GET " + billingPage:                             d.billing,
		"POST " + billingPage + "/checkout":              d.checkout,
		"POST " + billingPage + "/portal":                d.portal,
		"POST " + billingPage + "/activate":              d.activate,
		"POST " + billingPage + "/sites":                 d.addStudioSite,
		"GET " + settingsPage:                            d.settings,
		"POST " + settingsPage + "/delete":               d.deleteAccount,
		"GET " + agentsPage:                              d.agents,
		"POST " + agentsPage:                             d.createAgentKey,
		"POST " + agentsPage + "/{id}/revoke":            d.revokeAgentKey,
		"GET " + webhooksPage:                            d.webhooks,
		"POST " + webhooksPage:                           d.createWebhook,
		"GET " + webhooksPage + "/{webhook_id}":          d.webhook,
		"POST " + webhooksPage + "/{webhook_id}":         d.editWebhook,
		"POST " + webhooksPage + "/{webhook_id}/enable":  d.enableWebhook,
		"POST " + webhooksPage + "/{webhook_id}/disable": d.disableWebhook,
		"POST " + webhooksPage + "/{webhook_id}/test":    d.testWebhook,
		"POST " + webhooksPage + "/{webhook_id}/delete":  d.deleteWebhook,

		"GET " + site:                                                  d.site,
		"POST " + site + "/scan":                                       d.rescan,
		"POST " + site + "/remove":                                     d.removeSite,
		"POST " + site + "/restore":                                    d.restoreSite,
		"GET " + site + "/settings":                                    d.siteSettings,
		"POST " + site + "/settings":                                   d.saveSiteSettings,
		"GET " + site + "/activity":                                    d.siteActivity,
		"GET " + site + "/keywords":                                    d.keywords,
		"POST " + site + "/keywords":                                   d.addKeyword,
		"POST " + site + "/keywords/{keyword_id}/delete":               d.deleteKeyword,
		"POST " + site + "/research":                                   d.startResearch,
		"GET " + site + "/research/{job_id}":                           d.research,
		"GET " + site + "/articles":                                    d.articles,
		"POST " + site + "/articles":                                   d.createArticle,
		"GET " + site + "/articles/{article_id}":                       d.article,
		"GET " + site + "/articles/{article_id}/edit":                  d.editArticle,
		"POST " + site + "/articles/{article_id}/edit":                 d.saveArticle,
		"GET " + site + "/articles/{article_id}/score":                 d.articleScore,
		"POST " + site + "/articles/{article_id}/generate":             d.generateArticle,
		"POST " + site + "/articles/{article_id}/rewrite":              d.rewriteSection,
		"POST " + site + "/articles/{article_id}/finish":               d.finishArticle,
		"POST " + site + "/articles/{article_id}/publish":              d.publishArticle,
		"POST " + site + "/articles/{article_id}/delete":               d.deleteArticle,
		"GET " + site + "/autopilot":                                   d.autopilot,
		"POST " + site + "/autopilot":                                  d.saveAutopilot,
		"GET " + site + "/integrations":                                d.integrations,
		"POST " + site + "/integrations/{integration_id}":              d.configureIntegration,
		"POST " + site + "/integrations/{integration_id}/connect":      d.connectIntegration,
		"POST " + site + "/integrations/{integration_id}/sync":         d.syncIntegration,
		"POST " + site + "/integrations/{integration_id}/disconnect":   d.disconnectIntegration,
		"POST " + site + "/keys":                                       d.createSiteKey,
		"POST " + site + "/keys/{key_id}/revoke":                       d.revokeSiteKey,
		"GET " + site + "/backlinks":                                   d.backlinks,
		"POST " + site + "/backlinks":                                  d.saveBacklinks,
		"POST " + site + "/backlinks/domain":                           d.setBacklinkDomain,
		"POST " + site + "/backlinks/domain/verify":                    d.verifyBacklinkDomain,
		"POST " + site + "/backlinks/targets":                          d.addBacklinkTarget,
		"GET " + site + "/backlinks/targets/{target_id}":               d.backlinkTarget,
		"POST " + site + "/backlinks/targets/{target_id}":              d.saveBacklinkTarget,
		"POST " + site + "/backlinks/targets/{target_id}/delete":       d.deleteBacklinkTarget,
		"POST " + site + "/backlinks/placements/{placement_id}/remove": d.removePlacement,
		"GET " + site + "/forum":                                       d.forum,
		"POST " + site + "/forum":                                      d.saveForum,
		"POST " + site + "/forum/sweeps":                               d.startSweep,
		"GET " + site + "/forum/threads/{thread_id}":                   d.thread,
		"POST " + site + "/forum/threads/{thread_id}":                  d.setThreadStatus,
		"POST " + site + "/forum/threads/{thread_id}/draft":            d.draftReply,
		"POST " + site + "/forum/threads/{thread_id}/edit":             d.editDraft,
		"POST " + site + "/forum/threads/{thread_id}/reply":            d.recordReply,
		"GET " + site + "/rank":                                        d.rank,
	}
}

// owner is the signed-in owner of a dashboard request.
type owner struct {
	sess sessions.Session
	csrf string
	p    auth.Principal
}

// signedIn returns the signed-in owner, or answers: a browser without a
// session goes to sign in and comes back to page; a POST without the
// session's CSRF token is refused (403) and changes nothing.
func (d *Dashboard) signedIn(w http.ResponseWriter, r *http.Request, page string) (owner, bool) {
	sess, ok := d.require(w, r, page)
	if !ok {
		return owner{}, false
	}
	if r.Method == http.MethodPost && !d.Sessions.ValidCSRF(sess, posted(r).Get("csrf")) {
		forbidden(w)
		return owner{}, false
	}
	if wait, over := d.spent(r, sess.AccountID); over {
		// The way back is the page asked for, or the page of the form
		// sent, which changed nothing.
		text, back := "Your dashboard was asked for too many pages in the last minute.", page
		if r.Method == http.MethodGet {
			back = r.URL.RequestURI()
		} else {
			text = "Your dashboard was asked for too many pages in the last minute, so nothing was changed."
		}
		tooMany(w, wait, "Too many requests", text, back, "Open the page again")
		return owner{}, false
	}
	return owner{sess: sess, csrf: d.Sessions.CSRF(sess), p: ownerPrincipal(r.Context(), sess)}, true
}

// spent counts a dashboard request of accountID's owner (see
// Dashboard.Limiter) and reports whether it is over the minute's budget,
// with the seconds until the next minute. A counter that fails admits (and
// is logged), as the API's budget does.
func (d *Dashboard) spent(r *http.Request, accountID string) (wait int, over bool) {
	if d.Limiter == nil || d.Budget.Limit <= 0 {
		return 0, false
	}
	win, err := d.Limiter.Hit(r.Context(), "rl#owner#"+accountID, d.Budget.Window)
	if err != nil {
		slog.WarnContext(r.Context(), "dashboard rate limit counter failed", "err", err)
		return 0, false
	}
	return win.RetryAfter(), win.Count > d.Budget.Limit
}

// ownerOf returns o when a page's render was handed the owner already (a
// refused form re-rendering its page), else the request's signed-in owner
// (see signedIn, with page as where sign-in comes back to).
func (d *Dashboard) ownerOf(w http.ResponseWriter, r *http.Request, o *owner, page string) (owner, bool) {
	if o != nil {
		return *o, true
	}
	return d.signedIn(w, r, page)
}

// get reads path of the agent API as o into out.
func (d *Dashboard) get(ctx context.Context, o owner, path string, out any) error {
	return d.API.call(ctx, o.p, request{Method: http.MethodGet, Path: path}, out)
}

// reads runs a page's reads at once as o.
func (d *Dashboard) reads(ctx context.Context, o owner, fs ...fetch) error {
	return d.API.fetchAll(ctx, o.p, fs...)
}

// listPage is one page of an agent-API list: its items and next_cursor.
type listPage interface{ next() *string }

// readPages hands page, the first page of the API list at path (a path
// with a query, limit included, without cursor), to use, and reads on
// through the list's next pages while use answers true and there are more.
func readPages[P listPage](ctx context.Context, d *Dashboard, o owner, path string, page P, use func(P) bool) error {
	for use(page) {
		n := page.next()
		if n == nil || *n == "" {
			return nil
		}
		var more P
		if err := d.get(ctx, o, path+"&cursor="+url.QueryEscape(*n), &more); err != nil {
			return err
		}
		page = more
	}
	return nil
}

// sitesRead reads the first page of the account's sites (GET /sites);
// allSites reads on from it.
const sitesRead = "/sites?limit=100"

// siteList is one page of GET /sites.
type siteList struct {
	Sites      []apiSite `json:"sites"`
	NextCursor *string   `json:"next_cursor"`
}

func (p siteList) next() *string { return p.NextCursor }

// allSites returns every site of the account: those of first, the page
// sitesRead read, and of the pages after it.
func (d *Dashboard) allSites(ctx context.Context, o owner, first siteList) ([]apiSite, error) {
	var out []apiSite
	err := readPages(ctx, d, o, sitesRead, first, func(p siteList) bool {
		out = append(out, p.Sites...)
		return true
	})
	return out, err
}

// send runs a form's request as o: method path with body, keyed by the
// posted form's id so sending the form twice has one effect.
func (d *Dashboard) send(r *http.Request, o owner, method, path string, body any, out any) error {
	return d.API.call(r.Context(), o.p, request{Method: method, Path: path, Body: body, Key: formKey(posted(r).Get("form_id"))}, out)
}

// done redirects to page after a form's success, with the flash message
// named done; a #place ending page stays at the end of the address.
func (d *Dashboard) done(w http.ResponseWriter, r *http.Request, page, done string) {
	target, place, _ := strings.Cut(page, "#")
	if done != "" {
		sep := "?"
		if strings.Contains(target, "?") {
			sep = "&"
		}
		target += sep + "done=" + url.QueryEscape(done)
	}
	if place != "" {
		target += "#" + place
	}
	http.Redirect(w, r, d.base(r)+target, http.StatusSeeOther)
}

// refused renders the page of an API refusal that has no form to show it
// in: not found (404 for another account's ids as for unknown ones, one
// page for both, back to the overview), the
// API's sentence for other refusals with its status, and the error page
// for failures. back is where the page links to.
func (d *Dashboard) refused(w http.ResponseWriter, r *http.Request, err error, back, backText string) {
	e, ok := err.(*apiError)
	switch {
	case !ok:
		d.fail(w, r, err)
	case e.Status == http.StatusNotFound:
		Render(w, http.StatusNotFound, "notice.html", notice{
			Title: "Not found", Alert: true, Link: DashboardPath, LinkText: "Back to the overview",
			Text: "There is nothing here: the page names something this account does not have, or it was deleted.",
		})
	case e.Status >= 500 && e.Status != http.StatusServiceUnavailable:
		d.fail(w, r, err)
	default:
		n := notice{Title: refusalTitle(e), Text: refusalText(e), Alert: true, Link: back, LinkText: backText}
		switch {
		case e.ActionURL != "":
			// The page that fixes it first, and the way back still.
			n.Also, n.AlsoText = e.ActionURL, "Fix it"
			if e.Code == "payment_failed" {
				n.AlsoText = "Update the card"
			}
		case forTheBill(e.Code) && !strings.HasSuffix(back, billingPage):
			n.Also, n.AlsoText = d.base(r)+billingPage, "Go to Billing"
		}
		Render(w, e.Status, "notice.html", n)
	}
}

// forTheBill reports whether a refusal's code is fixed on the Billing page:
// the plan, its payment or its credits.
func forTheBill(code string) bool {
	switch code {
	case "subscription_required", "paid_plan_required", "payment_failed", "insufficient_credits":
		return true
	}
	return false
}

// refusalText is what a refusal's page says: its message, and for a
// page's query the API refused, which part (a stale or altered page link
// most often, or a Billing page's price whose quote expired).
func refusalText(e *apiError) string {
	if len(e.Details) == 0 {
		return e.Message
	}
	var parts []string
	for _, p := range e.Details {
		if p.Field == "cursor" {
			parts = append(parts, "The link to this page of the list is out of date or was altered.")
			continue
		}
		if p.Field == "proration_date" {
			parts = append(parts, "The price the Billing page showed has expired: open Billing again for the new one.")
			continue
		}
		parts = append(parts, "The "+strings.ReplaceAll(p.Field, "_", " ")+" in the address "+p.Problem+".")
	}
	return strings.Join(parts, " ")
}

// refusalTitle names a refusal for its page's heading.
func refusalTitle(e *apiError) string {
	switch e.Code {
	case "subscription_required", "paid_plan_required":
		return "Needs a plan"
	case "insufficient_credits":
		return "No credits left"
	case "payment_failed":
		return "Payment failed"
	case "rate_limited":
		return "Too many requests"
	case "unavailable":
		return "Try again in a moment"
	case "validation_failed":
		return "Check what you entered"
	}
	return "That did not work"
}

// fail logs an unexpected error and renders the error page.
func (d *Dashboard) fail(w http.ResponseWriter, r *http.Request, err error) {
	slog.ErrorContext(r.Context(), "dashboard", "path", r.URL.Path, "err", err)
	failure(w)
}

// edit is an edit form: its id, submit label and fields as the page
// shows them, and the API values they start from.
type edit struct {
	id, submit string
	fields     []field
	current    url.Values
}

// patch sends the fields of form f that changed from their current values
// as PATCH path and returns to page; a refusal re-renders the form, with
// the API's messages, through again.
func (d *Dashboard) patch(w http.ResponseWriter, r *http.Request, o owner, path, page string, f edit, again func(formView)) {
	sent := posted(r)
	changes := body(f.fields, sent, f.current)
	if len(changes) == 0 {
		d.done(w, r, page, "nothing")
		return
	}
	if err := d.send(r, o, http.MethodPatch, path, changes, nil); err != nil {
		again(form(f.id, r.URL.Path, f.submit, f.fields, sent).withProblems(err, labelsOf(f.fields)))
		return
	}
	d.done(w, r, page, "saved")
}

// errOf is the refusal a re-rendered form shows.
func errOf(f formView) error { return f.err }

// statusOf is the page status of a refused form: the API's 4xx status,
// else 500.
func statusOf(err error) int {
	if e, ok := err.(*apiError); ok && e.Status >= 400 && e.Status < 500 {
		return e.Status
	}
	if e, ok := err.(*apiError); ok && e.Status == http.StatusServiceUnavailable {
		return e.Status
	}
	return http.StatusInternalServerError
}

// itoa writes n.
func itoa(n int) string { return strconv.Itoa(n) }

// esc escapes a path segment.
func esc(s string) string { return url.PathEscape(s) }
