package pages

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/sessions"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
)

// Dashboard paths: the pages the service's dashboard_url, action_url and
// mails link to, under DashboardPath.
const (
	DashboardPath  = "/dashboard"
	billingPage    = DashboardPath + "/billing"
	sitesPage      = DashboardPath + "/sites"
	settingsPage   = DashboardPath + "/settings"
	agentsPage     = settingsPage + "/agents"
	webhooksPage   = settingsPage + "/webhooks"
	listPageSize   = 100
	revokedQuery   = "revoked"
	paymentTargets = "https:" // the processor's hosted pages a billing form redirects to
)

// Dashboard serves the owner's dashboard: an overview, billing with the
// processor's checkout and portal, account settings, agent keys and app
// connections with key creation and revocation, and webhook endpoints
// (read-only). Every page
// needs the signed-in owner of a claimed account; the owner is the actor of
// every change made here.
type Dashboard struct {
	*Owners
	Accounts    *accounts.Service
	Billing     *billing.Service
	Sites       *sites.Store
	Credentials *credentials.Service
	Webhooks    *webhooks.Service
}

// Handlers returns the dashboard's handlers by route key.
func (d *Dashboard) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"GET " + DashboardPath:                d.overview,
		"GET " + sitesPage + "/{site_id}":     d.site,
		"GET " + billingPage:                  d.billing,
		"POST " + billingPage + "/checkout":   d.checkout,
		"POST " + billingPage + "/portal":     d.portal,
		"GET " + settingsPage:                 d.settings,
		"GET " + agentsPage:                   d.agents,
		"POST " + agentsPage:                  d.createKey,
		"POST " + agentsPage + "/{id}/revoke": d.revoke,
		"GET " + webhooksPage:                 d.webhooks,
	}
}

// owner is the signed-in owner of a dashboard request.
type owner struct {
	sess    sessions.Session
	account accounts.Account
	csrf    string
}

// principal is the owner as the actor of a change.
func (o owner) principal(ctx context.Context) auth.Principal { return ownerPrincipal(ctx, o.sess) }

// signedIn returns the signed-in owner of a claimed account, or answers:
// a browser without a session goes to sign in and comes back to page.
// A POST also needs the form's CSRF token.
func (d *Dashboard) signedIn(w http.ResponseWriter, r *http.Request, page string) (owner, bool) {
	sess, ok := d.require(w, r, page)
	if !ok {
		return owner{}, false
	}
	a, err := d.Accounts.Get(r.Context(), sess.AccountID)
	if err != nil && !errors.Is(err, accounts.ErrNotFound) {
		slog.ErrorContext(r.Context(), "read account", "err", err)
		failure(w)
		return owner{}, false
	}
	if err != nil || !a.Claimed {
		Render(w, http.StatusForbidden, "notice.html", notice{
			Title: "No dashboard for this account", Alert: true,
			Text: "The dashboard is for the owner of a claimed account. Claim the account with the link in its welcome email, then sign in again.",
		})
		return owner{}, false
	}
	o := owner{sess: sess, account: a, csrf: d.Sessions.CSRF(sess)}
	if r.Method == http.MethodPost && !d.Sessions.ValidCSRF(sess, form(r).Get("csrf")) {
		forbidden(w)
		return owner{}, false
	}
	return o, true
}

func (d *Dashboard) overview(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, DashboardPath)
	if !ok {
		return
	}
	b, err := d.Billing.Get(r.Context(), o.account.ID)
	if err != nil {
		d.fail(w, r, err)
		return
	}
	all, err := d.Sites.All(r.Context(), o.account.ID)
	if err != nil {
		d.fail(w, r, err)
		return
	}
	Render(w, http.StatusOK, "dashboard.html", overviewView{page: o.page("Dashboard"), Billing: billingRowOf(b), Sites: siteRows(all)})
}

// site shows one site: the page a site's dashboard_url opens.
func (d *Dashboard) site(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("site_id")
	o, ok := d.signedIn(w, r, sitesPage+"/"+url.PathEscape(id))
	if !ok {
		return
	}
	var s sites.Site
	err := error(sites.ErrNotFound) // an id that cannot exist is not looked up
	if !api.Impossible(r, "site_id") {
		s, err = d.Sites.Get(r.Context(), o.account.ID, id)
	}
	var e *apperr.Error
	switch {
	case apperr.Is(err, apperr.NotFound) && errors.As(err, &e):
		Render(w, http.StatusNotFound, "notice.html", notice{Title: "No such site", Text: e.Message, Alert: true, Link: DashboardPath, LinkText: "Back to the dashboard"})
	case err != nil:
		d.fail(w, r, err)
	default:
		Render(w, http.StatusOK, "dashboard_site.html", siteView{page: o.page("Site"), Site: siteRowOf(s)})
	}
}

func (d *Dashboard) billing(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, billingPage)
	if !ok {
		return
	}
	b, err := d.Billing.Get(r.Context(), o.account.ID)
	if err != nil {
		d.fail(w, r, err)
		return
	}
	RenderForm(w, http.StatusOK, "dashboard_billing.html", billingView{page: o.page("Billing"), Billing: billingRowOf(b)}, paymentTargets)
}

