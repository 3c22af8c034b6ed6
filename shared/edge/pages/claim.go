package pages

import (
	"net/http"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/kernel/apperr"
)

// Claims serves the claim page behind an account's claim_url.
type Claims struct {
	Accounts *accounts.Service
}

type claimView struct {
	Email     string
	Agent     string
	ClaimedAt string
}

func viewOf(a accounts.Account) claimView {
	v := claimView{Email: a.Email}
	if a.CreatedByAgent != nil {
		v.Agent = a.CreatedByAgent.Name
	}
	if a.ClaimedAt != nil {
		v.ClaimedAt = *a.ClaimedAt
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
		Render(w, http.StatusOK, "claimed.html", viewOf(st.Account))
		return
	}
	Render(w, http.StatusOK, "claim.html", viewOf(st.Account))
}

// Submit claims the account and confirms it.
func (c *Claims) Submit(w http.ResponseWriter, r *http.Request) {
	a, err := c.Accounts.Claim(r.Context(), r.PathValue("token"))
	if err != nil {
		c.fail(w, err)
		return
	}
	Render(w, http.StatusOK, "claimed.html", viewOf(a))
}

func (c *Claims) fail(w http.ResponseWriter, err error) {
	if apperr.Is(err, apperr.NotFound) {
		Render(w, http.StatusNotFound, "message.html", Message{Title: "Link not valid", Text: accounts.ErrBadClaimLink.Message})
		return
	}
	Render(w, http.StatusInternalServerError, "message.html", Message{Title: "Something went wrong", Text: "Something went wrong on our side. Please try the link again in a minute."})
}
