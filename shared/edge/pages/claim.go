package pages

import (
	"net/http"

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
}

func (c *Claims) viewOf(r *http.Request, a accounts.Account) claimView {
	v := claimView{Email: a.Email}
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
		Render(w, http.StatusNotFound, "notice.html", notice{
			Title: "Link not valid", Text: accounts.ErrBadClaimLink.Message + " If you already claimed the account, sign in instead.",
			Link: "/signin", LinkText: "Sign in",
		})
		return
	}
	Render(w, http.StatusInternalServerError, "message.html", Message{Title: "Something went wrong", Text: "Something went wrong on our side. Please try the link again in a minute."})
}
