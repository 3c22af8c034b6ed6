package pages

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"rvcontent/shared/feature/sessions"
)

// SignIn serves the owner's sign-in by emailed link: the email form, the
// link's landing page that starts the session, and sign-out.
type SignIn struct {
	*Owners
}

type signInView struct {
	Email, Next, Error string
}

// Show renders the sign-in form, or who is signed in.
func (s *SignIn) Show(w http.ResponseWriter, r *http.Request) {
	next := safeNext(r.URL.Query().Get("next"))
	sess, ok, err := s.current(r)
	if err != nil {
		slog.ErrorContext(r.Context(), "read session", "err", err)
		failure(w)
		return
	}
	if ok {
		Render(w, http.StatusOK, "signed_in.html", map[string]string{"Email": sess.Email, "Next": next, "CSRF": s.Sessions.CSRF(sess)})
		return
	}
	Render(w, http.StatusOK, "signin.html", signInView{Next: next})
}

// Submit emails a sign-in link when the address is a claimed account's,
// and answers the same page in every case.
func (s *SignIn) Submit(w http.ResponseWriter, r *http.Request) {
	f := form(r)
	email, next := strings.TrimSpace(f.Get("email")), safeNext(f.Get("next"))
	if email == "" || len(email) > 254 || !strings.Contains(email, "@") {
		Render(w, http.StatusUnprocessableEntity, "signin.html", signInView{
			Email: email, Next: next, Error: "Enter the email address of your account, like name@example.com.",
		})
		return
	}
	if err := s.Sessions.SendLink(r.Context(), email, next); err != nil {
		slog.ErrorContext(r.Context(), "send sign-in link", "err", err)
		failure(w)
		return
	}
	Render(w, http.StatusOK, "signin_sent.html", map[string]string{"Email": email, "Again": s.signInURL(r, next)})
}

// Verify uses an emailed sign-in link up, starts the session and continues
// to the link's next page (the sign-in page, showing who is signed in,
// when it has none).
func (s *SignIn) Verify(w http.ResponseWriter, r *http.Request) {
	st, err := s.Sessions.Redeem(r.Context(), r.URL.Query().Get("token"))
	if errors.Is(err, sessions.ErrBadLink) {
		Render(w, http.StatusNotFound, "notice.html", notice{
			Title: "Sign-in link not valid", Text: sessions.ErrBadLink.Message, Alert: true,
			Link: s.signInURL(r, ""), LinkText: "Ask for a new sign-in link",
		})
		return
	}
	if err != nil {
		slog.ErrorContext(r.Context(), "redeem sign-in link", "err", err)
		failure(w)
		return
	}
	s.setCookie(w, r, st.Secret, st.Session.ExpiresAt, int(sessions.Lifetime.Seconds()))
	next := safeNext(st.Next)
	if next == "" {
		next = "/signin"
	}
	http.Redirect(w, r, s.base(r)+next, http.StatusSeeOther)
}

// SignOut ends the session and continues to next, or says it is done.
func (s *SignIn) SignOut(w http.ResponseWriter, r *http.Request) {
	f := form(r)
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
		if c, err := r.Cookie(SessionCookie); err == nil {
			if err := s.Sessions.End(r.Context(), c.Value); err != nil {
				slog.ErrorContext(r.Context(), "end session", "err", err)
			}
		}
	}
	s.clearCookie(w, r)
	if next := safeNext(f.Get("next")); next != "" {
		http.Redirect(w, r, s.base(r)+next, http.StatusSeeOther)
		return
	}
	Render(w, http.StatusOK, "notice.html", notice{
		Title: "Signed out", Text: "You are signed out.", Link: s.signInURL(r, ""), LinkText: "Sign in again",
	})
}

// forbidden renders the page of a form whose CSRF token does not match.
func forbidden(w http.ResponseWriter) {
	Render(w, http.StatusForbidden, "notice.html", notice{
		Title: "Form expired", Text: "This form is out of date or was not sent from this site. Go back, reload the page and try again.", Alert: true,
	})
}