// checkout sends the owner to the processor's checkout.
func (d *Dashboard) checkout(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, billingPage)
	if !ok {
		return
	}
	c, err := d.Billing.Checkout(r.Context(), o.account.ID, o.account.Email)
	if apperr.Is(err, apperr.Conflict) {
		billingNotice(w, "This account already has a subscription. Use Manage billing on the billing page to change it.")
		return
	}
	d.away(w, r, c.CheckoutURL, err)
}

// portal sends the owner to the processor's billing portal.
func (d *Dashboard) portal(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, billingPage)
	if !ok {
		return
	}
	p, err := d.Billing.Portal(r.Context(), o.account.ID)
	if apperr.Is(err, apperr.Conflict) {
		billingNotice(w, "This account has no subscription yet. Use Start subscription on the billing page to start one.")
		return
	}
	d.away(w, r, p.PortalURL, err)
}

// away redirects to the processor's page at to, or explains why it cannot.
func (d *Dashboard) away(w http.ResponseWriter, r *http.Request, to string, err error) {
	switch {
	case apperr.Is(err, apperr.Unavailable):
		Render(w, http.StatusServiceUnavailable, "notice.html", notice{
			Title: "Payments unavailable", Alert: true, Link: billingPage, LinkText: "Back to billing",
			Text: "The payment pages cannot be opened right now. Please try again in a few minutes.",
		})
	case err != nil:
		d.fail(w, r, err)
	default:
		http.Redirect(w, r, to, http.StatusSeeOther)
	}
}

// billingNotice explains a billing button that no longer fits the account.
func billingNotice(w http.ResponseWriter, text string) {
	Render(w, http.StatusConflict, "notice.html", notice{
		Title: "Billing changed", Text: text, Alert: true, Link: billingPage, LinkText: "Back to billing",
	})
}

func (d *Dashboard) settings(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, settingsPage)
	if !ok {
		return
	}
	Render(w, http.StatusOK, "dashboard_settings.html", settingsView{page: o.page("Settings"), Account: accountRowOf(o.account)})
}

func (d *Dashboard) agents(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, agentsPage)
	if !ok {
		return
	}
	d.showAgents(w, r, o, http.StatusOK, keyForm{})
}

// showAgents renders the agent keys page with status and the state of its
// "Create an agent key" form.
func (d *Dashboard) showAgents(w http.ResponseWriter, r *http.Request, o owner, status int, f keyForm) {
	keys, err := collect(func(cursor string) ([]credentials.AgentKey, string, error) {
		return d.Credentials.List(r.Context(), o.account.ID, listPageSize, cursor)
	})
	if err != nil {
		d.fail(w, r, err)
		return
	}
	Render(w, status, "dashboard_agents.html", agentsView{
		page: o.page("Agent keys and apps"), Keys: keyRows(keys), Revoked: r.URL.Query().Has(revokedQuery), Form: f, Fields: f.Fields(),
	})
}

// revoke revokes an agent key or disconnects an app, with the owner as the
// actor, exactly as DELETE /agent-keys/{id} does.
func (d *Dashboard) revoke(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, agentsPage)
	if !ok {
		return
	}
	err := error(credentials.ErrNotFound) // an id that cannot exist is not looked up
	if !api.Impossible(r, "id") {
		_, err = d.Credentials.Revoke(auth.With(r.Context(), o.principal(r.Context())), r.PathValue("id"))
	}
	var e *apperr.Error
	switch {
	case apperr.Is(err, apperr.NotFound) && errors.As(err, &e):
		Render(w, http.StatusNotFound, "notice.html", notice{Title: "Nothing to revoke", Text: e.Message, Alert: true, Link: agentsPage, LinkText: "Back to agent keys and apps"})
	case apperr.Is(err, apperr.Conflict) && errors.As(err, &e):
		Render(w, http.StatusConflict, "notice.html", notice{Title: "Try again", Text: e.Message, Alert: true, Link: agentsPage, LinkText: "Back to agent keys and apps"})
	case err != nil:
		d.fail(w, r, err)
	default:
		http.Redirect(w, r, d.base(r)+agentsPage+"?"+revokedQuery+"=1", http.StatusSeeOther)
	}
}

func (d *Dashboard) webhooks(w http.ResponseWriter, r *http.Request) {
	o, ok := d.signedIn(w, r, webhooksPage)
	if !ok {
		return
	}
	eps, err := collect(func(cursor string) ([]webhooks.Endpoint, string, error) {
		return d.Webhooks.List(r.Context(), o.account.ID, listPageSize, cursor)
	})
	if err != nil {
		d.fail(w, r, err)
		return
	}
	Render(w, http.StatusOK, "dashboard_webhooks.html", webhooksView{page: o.page("Webhooks"), Endpoints: endpointRows(eps)})
}

// fail logs an unexpected error and renders the error page.
func (d *Dashboard) fail(w http.ResponseWriter, r *http.Request, err error) {
	slog.ErrorContext(r.Context(), "dashboard", "path", r.URL.Path, "err", err)
	failure(w)
}

// collect reads every page of a list.
func collect[T any](page func(cursor string) ([]T, string, error)) ([]T, error) {
	var all []T
	cursor := ""
	for {
		items, next, err := page(cursor)
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
		if next == "" {
			return all, nil
		}
		cursor = next
	}
}
