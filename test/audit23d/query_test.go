package audit23d

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestMalformedAuthorizationQueryIsRefused: RFC 6749 4.1.2.1 answers a
// request that "is otherwise malformed" with invalid_request, and 4.1.2
// gives back "the exact value received" as state. Go's query parser drops
// a parameter that does not decode (a broken percent-encoding, or a ";"
// in it) without a word, so a state written a%zz came back as no state at
// all, and a resource or scope so written was read as never sent: the
// owner was asked to approve a request the app had not made. (The agent
// API refuses such a query for the same reason: README, "Conventions".)
// Now the app gets invalid_request, with iss, and nothing waits for the
// owner; a bad client_id or redirect_uri still gets the page, never a
// redirect.
func TestMalformedAuthorizationQueryIsRefused(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Malformed App")
	good := app.AuthCodeURL("st", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()))
	for name, extra := range map[string]string{
		"state":    "&state=a%zzb",
		"resource": "&resource=" + url.QueryEscape(env.URL) + "%2Fapi%2Fagent%2Fv1%zz",
		"scope":    "&scope=email;account",
	} {
		t.Run(name, func(t *testing.T) {
			target := strings.Replace(good, "&state=st", "", 1) + extra
			if name != "state" {
				target += "&state=st"
			}
			u := o.Browser.Get(t, target).Redirect(t, http.StatusFound, testenv.LoopbackRedirect+"?")
			q := u.Query()
			if q.Get("error") != "invalid_request" || q.Get("iss") != env.URL || q.Get("code") != "" {
				t.Fatalf("answer %s, want invalid_request back to the app", u)
			}
			if name != "state" && q.Get("state") != "st" {
				t.Fatalf("answer %s lost the state", u)
			}
		})
	}
	// A client_id that does not decode is no client: the page, not a redirect.
	p := o.Browser.Get(t, strings.Replace(good, "client_id=", "client_id=%zz", 1)).Expect(t, http.StatusBadRequest, "This app cannot connect")
	if p.Location != "" {
		t.Fatalf("a malformed client_id redirects to %q", p.Location)
	}
}
