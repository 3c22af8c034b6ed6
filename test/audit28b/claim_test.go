package audit28b

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestADashboardLinkLeadsOnThroughClaiming: README, "Owner sign-in": a
// sign-in "lands on the link's `next` page, else `/dashboard`", and "The
// address of an account not claimed yet gets a new claim link instead ...
// so an owner whose agent is gone can still claim". Defect: the owner of
// an account not claimed yet who followed a dashboard link (here the
// agent-keys page a "New agent access" mail links) went to sign in with
// that page as next, got a claim link, claimed, and the claimed page's
// "Email me a sign-in link" always asked for the overview: the page the
// link was for was lost through claiming. The claim now leads on to it.
func TestADashboardLinkLeadsOnThroughClaiming(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	b := env.NewBrowser(t)
	const want = "/dashboard/settings/agents"

	// The owner opens the page a mail links and is asked to sign in first.
	to := b.Get(t, want).Redirect(t, http.StatusSeeOther, env.URL+"/signin")
	b.Get(t, to.String()).Expect(t, http.StatusOK)
	b.Post(t, "/signin", url.Values{"email": {a.Email}, "next": {to.Query().Get("next")}}).Expect(t, http.StatusOK, "Check your email")
	var claim string
	for _, m := range env.Emails(t, a.Email) {
		if m.Subject == "Claim your account" && len(m.Links) == 1 {
			claim = m.Links[0]
			break
		}
	}
	if claim == "" {
		t.Fatalf("no claim link was mailed to %s", a.Email)
	}

	// The claim link from the mail, its button, then the claimed page's
	// sign-in form.
	b.Get(t, claim).Expect(t, http.StatusOK, "Claim this account")
	claimed := b.Post(t, claim, url.Values{}).Expect(t, http.StatusOK, "Account claimed")
	f := claimed.Form(t, "/signin")
	if f.Get("next") != want {
		t.Errorf("the claimed page asks for a sign-in link that goes on to %q, want %q", f.Get("next"), want)
	}
	b.Post(t, "/signin", f).Expect(t, http.StatusOK, "Check your email")
	var link string
	for _, m := range env.Emails(t, a.Email) {
		if m.Subject == "Your sign-in link" && len(m.Links) == 1 {
			link = m.Links[0]
			break
		}
	}
	if link == "" {
		t.Fatalf("no sign-in link was mailed to %s", a.Email)
	}
	landed := b.OpenLink(t, link).Expect(t, http.StatusSeeOther)
	if got := strings.TrimPrefix(landed.Location, env.URL); got != want {
		t.Errorf("signing in after claiming lands on %q, want the page the owner was going to, %q", got, want)
	}
}
