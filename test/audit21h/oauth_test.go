package audit21h

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"

	"golang.org/x/oauth2"
)

// TestReplacedRefreshTokenIsForgottenAfter90Days: the README says a
// replaced refresh token "is remembered (as a hash, tied to its
// connection) for 90 days: presenting it again is reuse", which revokes
// the connection. Past those 90 days it is an unknown token: invalid_grant
// and nothing revoked. The service kept treating it as reuse for as long
// as the table had not yet deleted the item (the TTL deletes lazily, and
// DynamoDB Local never), so a stale token revoked a healthy connection.
func TestReplacedRefreshTokenIsForgottenAfter90Days(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Forgetful App")
	first := o.Connect(t, app)
	id := connectionID(t, first.AccessToken)
	second, err := testenv.Refresh(app, first.RefreshToken)
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	env.Advance(t, 90*24*3600+60)
	if _, err := testenv.Refresh(app, first.RefreshToken); testenv.GrantError(t, err) != "invalid_grant" {
		t.Fatalf("the forgotten refresh token: %v, want invalid_grant", err)
	}
	if o.Client.AgentKey(t, id) == nil {
		t.Fatal("presenting a refresh token replaced over 90 days ago revoked the connection")
	}
	third, err := testenv.Refresh(app, second.RefreshToken)
	if err != nil {
		t.Fatalf("the connection's current refresh token stopped working: %v", err)
	}
	env.Client().As(third.AccessToken).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	// Revoking with the forgotten token changes nothing either (an
	// unknown token, RFC 7009).
	env.Client().Do(t, "POST", "/oauth/revoke", url.Values{"token": {first.RefreshToken}, "client_id": {app.ClientID}}.Encode(),
		"Content-Type: application/x-www-form-urlencoded").Expect(t, http.StatusOK)
	env.Client().As(third.AccessToken).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)

	// Within the 90 days, reuse still revokes.
	fourth, err := testenv.Refresh(app, third.RefreshToken)
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	env.Advance(t, 90*24*3600-3600)
	if _, err := testenv.Refresh(app, third.RefreshToken); testenv.GrantError(t, err) != "invalid_grant" {
		t.Fatalf("reuse: %v, want invalid_grant", err)
	}
	if _, err := testenv.Refresh(app, fourth.RefreshToken); err == nil {
		t.Fatal("reuse within 90 days did not revoke the connection")
	}
}

// TestExchangedCodeIsForgottenADayAfterItExpires: the README says "an
// exchanged code is remembered (as a hash) for a day after it expires, and
// presenting it again with its client is a copied code", which revokes the
// connection. Later it is an unknown code: invalid_grant, nothing revoked.
// The service revoked the connection for as long as the table still held
// the item.
func TestExchangedCodeIsForgottenADayAfterItExpires(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Code Keeper")
	code, verifier := o.Code(t, app)
	tok, err := app.Exchange(testenv.OAuthContext(), code, oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	id := connectionID(t, tok.AccessToken)
	env.Advance(t, 600+24*3600+60)
	if _, err := app.Exchange(testenv.OAuthContext(), code, oauth2.VerifierOption(verifier)); testenv.GrantError(t, err) != "invalid_grant" {
		t.Fatalf("the forgotten code: %v, want invalid_grant", err)
	}
	if o.Client.AgentKey(t, id) == nil {
		t.Fatal("presenting a code that expired over a day ago revoked the connection")
	}
	if _, err := testenv.Refresh(app, tok.RefreshToken); err != nil {
		t.Fatalf("the connection's refresh token stopped working: %v", err)
	}
}

// TestLoopbackRedirectOnAPortThatIsNoPortIsRefused: a loopback redirect
// URI "may use another port" (README, RFC 8252 7.3), but registration
// refuses "ports outside 1–65535", and an unregistered redirect gets an
// HTML page, never a redirect. The authorization endpoint took
// http://127.0.0.1:99999/... and :0 as the registered loopback URI on
// another port, recorded the request and would send the owner's answer,
// code included, to an address no app can listen on.
func TestLoopbackRedirectOnAPortThatIsNoPortIsRefused(t *testing.T) {
	env := testenv.StartQuiet(t)
	app := env.NewOAuthApp(t, "Port App")
	b := env.NewBrowser(t)
	for _, port := range []string{"99999", "0", "65536"} {
		app.RedirectURL = "http://127.0.0.1:" + port + "/callback"
		p := b.Get(t, app.AuthCodeURL("st", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
		if p.Status != http.StatusBadRequest || p.Location != "" || !strings.Contains(p.Body, "redirect_uri") {
			t.Errorf("port %s: status %d, Location %q, want the 400 page", port, p.Status, p.Location)
		}
	}
	// Another real port still works.
	app.RedirectURL = "http://127.0.0.1:65535/callback"
	b.Get(t, app.AuthCodeURL("st", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()))).Redirect(t, http.StatusFound, env.URL+"/signin?")
}
