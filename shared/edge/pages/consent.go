package pages

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/oauth"
	"rvcontent/shared/feature/sessions"
)

// Consent serves the browser side of the authorization server: the
// authorization endpoint, which records the app's request and sends the
// owner to sign in if needed and then to the consent page, and the consent
// page with its Connect and Cancel answers. A request is bound to the
// browser that opened it (a cookie whose hash the request keeps): only
// that browser's signed-in owner can see or answer it, so a request link
// sent to someone else cannot connect an app to their account.
type Consent struct {
	*Owners
	OAuth *oauth.Service
}

type consentView struct {
	ID, ClientName, Email, ReturnTo, CSRF, Again string
	// SharesEmail says the app also gets the owner's email address.
	SharesEmail bool
}

// Authorize answers GET /oauth/authorize; past the caller address's
// budget (oauth.Service.Admit) a page that says when to try again and
// links to the same request, with nothing of the request read and no
// redirect. A browser that says it loads the page as anything but a
// document (an image, a frame) gets the 403 page, uncounted.
func (c *Consent) Authorize(w http.ResponseWriter, r *http.Request) {
	if d := r.Header.Get("Sec-Fetch-Dest"); d != "" && !strings.EqualFold(d, "document") {
		// An image, a script or a frame of another page: no app sends the
		// owner here so, and such a page must not spend the address's
		// budget, which the owner's apps' token requests share.
		forbidden(w)
		return
	}
	if err := c.OAuth.Admit(r.Context(), api.ClientIP(r)); err != nil {
		var oe *oauth.Error
		if !errors.As(err, &oe) {
			slog.ErrorContext(r.Context(), "authorization request budget", "err", err)
			failure(w)
			return
		}
		// The way on is this same request, sent again once the wait is
		// over: nothing of it was read, so its app is not known here.
		tooMany(w, oe.RetryAfter, "Too many requests", "Too many apps asked to connect from this network in the last minute.", r.URL.RequestURI(), "Try connecting the app again")
		return
	}
	browser := c.browserCookie(w, r, browserCookie, oauthPath, int(browserLifetime.Seconds()))
	req, err := c.OAuth.Authorize(r.Context(), r.URL.RawQuery, c.base(r), browser)
	var ae *oauth.AuthorizeError
	switch {
	case errors.As(err, &ae) && ae.RedirectURI != "":
		http.Redirect(w, r, ae.Location(), http.StatusFound)
		return
	case errors.As(err, &ae):
		Render(w, http.StatusBadRequest, "notice.html", notice{Title: "This app cannot connect", Text: ae.Err.Description, Alert: true})
		return
	case err != nil:
		slog.ErrorContext(r.Context(), "authorization request", "err", err)
		failure(w)
		return
	}
	consent := consentPath(req.ID)
	_, signedIn, err := c.current(r)
	if err != nil {
		slog.ErrorContext(r.Context(), "read session", "err", err)
		failure(w)
		return
	}
	if !signedIn {
		http.Redirect(w, r, c.signInURL(r, consent), http.StatusFound)
		return
	}
	http.Redirect(w, r, c.base(r)+consent, http.StatusFound)
}

// browserCookie names the cookie that binds authorization requests to the
// browser that opened them; it is sent to the /oauth pages only.
const (
	browserCookie   = "oauth_browser"
	oauthPath       = "/oauth"
	browserLifetime = 24 * time.Hour
)

// Show renders the consent page of ?authorization_id=, or its error state.
func (c *Consent) Show(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("authorization_id")
	req, ok := c.pending(w, r, id)
	if !ok {
		return
	}
	sess, ok := c.owner(w, r, id)
	if !ok {
		return
	}
	back, _ := url.Parse(req.RedirectURI)
	RenderForm(w, http.StatusOK, "consent.html", consentView{
		ID: req.ID, ClientName: req.ClientName, Email: sess.Email, ReturnTo: back.Host,
		CSRF: c.Sessions.CSRF(sess), Again: signInPath(consentPath(req.ID)), SharesEmail: req.SharesEmail(),
	}, formTarget(back))
}

// formTarget returns the CSP source that lets the consent form's answer
// redirect to back: its origin, or only its scheme when a CSP source cannot
// name its host (an IPv6 literal such as [::1], a name with "_" or letters
// outside ASCII), which a browser would ignore and then block the redirect.
func formTarget(back *url.URL) string {
	host := strings.ToLower(back.Hostname())
	if host == "" || strings.Trim(host, "abcdefghijklmnopqrstuvwxyz0123456789-.") != "" {
		return strings.ToLower(back.Scheme) + ":"
	}
	return back.Scheme + "://" + back.Host
}

