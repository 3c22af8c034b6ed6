package oauth_test

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestRefreshTokenReuseRevokesTheConnection: after RT1 → RT2, presenting
// RT1 again answers invalid_grant and revokes the whole connection (OAuth
// 2.1, RFC 9700 4.14.2): RT2 and the access token it gave stop working, the
// connection leaves GET /agent-keys, agent_access.revoked is recorded and
// the owner is emailed, as for any revocation.
func TestRefreshTokenReuseRevokesTheConnection(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Reuse App")
	first := o.connect(t, a)
	connID := testenv.JWTClaims(t, first.AccessToken)["connection_id"].(string)
	second, err := refresh(a, first.RefreshToken)
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	api(env, second).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)

	if _, err := refresh(a, first.RefreshToken); grantError(t, err) != "invalid_grant" {
		t.Fatalf("reuse of the replaced refresh token: %v, want invalid_grant", err)
	}
	if _, err := refresh(a, second.RefreshToken); grantError(t, err) != "invalid_grant" {
		t.Fatalf("refresh with the newer token after reuse: %v, want invalid_grant", err)
	}
	api(env, second).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	if o.Client.AgentKey(t, connID) != nil {
		t.Fatal("the connection is still listed after reuse")
	}
	var events struct{ Events []map[string]any }
	o.Client.Agent(t, "GET", "/events?types=agent_access.revoked", nil).Expect(t, http.StatusOK).Decode(t, &events)
	if len(events.Events) != 1 || events.Events[0]["data"].(map[string]any)["agent_key"].(map[string]any)["id"] != connID {
		t.Fatalf("agent_access.revoked events = %v", events.Events)
	}
	var activity struct{ Activity []map[string]any }
	o.Client.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK).Decode(t, &activity)
	if len(activity.Activity) == 0 || activity.Activity[0]["action"] != "agent_key.revoked" || activity.Activity[0]["actor"].(map[string]any)["type"] != "service" {
		t.Fatalf("latest activity = %v, want agent_key.revoked by the service", activity.Activity[0])
	}
	mailed := false
	for _, m := range env.Emails(t, o.Email) {
		mailed = mailed || (m.Subject == "Agent access revoked: "+a.Name && strings.Contains(m.Text, "presented again"))
	}
	if !mailed {
		t.Fatal("the owner got no email about the revocation")
	}
	// Presenting the reused token again changes nothing more.
	if _, err := refresh(a, first.RefreshToken); grantError(t, err) != "invalid_grant" {
		t.Fatalf("third use: %v, want invalid_grant", err)
	}
}

// TestAuthorizationCodeReuseRevokesTheConnection: a code exchanged once
// and presented again answers invalid_grant and revokes the connection its
// tokens belong to (RFC 6749 4.1.2: the code may have been copied), so the
// access and refresh tokens it gave stop working and the owner is told.
// Another client presenting the code gets invalid_grant and revokes
// nothing.
func TestAuthorizationCodeReuseRevokesTheConnection(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Code Reuse App")
	other := newApp(t, env, "Other App")
	f := newFlow()
	code := o.code(t, a, f)
	tok, err := a.Config.Exchange(ctx(), code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	connID := testenv.JWTClaims(t, tok.AccessToken)["connection_id"].(string)

	if _, err := other.Config.Exchange(ctx(), code, oauth2.VerifierOption(f.Verifier)); grantError(t, err) != "invalid_grant" {
		t.Fatalf("the code presented by another client: %v, want invalid_grant", err)
	}
	api(env, tok).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)

	if _, err := a.Config.Exchange(ctx(), code, oauth2.VerifierOption(f.Verifier)); grantError(t, err) != "invalid_grant" {
		t.Fatalf("second exchange of the code: %v, want invalid_grant", err)
	}
	api(env, tok).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	if _, err := refresh(a, tok.RefreshToken); grantError(t, err) != "invalid_grant" {
		t.Fatalf("refresh after the code's reuse: %v, want invalid_grant", err)
	}
	if o.Client.AgentKey(t, connID) != nil {
		t.Fatal("the connection is still listed after the code's reuse")
	}
	mailed := false
	for _, m := range env.Emails(t, o.Email) {
		mailed = mailed || (m.Subject == "Agent access revoked: "+a.Name && strings.Contains(m.Text, "authorization code") && strings.Contains(m.Text, "presented again"))
	}
	if !mailed {
		t.Fatal("the owner got no email about the revocation")
	}
}

// TestRevocationIsMailed: revoking a connection or a key by any means
// emails the owner, naming who revoked it.
func TestRevocationIsMailed(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Mailed App")
	tok := o.connect(t, a)
	connID := testenv.JWTClaims(t, tok.AccessToken)["connection_id"].(string)
	o.Client.Agent(t, "DELETE", "/agent-keys/"+connID, nil).Expect(t, http.StatusOK)
	mailed := false
	for _, m := range env.Emails(t, o.Email) {
		mailed = mailed || (m.Subject == "Agent access revoked: "+a.Name && strings.Contains(m.Text, "By: Test agent"))
	}
	if !mailed {
		t.Fatalf("no revocation mail: %v", env.Emails(t, o.Email))
	}
}
