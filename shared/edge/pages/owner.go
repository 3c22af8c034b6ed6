package pages

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/oauth"
	"rvcontent/shared/feature/sessions"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/weburl"
)

// SessionCookie is the name of the signed-in owner's session cookie.
const SessionCookie = "session"

// maxNext is the longest continuation path a sign-in keeps.
const maxNext = weburl.MaxLen

// Owners reads and writes the owner's session cookie for the pages behind
// sign-in.
type Owners struct {
	Sessions *sessions.Service
	// BaseURL is the service's public address; empty to derive it from the
	// request. Cookies are Secure when it is https.
	BaseURL string
}

// base returns the service's address for r.
func (o *Owners) base(r *http.Request) string { return api.BaseURL(r, o.BaseURL) }

// current returns the signed-in owner's session, and false when the request
// has none that works.
func (o *Owners) current(r *http.Request) (sessions.Session, bool, error) {
	c, err := r.Cookie(SessionCookie)
	if err != nil {
		return sessions.Session{}, false, nil
	}
	s, err := o.Sessions.Get(r.Context(), c.Value)
	if errors.Is(err, sessions.ErrNoSession) {
		return sessions.Session{}, false, nil
	}
	return s, err == nil, err
}

// require returns the signed-in owner's session, or answers: a browser
// without a session goes to sign in and comes back to next (a same-origin
// path); a session that cannot be read is a failure page.
func (o *Owners) require(w http.ResponseWriter, r *http.Request, next string) (sessions.Session, bool) {
	sess, ok, err := o.current(r)
	if err != nil {
		slog.ErrorContext(r.Context(), "read session", "err", err)
		failure(w)
		return sessions.Session{}, false
	}
	if !ok {
		http.Redirect(w, r, o.signInURL(r, next), http.StatusSeeOther)
	}
	return sess, ok
}

// ownerPrincipal is the signed-in owner of sess as the actor of a change.
func ownerPrincipal(ctx context.Context, sess sessions.Session) auth.Principal {
	return auth.Principal{
		AccountID: sess.AccountID, IP: auth.IP(ctx),
		Actor: auth.Actor{Type: auth.ActorOwner, ID: sess.AccountID, Name: sess.Email},
	}
}

// setCookie starts the browser's session: HttpOnly, SameSite=Lax, and
// Secure when the service is served over https.
func (o *Owners) setCookie(w http.ResponseWriter, r *http.Request, secret string, expires time.Time, maxAge int) {
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: secret, Path: "/", Expires: expires, MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: strings.HasPrefix(o.base(r), "https://"),
	})
}

// browserCookie returns the value of the browser's cookie name (on path,
// lasting maxAge seconds), setting a new random value when it has none:
// what binds a form shown before sign-in, or an OAuth request, to the
// browser that opened it. The cookie's life starts again with every call,
// so what binds to it now (a sign-in link's page, a request) finds it for
// all of maxAge. The cookie is HttpOnly and SameSite=Lax, so a cross-site
// form post never carries it.
func (o *Owners) browserCookie(w http.ResponseWriter, r *http.Request, name, path string, maxAge int) string {
	v := cookie(r, name)
	if len(v) < 24 || len(v) > 64 {
		v = strings.TrimPrefix(newFormID(), "dash-")
	}
	http.SetCookie(w, &http.Cookie{
		Name: name, Value: v, Path: path, MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: strings.HasPrefix(o.base(r), "https://"),
	})
	return v
}

// cookie returns the value of the request's cookie name, or "".
func cookie(r *http.Request, name string) string {
	if c, err := r.Cookie(name); err == nil {
		return c.Value
	}
	return ""
}

// clearCookie ends the browser's session.
func (o *Owners) clearCookie(w http.ResponseWriter, r *http.Request) {
	o.setCookie(w, r, "", time.Unix(0, 0), -1)
}

// signInURL returns the sign-in page that continues to next.
func (o *Owners) signInURL(r *http.Request, next string) string {
	return o.base(r) + signInPath(next)
}

// signInPath returns the path of the sign-in page that continues to next.
func signInPath(next string) string {
	if next == "" {
		return "/signin"
	}
	return "/signin?next=" + url.QueryEscape(next)
}

// safeNext returns next when it is a path on this service (never another
// origin, so sign-in cannot be used to send people elsewhere), else "".
func safeNext(next string) string {
	if next == "" || len(next) > maxNext || !strings.HasPrefix(next, "/") ||
		strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\\r\n\t") {
		return ""
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return ""
	}
	return next
}

// signInNext returns next when it is a page a sign-in goes on to: a page
// of the owner's dashboard or the consent page (with its query), else ""
// (the README: "a dashboard or consent page; any other value is
// ignored"), so a sign-in link never leads anywhere else.
func signInNext(next string) string {
	next = safeNext(next)
	if next == "" {
		return ""
	}
	u, err := url.Parse(next)
	if err != nil || path.Clean(u.Path) != u.Path || !routes.IsPage(u.Path) {
		return ""
	}
	if u.Path == DashboardPath || strings.HasPrefix(u.Path, DashboardPath+"/") || u.Path == oauth.ConsentPath {
		return next
	}
	return ""
}

// posted returns the request's form body (ReadBody keeps the body readable).
func posted(r *http.Request) url.Values {
	if err := r.ParseForm(); err != nil {
		return url.Values{}
	}
	return r.PostForm
}

// notice is the data of the notice page: a title, a sentence and an
// optional link onwards.
type notice struct {
	Title, Text    string
	Alert          bool
	Link, LinkText string
	// Also is a second way on (the Billing page of a refusal for the
	// plan), shown before Link.
	Also, AlsoText string
}

// failure renders the page of an unexpected error, with the way back to
// the dashboard (which asks a browser without a session to sign in).
func failure(w http.ResponseWriter) {
	Render(w, http.StatusInternalServerError, "notice.html", notice{
		Title: "Something went wrong", Text: "Something went wrong on our side. Please try again in a minute.", Alert: true,
		Link: DashboardPath, LinkText: "Go to your dashboard",
	})
}