// Submit answers the consent form: Connect or Cancel, then back to the app.
func (c *Consent) Submit(w http.ResponseWriter, r *http.Request) {
	f := posted(r)
	id := f.Get("authorization_id")
	if f.Get("decision") == "connect" && c.connectAgain(w, r, f, id) {
		return
	}
	if _, ok := c.pending(w, r, id); !ok {
		return
	}
	sess, ok := c.owner(w, r, id)
	if !ok {
		return
	}
	if !c.Sessions.ValidCSRF(sess, f.Get("csrf")) {
		forbidden(w)
		return
	}
	var location string
	var err error
	switch f.Get("decision") {
	case "connect": // a browser sends the clicked button (Enter clicks Connect, the first)
		location, err = c.OAuth.Approve(r.Context(), ownerPrincipal(r.Context(), sess), sess.Email, id)
	case "cancel":
		location, err = c.OAuth.Deny(r.Context(), id)
	default:
		Render(w, http.StatusBadRequest, "notice.html", notice{Title: "No answer", Text: "Choose Connect or Cancel.", Alert: true, Link: c.base(r) + consentPath(id), LinkText: "Back to the request"})
		return
	}
	switch {
	case errors.Is(err, oauth.ErrTooManyConnections):
		Render(w, http.StatusConflict, "notice.html", notice{
			Title: "Too many connections", Alert: true,
			Text: fmt.Sprintf("This account already has %d active agent keys and app connections, the most it can have. Revoke a key or disconnect an app you no longer use, then connect this app again.", credentials.MaxActive),
			Link: c.base(r) + agentsPage, LinkText: "Go to agent keys and apps",
		})
	case errors.Is(err, credentials.ErrCredentialGone):
		// The account was deleted meanwhile: as for any signed-out browser.
		http.Redirect(w, r, c.signInURL(r, consentPath(id)), http.StatusSeeOther)
	case err != nil:
		c.requestError(w, r, err)
	default:
		http.Redirect(w, r, location, http.StatusSeeOther)
	}
}

// connectAgain answers a Connect sent again for a request this browser's
// owner approved a moment ago (a double click: the browser shows the
// second answer, not the first) with the same redirect back to the app,
// while its code is unused. It reports whether it answered; otherwise the
// request is answered as any other.
func (c *Consent) connectAgain(w http.ResponseWriter, r *http.Request, f url.Values, id string) bool {
	sess, ok, err := c.current(r)
	if err != nil || !ok || !c.Sessions.ValidCSRF(sess, f.Get("csrf")) {
		return false
	}
	req, location, err := c.OAuth.ApprovedAgain(r.Context(), ownerPrincipal(r.Context(), sess), id)
	if err != nil || !req.BoundTo(cookie(r, browserCookie)) {
		return false
	}
	http.Redirect(w, r, location, http.StatusSeeOther)
	return true
}

// pending returns the pending request id, or renders the consent page's
// error state.
func (c *Consent) pending(w http.ResponseWriter, r *http.Request, id string) (oauth.Request, bool) {
	req, err := c.OAuth.Pending(r.Context(), id)
	if err != nil {
		c.requestError(w, r, err)
		return oauth.Request{}, false
	}
	if !req.BoundTo(cookie(r, browserCookie)) {
		Render(w, http.StatusForbidden, "notice.html", notice{
			Title: "Not your request", Alert: true,
			Text: "This connection request was started in another browser, so it cannot be answered here. Start connecting again from the app, in this browser.",
			Link: c.base(r) + DashboardPath, LinkText: "Go to your dashboard",
		})
		return oauth.Request{}, false
	}
	return req, true
}

// owner returns the signed-in owner's session, or sends the browser to
// sign in and come back to the consent page of request id.
func (c *Consent) owner(w http.ResponseWriter, r *http.Request, id string) (sessions.Session, bool) {
	return c.require(w, r, consentPath(id))
}

// requestError renders the consent page's error states. A request that
// is gone links to the agent keys and apps page, which lists the app when
// it was connected.
func (c *Consent) requestError(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, oauth.ErrNoRequest):
		Render(w, http.StatusBadRequest, "notice.html", notice{
			Title: "Nothing to approve", Alert: true,
			Text: "This page shows an app's request to connect to your account, but it was opened without one. Start connecting again from the app.",
			Link: c.base(r) + DashboardPath, LinkText: "Go to your dashboard",
		})
	case errors.Is(err, oauth.ErrRequestGone):
		Render(w, http.StatusGone, "notice.html", notice{
			Title: "Request expired or already answered", Alert: true,
			Text: "This connection request has expired (requests wait 10 minutes) or was already answered. Start connecting again from the app.",
			Link: c.base(r) + agentsPage, LinkText: "See your connected apps and agent keys",
		})
	default:
		slog.ErrorContext(r.Context(), "consent", "err", err)
		failure(w)
	}
}

// consentPath returns the consent page's path for request id.
func consentPath(id string) string {
	return oauth.ConsentPath + "?authorization_id=" + url.QueryEscape(id)
}
