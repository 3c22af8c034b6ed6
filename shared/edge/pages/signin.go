package pages

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"

	"rvcontent/shared/feature/emailcheck"
	"rvcontent/shared/feature/sessions"
)

// SignIn serves the owner's sign-in by emailed link: the email form, the
// link's page (which shows whom it signs in and signs in only when its
// button is pressed), and sign-out.
type SignIn struct {
	*Owners
	// API runs the agent API's endpoints: an unclaimed account's owner
	// who asks to sign in is sent a new claim link through POST
	// /account/resend-claim, run as the service.
	API *API
}

// formCookie names the cookie that binds the sign-in link's page to the
// browser that opened it.
const formCookie = "signin_form"

type signInView struct {
	Email, Next, Error string
}

// Show renders the sign-in form; a signed-in owner goes on to next (the
// dashboard when there is none).
func (s *SignIn) Show(w http.ResponseWriter, r *http.Request) {
	next := signInNext(r.URL.Query().Get("next"))
	_, ok, err := s.current(r)
	if err != nil {
		slog.ErrorContext(r.Context(), "read session", "err", err)
		failure(w)
		return
	}
	if ok {
		http.Redirect(w, r, s.base(r)+landing(next), http.StatusSeeOther)
		return
	}
	if next != "" {
		s.rememberNext(w, r, next)
	}
	Render(w, http.StatusOK, "signin.html", signInView{Next: next})
}

// landing is where a sign-in continues: next, else the dashboard.
func landing(next string) string {
	if next == "" {
		return DashboardPath
	}
	return next
}

// Submit emails a sign-in link when the address is a claimed account's,
// and answers the same page in every case.
func (s *SignIn) Submit(w http.ResponseWriter, r *http.Request) {
	if fromAnotherSite(r, s.base(r)) {
		// Before anything is counted: a page of another site the owner
		// opens must not spend their address's budget (sessions.SendLink)
		// and keep them from signing in.
		forbidden(w)
		return
	}
	f := posted(r)
	email, next := strings.TrimSpace(f.Get("email")), signInNext(f.Get("next"))
	if email == "" || len(email) > 254 || !strings.Contains(email, "@") {
		Render(w, http.StatusUnprocessableEntity, "signin.html", signInView{
			Email: email, Next: next, Error: "Enter the email address of your account, like name@example.com.",
		})
		return
	}
	if !emailcheck.ASCIILocalPart(email) {
		// No account has one: mail cannot be delivered to it.
		Render(w, http.StatusUnprocessableEntity, "signin.html", signInView{
			Email: email, Next: next, Error: "We cannot send mail to an address with letters such as ü before the @, so no account uses it. Enter the email address of your account, like name@example.com.",
		})
		return
	}
	if err := s.Sessions.SendLink(r.Context(), email, next); err != nil {
		var e *apperr.Error
		if errors.As(err, &e) && e.Code == apperr.RateLimited {
			tooMany(w, e.RetryAfter, "Too many sign-in requests", "Too many sign-in links were asked for from this network in the last hour.", s.signInURL(r, next), "Back to sign-in")
			return
		}
		slog.ErrorContext(r.Context(), "send sign-in link", "err", err)
		failure(w)
		return
	}
	s.sendClaimLink(r, email)
	s.rememberNext(w, r, next)
	Render(w, http.StatusOK, "signin_sent.html", map[string]string{"Email": email, "Again": s.signInURL(r, next)})
}

// sendClaimLink emails a new claim link when email is the owner's address
// of an account not claimed yet: the person cannot sign in before claiming
// it, and the link goes to the same inbox a sign-in link would. It counts
// toward the account's claim resends (3 a day); the answer is the same
// "check your email" in every case, so it tells nothing about accounts.
func (s *SignIn) sendClaimLink(r *http.Request, email string) {
	id, ok, err := s.Sessions.Unclaimed(r.Context(), email)
	if err != nil || !ok || s.API == nil {
		if err != nil {
			slog.ErrorContext(r.Context(), "find an unclaimed account", "err", err)
		}
		return
	}
	p := auth.ServiceOnRequest(r.Context(), id, "owner sign-in page")
	if err := s.API.call(r.Context(), p, request{Method: http.MethodPost, Path: "/account/resend-claim"}, nil); err != nil {
		slog.WarnContext(r.Context(), "resend a claim link from the sign-in page", "account_id", id, "err", err)
	}
}

