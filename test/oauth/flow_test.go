package oauth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestConnectFlow connects an app through the whole flow and checks the
// tokens, the connection as a credential, and every trace of the approval.
func TestConnectFlow(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Flow Test App")
	f := newFlow()
	code := o.code(t, a, f)
	tok, err := a.Config.Exchange(ctx(), code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		t.Fatalf("exchange: %v", err)
	}
	if tok.TokenType != "bearer" || tok.RefreshToken == "" || tok.Extra("expires_in") != float64(3600) || tok.Extra("scope") != "account" {
		t.Fatalf("token response: type %q, refresh %q, expires_in %v, scope %v", tok.TokenType, tok.RefreshToken, tok.Extra("expires_in"), tok.Extra("scope"))
	}

	// The access token works on the agent API, as the app.
	acct := api(env, tok).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)
	if acct["account"].(map[string]any)["id"] != o.ID {
		t.Fatalf("GET /account with the access token = %v, want account %s", acct, o.ID)
	}

	// Its claims identify the account and the connection.
	c := testenv.JWTClaims(t, tok.AccessToken)
	connID, _ := c["connection_id"].(string)
	aud, _ := c["aud"].([]any)
	if c["iss"] != env.URL || c["sub"] != o.ID || c["client_id"] != a.ID || len(aud) != 1 || aud[0] != env.URL+"/mcp" ||
		c["exp"].(float64)-c["iat"].(float64) != 3600 || c["scope"] != "account" || c["email"] != nil || connID == "" {
		t.Fatalf("access token claims = %v", c)
	}

	// The connection is listed with the keys (the agent key sees it too).
	k := o.Client.AgentKey(t, connID)
	if k == nil {
		t.Fatalf("connection %s is not listed", connID)
	}
	if k["type"] != "oauth" || k["name"] != a.Name || k["client_id"] != a.ID || k["prefix"] != nil || k["key"] != nil ||
		k["operator"] != nil || k["contact_url"] != nil || k["last_used_at"] == nil || !strings.HasSuffix(k["created_at"].(string), "Z") {
		t.Fatalf("listed connection = %v", k)
	}

	// What the app changes is recorded with the app as the actor.
	created := api(env, tok).Agent(t, "POST", "/agent-keys", map[string]any{"name": "Made by the app"}).Expect(t, http.StatusCreated).JSON(t)
	madeID := created["agent_key"].(map[string]any)["id"]
	var activity struct{ Activity []map[string]any }
	o.Client.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK).Decode(t, &activity)
	var byApp, approval map[string]any
	for _, e := range activity.Activity {
		res := e["resource"].(map[string]any)
		switch {
		case res["id"] == madeID && e["action"] == "agent_key.created":
			byApp = e
		case res["id"] == connID && e["action"] == "agent_key.created":
			approval = e
		}
	}
	if actor, _ := byApp["actor"].(map[string]any); actor["type"] != "app" || actor["id"] != connID || actor["name"] != a.Name {
		t.Fatalf("activity of the app's change = %v", byApp)
	}
	if actor, _ := approval["actor"].(map[string]any); actor["type"] != "owner" || actor["name"] != o.Email || approval["site_id"] != "" {
		t.Fatalf("activity of the approval = %v", approval)
	}

	// agent_access.created carries the connection without a secret.
	var events struct{ Events []map[string]any }
	o.Client.Agent(t, "GET", "/events?types=agent_access.created", nil).Expect(t, http.StatusOK).Decode(t, &events)
	found := false
	for _, e := range events.Events {
		if ak := e["data"].(map[string]any)["agent_key"].(map[string]any); ak["id"] == connID {
			found = ak["type"] == "oauth" && ak["client_id"] == a.ID && ak["key"] == nil
		}
	}
	if !found {
		t.Fatalf("no agent_access.created event for the connection: %v", events.Events)
	}

	// The owner is told.
	mailed := false
	for _, m := range env.Emails(t, o.Email) {
		mailed = mailed || (m.Subject == "New agent access: "+a.Name && strings.Contains(m.Text, "Type: connected app") && strings.Contains(m.Text, " UTC\n"))
	}
	if !mailed {
		t.Fatal("the owner got no email about the new connection")
	}

	// A code works once.
	if _, err := a.Config.Exchange(ctx(), code, oauth2.VerifierOption(f.Verifier)); grantError(t, err) != "invalid_grant" {
		t.Fatalf("second exchange of a code: %v, want invalid_grant", err)
	}
}

