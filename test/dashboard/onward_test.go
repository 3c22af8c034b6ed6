package dashboard_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestGoneConsentLinksOn: the consent page of a request that expired or
// was answered links to the agent keys and apps page, where a connected
// app is listed.
func TestGoneConsentLinksOn(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	agents := env.URL + "/dashboard/settings/agents"
	o.Browser.Get(t, "/oauth/consent?authorization_id=00000000-0000-4000-8000-000000000000").
		Expect(t, http.StatusGone, "Request expired or already answered", `href="`+agents+`"`)
	o.open(t, strings.TrimPrefix(agents, env.URL), "Agent keys and apps")
}

// TestDeletedAccountLinksOn: the page after the account is deleted links
// to sign-in, the way on for a person with another account.
func TestDeletedAccountLinksOn(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env, "")
	o.submit(t, "/dashboard/settings", "/dashboard/settings/delete", url.Values{"confirm": {o.Email}}).
		Expect(t, http.StatusOK, "Account deleted", `<a href="/signin">Sign in to another account</a>`)
	o.Browser.Get(t, "/signin").Expect(t, http.StatusOK, "Email me a sign-in link")
}

// TestUsedSignInLinkKeepsNext: a sign-in link names where it goes on to,
// so once it is used up its page's "Ask for a new sign-in link" keeps
// that page (a local one only), and a browser already signed in that
// opens it again, or presses its Sign in twice, goes on there instead of
// being told the link is not valid.
func TestUsedSignInLinkKeepsNext(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	const next = "/dashboard/billing"
	signed := env.NewBrowser(t)
	link := env.SignInLink(t, signed, a.Email, next)
	if u, err := url.Parse(link); err != nil || u.Query().Get("next") != next {
		t.Fatalf("sign-in link %q does not name %s", link, next)
	}
	signed.OpenLink(t, link).Redirect(t, http.StatusSeeOther, env.URL+next)

	// Used up: another browser is told so and asks again for next.
	stranger := env.NewBrowser(t)
	again := `href="` + env.URL + "/signin?next=" + url.QueryEscape(next) + `"`
	stranger.Get(t, link).Expect(t, http.StatusNotFound, "Sign-in link not valid", again, "Ask for a new sign-in link")
	stranger.Get(t, env.URL+"/signin?next="+url.QueryEscape(next)).Expect(t, http.StatusOK, `name="next" value="`+next+`"`)
	// The signed-in browser goes on to next, else the dashboard.
	signed.Get(t, link).Redirect(t, http.StatusSeeOther, env.URL+next)
	used := strings.SplitN(link, "&", 2)[0]
	toDashboard := func(target string) {
		t.Helper()
		if p := signed.Get(t, target).Expect(t, http.StatusSeeOther); p.Location != env.URL+"/dashboard" {
			t.Fatalf("%s redirects to %q, want the dashboard", target, p.Location)
		}
	}
	toDashboard(used)

	// next is kept only when it is a page of this service.
	for _, bad := range []string{"https://evil.example/x", "//evil.example/x", "/\\evil.example"} {
		target := used + "&next=" + url.QueryEscape(bad)
		p := stranger.Get(t, target).Expect(t, http.StatusNotFound, "Sign-in link not valid", `href="`+env.URL+`/signin"`)
		if strings.Contains(p.Body, "evil.example") {
			t.Fatalf("the page of a link with next %q names it:\n%s", bad, p.Body)
		}
		toDashboard(target)
	}

	// Sign in pressed twice: the second press finds the link used and the
	// browser signed in by the first, and goes on to the link's next.
	b := env.NewBrowser(t)
	page := b.Get(t, env.SignInLink(t, b, a.Email, "/dashboard/activity")).Expect(t, http.StatusOK, `name="next" value="/dashboard/activity"`)
	form := url.Values{"token": {page.Field(t, "token")}, "check": {page.Field(t, "check")}, "next": {page.Field(t, "next")}}
	b.Post(t, "/signin/verify", form).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/activity")
	b.Post(t, "/signin/verify", form).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/activity")
}