// linkView is the sign-in link's page; Next is where its sign-in goes on
// to, which the page's form carries for the page of a link used up
// meanwhile.
type linkView struct {
	Email, Token, Check, Next string
}

// Verify shows what an emailed sign-in link signs in to, with a Sign in
// button. Opening the link signs nobody in: otherwise anyone could send
// someone their own link and sign them in to the sender's account.
func (s *SignIn) Verify(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	token := q.Get("token")
	l, err := s.Sessions.Peek(r.Context(), token)
	if err != nil {
		s.badLink(w, r, err, q.Get("next"))
		return
	}
	binding := s.browserCookie(w, r, formCookie, "/signin", int(sessions.LinkLifetime.Seconds()))
	w.Header().Set("Referrer-Policy", "no-referrer")
	Render(w, http.StatusOK, "signin_link.html", linkView{
		Email: l.Email, Token: token, Check: s.Sessions.FormToken(binding), Next: signInNext(l.Next),
	})
}

// Redeem answers the link page's Sign in button: from the browser that
// opened the page, it uses the link up, starts the session and goes on to
// the link's next page, else the dashboard. Pressed again at once in that
// browser (a double click, whose first answer the browser dropped), it
// signs the browser in all the same (sessions.AgainWithin).
func (s *SignIn) Redeem(w http.ResponseWriter, r *http.Request) {
	f := posted(r)
	if !s.Sessions.ValidFormToken(cookie(r, formCookie), f.Get("check")) {
		forbidden(w)
		return
	}
	st, err := s.Sessions.RedeemIn(r.Context(), f.Get("token"), cookie(r, formCookie))
	if err != nil {
		s.badLink(w, r, err, f.Get("next"))
		return
	}
	if old := cookie(r, SessionCookie); old != "" {
		if err := s.Sessions.End(r.Context(), old); err != nil {
			slog.WarnContext(r.Context(), "end the previous session", "err", err)
		}
	}
	s.setCookie(w, r, st.Secret, st.Session.ExpiresAt, int(sessions.Lifetime.Seconds()))
	http.Redirect(w, r, s.base(r)+landing(signInNext(st.Next)), http.StatusSeeOther)
}

// badLink answers a link that does not work, whose sign-in was to go on
// to next (as the link or its page names it, so unchecked). A browser
// signed in already goes on to next, else the dashboard: an old link
// opened again, or its Sign in pressed twice, has nothing left to do.
// Others get the page that says the link is not valid, whose link asks
// for a new one that keeps next.
func (s *SignIn) badLink(w http.ResponseWriter, r *http.Request, err error, next string) {
	if !errors.Is(err, sessions.ErrBadLink) {
		slog.ErrorContext(r.Context(), "sign-in link", "err", err)
		failure(w)
		return
	}
	next = signInNext(next)
	_, ok, err := s.current(r)
	if err != nil {
		slog.WarnContext(r.Context(), "read session", "err", err)
	}
	if ok {
		http.Redirect(w, r, s.base(r)+landing(next), http.StatusSeeOther)
		return
	}
	Render(w, http.StatusNotFound, "notice.html", notice{
		Title: "Sign-in link not valid", Text: sessions.ErrBadLink.Message, Alert: true,
		Link: s.signInURL(r, next), LinkText: "Ask for a new sign-in link",
	})
}

// signOutView is the sign-out page of a signed-in browser.
type signOutView struct {
	Email, CSRF string
}

