package audit22c

import (
	"net/http"
	"net/url"
	"testing"

	"rvcontent/test/testenv"
)

// TestOAuthPagesWithATrailingSlashLeadToThePage: the README ("Errors")
// says "a page's address with a trailing slash redirects to the page". The
// authorization request and the consent page are pages a person's browser
// opens, but they live under /oauth/, which the 404 handler passed to the
// APIs' JSON answer before looking for a page: /oauth/consent/ and
// /oauth/authorize/ answered a JSON 404 to a browser. They now redirect
// (308, the query kept) like every other page; the OAuth endpoints an app
// calls keep the JSON 404.
func TestOAuthPagesWithATrailingSlashLeadToThePage(t *testing.T) {
	env := testenv.StartQuiet(t)
	b := env.NewBrowser(t)
	for from, to := range map[string]string{
		"/oauth/consent/?authorization_id=x":               "/oauth/consent?authorization_id=x",
		"/oauth/authorize/?response_type=code&client_id=y": "/oauth/authorize?response_type=code&client_id=y",
		"/oauth/consent/":                                  "/oauth/consent",
	} {
		if p := b.Get(t, from).Expect(t, http.StatusPermanentRedirect); p.Location != to {
			t.Errorf("GET %s redirects to %q, want %q", from, p.Location, to)
		}
	}
	b.Get(t, "/oauth/consent").Expect(t, http.StatusBadRequest, "Nothing to approve")
	for _, path := range []string{"/oauth/token/", "/oauth/nope", "/oauth/register/"} {
		p := b.Get(t, path).Expect(t, http.StatusNotFound)
		if ct := p.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("a browser's GET %s: Content-Type %q, want the JSON 404 of the OAuth endpoints", path, ct)
		}
	}
}

// TestSignInGoesOnOnlyToADashboardOrConsentPage: the README says a sign-in
// link carries "&next=<page> when it leads on to a page (a dashboard or
// consent page; any other value is ignored)". The service kept any path of
// its own: a claim link, the authorization endpoint, an API address, a
// path with "..", or one that names no page were written into the link
// and led on to after sign-in. They are now left out of the link (which
// then opens the dashboard); dashboard pages and the consent page, with
// their queries, are kept.
func TestSignInGoesOnOnlyToADashboardOrConsentPage(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	env.Claim(t, acct)
	b := env.NewBrowser(t)
	for next, kept := range map[string]bool{
		"/dashboard/billing":                             true,
		"/dashboard/sites/" + acct.SiteID + "?still=1":   true,
		"/oauth/consent?authorization_id=" + acct.SiteID: true,
		"/claim/abc":                   false,
		"/oauth/authorize?client_id=x": false,
		"/api/agent/v1/account":        false,
		"/dashboardx":                  false,
		"/dashboard/../signout":        false,
		"/dashboard/nope":              false,
	} {
		link, err := url.Parse(env.SignInLink(t, b, acct.Email, next))
		if err != nil {
			t.Fatal(err)
		}
		got := link.Query().Get("next")
		if kept && got != next || !kept && got != "" {
			t.Errorf("next %q: the sign-in link carries next %q, want it kept: %v", next, got, kept)
		}
		// The sign-in form keeps only what the link would.
		form := b.Get(t, "/signin?next="+url.QueryEscape(next)).Expect(t, http.StatusOK)
		if has := form.HasField("next"); has != kept || kept && form.Field(t, "next") != next {
			t.Errorf("next %q: the sign-in form carries it: %v, want %v", next, has, kept)
		}
	}
}