// TestRefreshRotation refreshes the tokens: the new ones work and refresh
// works again from the new one (presenting the old one again is reuse: see
// TestRefreshTokenReuseRevokesTheConnection).
func TestRefreshRotation(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Rotation App")
	first := o.connect(t, a)
	second, err := refresh(a, first.RefreshToken)
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	if second.RefreshToken == first.RefreshToken || second.AccessToken == first.AccessToken || second.Extra("expires_in") != float64(3600) {
		t.Fatalf("refresh did not rotate: %+v", second)
	}
	api(env, second).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	third, err := refresh(a, second.RefreshToken)
	if err != nil {
		t.Fatalf("refresh with the new token: %v", err)
	}
	if testenv.JWTClaims(t, third.AccessToken)["connection_id"] != testenv.JWTClaims(t, first.AccessToken)["connection_id"] {
		t.Fatal("refresh changed the connection")
	}
	// Another client cannot use the refresh token.
	other := newApp(t, env, "Other App")
	if _, err := refresh(other, third.RefreshToken); grantError(t, err) != "invalid_grant" {
		t.Fatalf("refresh by another client: %v, want invalid_grant", err)
	}
	if _, err := refresh(a, third.RefreshToken); err != nil {
		t.Fatalf("a refused attempt by another client used the token up: %v", err)
	}
}

// TestAccessTokenExpiry moves the service clock past the access token's
// hour: it answers the same 401 as any unknown credential, with the
// resource metadata header; the refresh token still works.
func TestAccessTokenExpiry(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Expiry App")
	tok := o.connect(t, a)
	api(env, tok).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	env.Advance(t, 3601)
	r := api(env, tok).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	if got, want := r.Header.Get("WWW-Authenticate"), `Bearer resource_metadata="`+env.URL+`/.well-known/oauth-protected-resource"`; got != want {
		t.Fatalf("WWW-Authenticate %q, want %q", got, want)
	}
	unknown := env.Client().As("eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl").Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	if string(r.Body) != string(unknown.Body) {
		t.Fatalf("expired token's 401 %s differs from an unknown token's %s", r.Body, unknown.Body)
	}
	fresh, err := refresh(a, tok.RefreshToken)
	if err != nil {
		t.Fatalf("refresh after the access token expired: %v", err)
	}
	api(env, fresh).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
}

// TestDisconnect revokes the connection with DELETE /agent-keys/{id}: the
// next request with its access token is refused, its refresh token is dead,
// and it leaves the list with an agent_access.revoked event.
func TestDisconnect(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Disconnect App")
	tok := o.connect(t, a)
	connID := testenv.JWTClaims(t, tok.AccessToken)["connection_id"].(string)
	// Used once first, so the next read runs beside the token's check.
	api(env, tok).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	out := o.Client.Agent(t, "DELETE", "/agent-keys/"+connID, nil).Expect(t, http.StatusOK).JSON(t)
	if out["revoked"] != true || out["id"] != connID {
		t.Fatalf("DELETE /agent-keys/{id} = %v", out)
	}
	api(env, tok).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	if _, err := refresh(a, tok.RefreshToken); grantError(t, err) != "invalid_grant" {
		t.Fatalf("refresh after disconnect: %v, want invalid_grant", err)
	}
	if o.Client.AgentKey(t, connID) != nil {
		t.Fatal("a disconnected app is still listed")
	}
	var events struct{ Events []map[string]any }
	o.Client.Agent(t, "GET", "/events?types=agent_access.revoked", nil).Expect(t, http.StatusOK).Decode(t, &events)
	if len(events.Events) != 1 || events.Events[0]["data"].(map[string]any)["agent_key"].(map[string]any)["id"] != connID {
		t.Fatalf("agent_access.revoked events = %v", events.Events)
	}

	// An app can disconnect itself with its own token, like a key.
	tok2 := o.connect(t, a)
	conn2 := testenv.JWTClaims(t, tok2.AccessToken)["connection_id"].(string)
	api(env, tok2).Agent(t, "DELETE", "/agent-keys/"+conn2, nil).Expect(t, http.StatusOK)
	api(env, tok2).Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
}

