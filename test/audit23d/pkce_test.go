package audit23d

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestChallengeThatIsNoSHA256IsRefused: with code_challenge_method=S256
// the challenge is BASE64URL(SHA256(code_verifier)) (RFC 7636 4.2), 43
// characters of the base64url alphabet, as the server's own error says.
// A longer one, or one with "." or "~", can match no verifier: it was
// accepted, the owner approved, a connection was created (counted toward
// the 25, the owner emailed), and every exchange of its code failed with
// invalid_grant. Such a request is invalid_request (RFC 7636 4.4.1), sent
// back to the app before the owner is asked; a real challenge still
// reaches the consent page.
func TestChallengeThatIsNoSHA256IsRefused(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Challenge App")
	real := oauth2.S256ChallengeFromVerifier(oauth2.GenerateVerifier())
	for name, challenge := range map[string]string{
		"44 characters":  real + "A",
		"128 characters": strings.Repeat("a", 128),
		"a tilde":        "~" + real[1:],
		"a dot":          "." + real[1:],
	} {
		t.Run(name, func(t *testing.T) {
			target := app.AuthCodeURL("st", oauth2.SetAuthURLParam("code_challenge", challenge), oauth2.SetAuthURLParam("code_challenge_method", "S256"))
			q := o.Browser.Get(t, target).Redirect(t, http.StatusFound, testenv.LoopbackRedirect+"?").Query()
			if q.Get("error") != "invalid_request" || q.Get("state") != "st" {
				t.Fatalf("answer %v, want invalid_request with the state", q)
			}
		})
	}
	target := app.AuthCodeURL("st", oauth2.SetAuthURLParam("code_challenge", real), oauth2.SetAuthURLParam("code_challenge_method", "S256"))
	o.Browser.Get(t, target).Redirect(t, http.StatusFound, env.URL+"/oauth/consent?")
}
