package oauth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// signInAnswer posts the sign-in form and returns the page with the
// address taken out, so answers for different addresses compare.
func signInAnswer(t testing.TB, b *testenv.Browser, email string) string {
	t.Helper()
	p := b.Post(t, "/signin", url.Values{"email": {email}}).Expect(t, http.StatusOK, "Check your email")
	return strings.ReplaceAll(p.Body, email, "EMAIL")
}

// TestSignIn checks sign-in by emailed link: only claimed accounts get a
// link, the answer never tells which, links work once and for 15 minutes,
// the session cookie, same-origin continuation and sign-out.
func TestSignIn(t *testing.T) {
	env := testenv.Shared(t)
	b := env.NewBrowser(t)

	// An unclaimed account and an unknown address get the claimed
	// account's answer, and no sign-in link; the unclaimed account's owner
	// gets a new claim link instead, which claims the account.
	unclaimed := env.NewAccount(t, "")
	claimed := newOwner(t, env)
	want := signInAnswer(t, b, claimed.Email)
	for _, email := range []string{unclaimed.Email, testenv.UniqueEmail("nobody")} {
		if got := signInAnswer(t, b, email); got != want {
			t.Fatalf("answer for %s differs:\n%s\nwant\n%s", email, got, want)
		}
		for _, m := range env.Emails(t, email) {
			if m.Subject == "Your sign-in link" {
				t.Fatalf("%s got a sign-in link", email)
			}
		}
	}
	var claimLink string
	for _, m := range env.Emails(t, unclaimed.Email) {
		for _, l := range m.Links {
			if strings.Contains(l, "/claim/") && claimLink == "" {
				claimLink = l // newest first
			}
		}
	}
	if claimLink == "" || claimLink == unclaimed.ClaimURL {
		t.Fatalf("the unclaimed account's owner got no new claim link: %v", env.Emails(t, unclaimed.Email))
	}
	b.Get(t, strings.TrimPrefix(claimLink, env.URL)).Expect(t, http.StatusOK, "Claim")
	b.Post(t, "/signin", url.Values{"email": {"not an address"}}).Expect(t, http.StatusUnprocessableEntity, "Enter the email address")

	// Opening the link only shows whom it signs in; its Sign in button
	// signs in once, sets the session cookie and continues only to paths
	// of this service (the dashboard otherwise).
	link := env.SignInLink(t, b, claimed.Email, "https://evil.example/")
	if !strings.HasPrefix(link, env.URL+"/signin/verify?token=") {
		t.Fatalf("sign-in link %q", link)
	}
	p := b.OpenLink(t, link)
	p.Redirect(t, http.StatusSeeOther, env.URL+"/dashboard")
	cookie := ""
	for _, c := range p.Header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "session=") {
			cookie = c
		}
	}
	for _, attr := range []string{"session=", "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=604800"} {
		if !strings.Contains(cookie, attr) {
			t.Fatalf("session cookie %q lacks %s", cookie, attr)
		}
	}
	if strings.Contains(cookie, "Secure") {
		t.Fatalf("session cookie %q is Secure on an http base URL", cookie)
	}
	b.Get(t, "/signin").Redirect(t, http.StatusSeeOther, env.URL+"/dashboard")
	b.Get(t, "/signin?next=/dashboard/billing").Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/billing")
	signedIn := b.Get(t, "/dashboard").Expect(t, http.StatusOK, claimed.Email)
	// Used up, the link sends a browser signed in already on to the
	// dashboard, and tells another that it is not valid.
	b.Get(t, link).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard")
	env.NewBrowser(t).Get(t, link).Expect(t, http.StatusNotFound, "not valid")

	// Sign-out needs the session's CSRF token, then ends the session.
	b.Post(t, "/signout", url.Values{"csrf": {"forged"}}).Expect(t, http.StatusForbidden)
	b.Get(t, "/dashboard").Expect(t, http.StatusOK)
	b.Post(t, "/signout", url.Values{"csrf": {signedIn.Field(t, "csrf")}}).Expect(t, http.StatusOK, "You are signed out")
	b.Get(t, "/signin").Expect(t, http.StatusOK, "Email me a sign-in link")
	b.Get(t, "/dashboard").Redirect(t, http.StatusSeeOther, env.URL+"/signin?next=")

	// A link works for 15 minutes.
	late := env.SignInLink(t, b, claimed.Email, "/dashboard/settings")
	env.Advance(t, 15*60+1)
	b.Get(t, late).Expect(t, http.StatusNotFound, "not valid")
	fresh := env.SignInLink(t, b, claimed.Email, "/dashboard/settings")
	env.Advance(t, 14*60)
	b.OpenLink(t, fresh).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/settings")
}

// TestOpeningASignInLinkSignsNobodyIn: someone who sends another person
// their own sign-in link cannot sign that person's browser in to their
// account (login CSRF). Opening the link shows its account and a Sign in
// button; only the button's POST, from the browser that opened the page,
// signs in.
func TestOpeningASignInLinkSignsNobodyIn(t *testing.T) {
	env := testenv.Shared(t)
	attacker := newOwner(t, env)
	link := env.SignInLink(t, env.NewBrowser(t), attacker.Email, "/dashboard")

	victim := env.NewBrowser(t)
	page := victim.Get(t, link).Expect(t, http.StatusOK, attacker.Email, "Sign in")
	for _, c := range page.Header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "session=") {
			t.Fatalf("opening the link set a session: %s", c)
		}
	}
	victim.Get(t, "/dashboard").Redirect(t, http.StatusSeeOther, env.URL+"/signin?next=")

	// A page elsewhere that posts the form for the victim: without the
	// cookie of the browser that opened the link page, it is refused and
	// the link is not used up.
	forged := url.Values{"token": {page.Field(t, "token")}, "check": {page.Field(t, "check")}}
	env.NewBrowser(t).Post(t, "/signin/verify", forged).Expect(t, http.StatusForbidden)
	victim.Post(t, "/signin/verify", url.Values{"token": {page.Field(t, "token")}}).Expect(t, http.StatusForbidden)
	victim.Get(t, "/dashboard").Redirect(t, http.StatusSeeOther, env.URL+"/signin?next=")

	// The link was not used up: its owner still signs in with it.
	env.NewBrowser(t).OpenLink(t, link).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard")
}