// TestCodeRules checks PKCE and the code's 10 minutes: a wrong verifier is
// refused without using the code up, a code is refused for another
// redirect_uri or client, and an expired code is refused.
func TestCodeRules(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "PKCE App")
	f := newFlow()
	code := o.code(t, a, f)
	if _, err := a.Config.Exchange(ctx(), code, oauth2.VerifierOption(oauth2.GenerateVerifier())); grantError(t, err) != "invalid_grant" {
		t.Fatalf("exchange with the wrong verifier: %v, want invalid_grant", err)
	}
	oauthError(t, tokenPost(t, env, "/oauth/token", url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "client_id": {a.ID}, "redirect_uri": {a.Callback.URI()},
	}), http.StatusBadRequest, "invalid_request") // no verifier
	oauthError(t, tokenPost(t, env, "/oauth/token", url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "client_id": {a.ID}, "redirect_uri": {a.Callback.URI() + "/other"}, "code_verifier": {f.Verifier},
	}), http.StatusBadRequest, "invalid_grant")
	other := newApp(t, env, "Code Thief")
	oauthError(t, tokenPost(t, env, "/oauth/token", url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "client_id": {other.ID}, "redirect_uri": {a.Callback.URI()}, "code_verifier": {f.Verifier},
	}), http.StatusBadRequest, "invalid_grant")
	// RFC 8707: a resource the owner did not approve is invalid_target.
	oauthError(t, tokenPost(t, env, "/oauth/token", url.Values{
		"grant_type": {"authorization_code"}, "code": {code}, "client_id": {a.ID}, "redirect_uri": {a.Callback.URI()}, "code_verifier": {f.Verifier},
		"resource": {"https://evil.example/mcp"},
	}), http.StatusBadRequest, "invalid_target")
	tok, err := a.Config.Exchange(ctx(), code, oauth2.VerifierOption(f.Verifier), oauth2.SetAuthURLParam("resource", env.URL+"/mcp"))
	if err != nil {
		t.Fatalf("refused attempts used the code up: %v", err)
	}
	oauthError(t, tokenPost(t, env, "/oauth/token", url.Values{
		"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}, "client_id": {a.ID}, "resource": {env.URL + "/api/agent/v1"},
	}), http.StatusBadRequest, "invalid_target") // approved for the MCP address only
	if _, err := refresh(a, tok.RefreshToken); err != nil {
		t.Fatalf("a refused refresh used the refresh token up: %v", err)
	}

	// A code works for 10 minutes.
	late := newFlow()
	lateCode := o.code(t, a, late)
	env.Advance(t, 601)
	if _, err := a.Config.Exchange(ctx(), lateCode, oauth2.VerifierOption(late.Verifier)); grantError(t, err) != "invalid_grant" {
		t.Fatalf("exchange of a code older than 10 minutes: %v, want invalid_grant", err)
	}
	early := newFlow()
	earlyCode := o.code(t, a, early)
	env.Advance(t, 590)
	if _, err := a.Config.Exchange(ctx(), earlyCode, oauth2.VerifierOption(early.Verifier)); err != nil {
		t.Fatalf("exchange of a code younger than 10 minutes: %v", err)
	}
}