// SignOutPage shows the sign-out address a person opens: a signed-in
// browser gets the account's email and a Sign out button (a POST with the
// session's CSRF token, so a link from another site signs nobody out), a
// signed-out one the page that says so, with the way to sign in.
func (s *SignIn) SignOutPage(w http.ResponseWriter, r *http.Request) {
	sess, ok, err := s.current(r)
	if err != nil {
		slog.ErrorContext(r.Context(), "read session", "err", err)
		failure(w)
		return
	}
	if !ok {
		s.signedOut(w, r)
		return
	}
	Render(w, http.StatusOK, "signout.html", signOutView{Email: sess.Email, CSRF: s.Sessions.CSRF(sess)})
}

// signedOut renders the page that says the browser is signed out.
func (s *SignIn) signedOut(w http.ResponseWriter, r *http.Request) {
	Render(w, http.StatusOK, "notice.html", notice{
		Title: "Signed out", Text: "You are signed out.", Link: s.signInURL(r, ""), LinkText: "Sign in again",
	})
}

// SignOut ends the session and continues to next, or says it is done.
func (s *SignIn) SignOut(w http.ResponseWriter, r *http.Request) {
	f := posted(r)
	sess, ok, err := s.current(r)
	if err != nil {
		slog.ErrorContext(r.Context(), "read session", "err", err)
		failure(w)
		return
	}
	if ok {
		if !s.Sessions.ValidCSRF(sess, f.Get("csrf")) {
			forbidden(w)
			return
		}
		if err := s.Sessions.End(r.Context(), cookie(r, SessionCookie)); err != nil {
			slog.ErrorContext(r.Context(), "end session", "err", err)
		}
	}
	// Only a request that carries the session cookie clears it: another
	// site's form reaches here without it (SameSite=Lax) and without the
	// token, and a browser would still apply the clearing to that
	// top-level navigation, signing the owner out.
	if cookie(r, SessionCookie) != "" {
		s.clearCookie(w, r)
	}
	if next := safeNext(f.Get("next")); next != "" {
		http.Redirect(w, r, s.base(r)+next, http.StatusSeeOther)
		return
	}
	s.signedOut(w, r)
}

// tooMany renders the page of a request over its caller address's budget:
// status 429 with Retry-After (wait, in seconds) and, for the person who
// reads it, text followed by when to try again, in minutes rather than
// the header's seconds, with the way back (link and linkText) when there
// is one.
func tooMany(w http.ResponseWriter, wait int, title, text, link, linkText string) {
	wait = max(wait, 1)
	w.Header().Set("Retry-After", strconv.Itoa(wait))
	when := "Try again in a minute."
	if mins := (wait + 59) / 60; mins > 1 {
		when = fmt.Sprintf("Try again in %d minutes.", mins)
	}
	Render(w, http.StatusTooManyRequests, "notice.html", notice{
		Title: title, Text: text + " " + when, Alert: true, Link: link, LinkText: linkText,
	})
}

// fromAnotherSite reports whether the browser that sent form post r says
// a page of another site sent it: Sec-Fetch-Site cross-site, or an Origin
// whose host is neither r's nor base's (the service's URL). A client that
// sends neither header is no browser another site drives.
func fromAnotherSite(r *http.Request, base string) bool {
	switch strings.ToLower(r.Header.Get("Sec-Fetch-Site")) {
	case "cross-site":
		return true
	case "same-origin", "same-site", "none":
		return false
	}
	// A browser without Fetch Metadata: its Origin, when it names one. A
	// page with Referrer-Policy: no-referrer (this service's) sends "null".
	o := r.Header.Get("Origin")
	if o == "" || o == "null" {
		return false
	}
	u, err := url.Parse(o)
	if err != nil || u.Host == "" {
		return true
	}
	b, _ := url.Parse(base)
	return !strings.EqualFold(u.Host, r.Host) && (b == nil || !strings.EqualFold(u.Host, b.Host))
}

// forbidden renders the page of a form whose CSRF token does not match,
// with the way back to the dashboard (which asks a browser without a
// session to sign in).
func forbidden(w http.ResponseWriter) {
	Render(w, http.StatusForbidden, "notice.html", notice{
		Title: "Form expired", Text: "This form is out of date or was not sent from this site. Go back, reload the page and try again.", Alert: true,
		Link: DashboardPath, LinkText: "Go to your dashboard",
	})
}
