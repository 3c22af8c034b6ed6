package audit23d

import (
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestRegisteredRedirectQueryIsRetained: RFC 6749 3.1.2 lets a redirect
// URI carry an application/x-www-form-urlencoded query, "which MUST be
// retained when adding additional query parameters" (the README's
// Authorization note sends code, state and iss there, and errors with
// error, state and iss). A query Go's parser refuses, such as one with a
// ";" in a value (form encoding reads "tenant=acme;eu" as tenant
// "acme;eu"), was dropped, so the app lost what it had put there; the
// other answers rewrote it. The owner's Connect, Cancel and an error
// redirect each keep the registered query as it was registered.
func TestRegisteredRedirectQueryIsRetained(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	const registered = "http://127.0.0.1:9/callback?tenant=acme;eu&flag"
	app := env.NewOAuthApp(t, "Query App", registered)
	verifier := oauth2.GenerateVerifier()

	connect := o.Answer(t, app.AuthCodeURL("st", oauth2.S256ChallengeOption(verifier)), "connect")
	cancel := o.Answer(t, app.AuthCodeURL("st", oauth2.S256ChallengeOption(verifier)), "cancel")
	refused := o.Browser.Get(t, app.AuthCodeURL("st", oauth2.SetAuthURLParam("response_type", "token"), oauth2.S256ChallengeOption(verifier))).Location
	for name, loc := range map[string]string{"connect": connect.String(), "cancel": cancel.String(), "error": refused} {
		if !strings.HasPrefix(loc, registered+"&") || !strings.Contains(loc, "&state=st") || !strings.Contains(loc, "&iss=") {
			t.Errorf("%s redirects to %q, want %q with the answer's parameters added", name, loc, registered)
		}
	}
	if connect.Query().Get("code") == "" || cancel.Query().Get("error") != "access_denied" || !strings.Contains(refused, "error=unsupported_response_type") {
		t.Errorf("answers %s, %s, %s", connect, cancel, refused)
	}
}
