package audit25e

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestSignOutWithoutTheTokenLeavesTheBrowserSignedIn: README ("Owner
// sign-in"): "`POST /signout` needs the page's CSRF token", and the
// session lives in a "`SameSite=Lax` cookie". Another site's form that
// posts to /signout reaches the service without that cookie (Lax keeps
// it off cross-site posts) and without the token; a browser still
// applies the answer's cookies to such a top-level navigation. The
// answer cleared the session cookie all the same, so any page could sign
// the owner out (logout CSRF). It now clears the cookie only for a
// request that carries it (and, for a working session, its token); the
// post without either changes nothing, and the owner stays signed in.
func TestSignOutWithoutTheTokenLeavesTheBrowserSignedIn(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)

	// The cross-site post: no session cookie, no token.
	r := env.Client().Do(t, "POST", "/signout", url.Values{"next": {"/dashboard"}}.Encode(),
		"Content-Type: application/x-www-form-urlencoded", "Accept: text/html")
	if r.Status >= 400 {
		t.Fatalf("POST /signout without a session answered %d: %s", r.Status, r.Body)
	}
	for _, c := range r.Header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "session=") {
			t.Fatalf("POST /signout without the session cookie or its token answered Set-Cookie %q: another site's form signs the owner out", c)
		}
	}

	// With the cookie but without the token: 403, still signed in.
	o.Browser.Post(t, "/signout", url.Values{}).Expect(t, http.StatusForbidden, "Form expired")
	page := o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK, o.Email)

	// With both: signed out, cookie cleared.
	out := o.Browser.Post(t, "/signout", url.Values{"csrf": {page.Field(t, "csrf")}}).Expect(t, http.StatusOK, "You are signed out")
	cleared := false
	for _, c := range out.Header.Values("Set-Cookie") {
		cleared = cleared || strings.HasPrefix(c, "session=;")
	}
	if !cleared {
		t.Fatalf("signing out with the token did not clear the cookie: %q", out.Header.Values("Set-Cookie"))
	}
	o.Browser.Get(t, "/dashboard").Redirect(t, http.StatusSeeOther, env.URL+"/signin?next=")
}
