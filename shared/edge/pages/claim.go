package pages

import (
	"net/http"
	"net/url"
	"strings"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/kernel/apperr"
)

// Claims serves the claim page behind an account's claim_url. Claiming
// does not sign in: the agent that created the account holds the claim
// link too, and the dashboard can do what agents cannot (delete the
// account). The page goes on to sign-in by email, which lands on the
// dashboard.
type Claims struct {
	*Owners
	Accounts *accounts.Claims
}

type claimView struct {
	Email, Agent string
	ClaimedAt    when
	// SignedIn says this browser's owner is this account's: the page
	// links to the dashboard instead of offering a sign-in link.
	SignedIn bool
	// Next is the page the sign-in after claiming goes on to: the one
	// this browser was asked to sign in for (rememberNext), else the
	// dashboard.
	Next string
}

// nextCookie names the cookie that carries, from the sign-in page to the
// claim page, where the person was going: the owner of an account not
// claimed yet who follows a dashboard link is asked to sign in, gets a
// claim link instead, and after claiming goes on to that page, not the
// overview. It is set whatever the address typed, so it tells nothing
// about accounts.
const nextCookie = "claim_next"

// rememberNext keeps in the browser (for its claim pages, as long as a
// claim link works) the page a sign-in was asked for, next; an empty next
// forgets it.
func (o *Owners) rememberNext(w http.ResponseWriter, r *http.Request, next string) {
	if next == "" && cookie(r, nextCookie) == "" {
		return
	}
	c := &http.Cookie{
		Name: nextCookie, Value: url.QueryEscape(next), Path: claimPath, MaxAge: int(accounts.ClaimLinkLifetime.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: strings.HasPrefix(o.base(r), "https://"),
	}
	if next == "" {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// rememberedNext returns the page rememberNext kept in r's browser, when
// it is still one a sign-in goes on to, else "".
func rememberedNext(r *http.Request) string {
	next, err := url.QueryUnescape(cookie(r, nextCookie))
	if err != nil {
		return ""
	}
	return signInNext(next)
}

// claimPath is the path under which claim pages are served.
const claimPath = "/claim"

func (c *Claims) viewOf(r *http.Request, a accounts.Account) claimView {
	v := claimView{Email: a.Email, Next: landing(rememberedNext(r))}
	if a.CreatedByAgent != nil {
		v.Agent = a.CreatedByAgent.Name
	}
	if a.ClaimedAt != nil {
		v.ClaimedAt = at(*a.ClaimedAt, c.Sessions.Clock.Now())
	}
	if sess, ok, err := c.current(r); err == nil && ok && sess.AccountID == a.ID {
		v.SignedIn = true
	}
	return v
}

// Show renders the claim form, or says the account is already claimed.
func (c *Claims) Show(w http.ResponseWriter, r *http.Request) {
	st, err := c.Accounts.ClaimInfo(r.Context(), r.PathValue("token"))
	if err != nil {
		c.fail(w, err)
		return
	}
	if st.Claimed {
		Render(w, http.StatusOK, "claimed.html", c.viewOf(r, st.Account))
		return
	}
	Render(w, http.StatusOK, "claim.html", c.viewOf(r, st.Account))
}

// Submit claims the account and confirms it, offering the sign-in link
// that opens the dashboard.
func (c *Claims) Submit(w http.ResponseWriter, r *http.Request) {
	a, err := c.Accounts.Claim(r.Context(), r.PathValue("token"))
	if err != nil {
		c.fail(w, err)
		return
	}
	Render(w, http.StatusOK, "claimed.html", c.viewOf(r, a))
}

func (c *Claims) fail(w http.ResponseWriter, err error) {
	if apperr.Is(err, apperr.NotFound) {
		badClaimLink(w)
		return
	}
	Render(w, http.StatusInternalServerError, "message.html", Message{Title: "Something went wrong", Text: "Something went wrong on our side. Please try the link again in a minute."})
}

// badClaimLink answers a claim link that does not work (unknown, used,
// expired, or a token that cannot exist) as the sign-in link's refusal
// does: an alert, with the way to sign in.
func badClaimLink(w http.ResponseWriter) {
	Render(w, http.StatusNotFound, "notice.html", notice{
		Title: "Link not valid", Text: accounts.ErrBadClaimLink.Message + " If you already claimed the account, sign in instead.", Alert: true,
		Link: "/signin", LinkText: "Sign in",
	})
}

// BadLink answers a page link at r whose token cannot exist, at once:
// a claim link as any claim link that does not work, another link with
// text (the token parameter's own message), as an alert.
func BadLink(w http.ResponseWriter, r *http.Request, text string) {
	if strings.HasPrefix(r.URL.Path, claimPath+"/") {
		badClaimLink(w)
		return
	}
	Render(w, http.StatusNotFound, "notice.html", notice{Title: "Link not valid", Text: text, Alert: true})
}
