package audit23d

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestTokenForAnotherServiceIsRefused: the MCP authorization
// specification (2025-06-18, "Token Audience Binding and Validation")
// requires a resource server to accept only tokens issued for it (RFC
// 8707 audience), and spec 5 answers any credential not accepted with 401
// and WWW-Authenticate. Two dev stacks here share one table and the dev
// SECRET_KEY, so a token of the one is correctly signed and names a
// connection that exists for the other: only its issuer and audience (the
// first stack's address) tell them apart. The second stack refuses it on
// the agent API and on /mcp, and the first still accepts it.
func TestTokenForAnotherServiceIsRefused(t *testing.T) {
	var table string
	first := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { table = c.TableName }})
	second := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.TableName = table }})
	o := first.NewOwner(t)
	tok := o.Connect(t, first.NewOAuthApp(t, "Audience App"))
	if aud := testenv.JWTClaims(t, tok.AccessToken)["aud"].([]any); len(aud) != 1 || aud[0] != first.URL+"/mcp" {
		t.Fatalf("aud %v", aud)
	}
	// The second stack reads the same account: its key works there.
	second.Client().As(o.Key).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	first.Client().As(tok.AccessToken).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)

	want := `Bearer resource_metadata="` + second.URL + `/.well-known/oauth-protected-resource"`
	for name, r := range map[string]*testenv.Response{
		"agent API": second.Client().As(tok.AccessToken).Agent(t, "GET", "/account", nil),
		"MCP":       mcp(t, second, tok.AccessToken, mcpList),
	} {
		if r.Status != http.StatusUnauthorized || r.Header.Get("WWW-Authenticate") != want {
			t.Errorf("%s of the other stack: %d %s (WWW-Authenticate %q), want 401", name, r.Status, r.Body, r.Header.Get("WWW-Authenticate"))
		}
	}
}

// TestAlteredAccessTokensAnswerTheSame401: spec 5 ("A request without
// valid credentials gets 401 with header WWW-Authenticate: Bearer
// resource_metadata=<url>"; "The 401 response does not say which cause
// applied") and section 7's 401 unauthorized, on both surfaces a token
// works on: an access token whose claims were changed (another account as
// sub, a later exp) under its old signature, the same claims unsigned
// (alg none), and the refresh token sent as a Bearer credential each get
// the 401 of no credential at all on the agent API and on /mcp, while the
// token itself works.
func TestAlteredAccessTokensAnswerTheSame401(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	tok := o.Connect(t, env.NewOAuthApp(t, "Altered Token App"))
	other := env.NewAccount(t, "")
	c := testenv.JWTClaims(t, tok.AccessToken)
	c["sub"] = other.ID
	resub := withClaims(t, tok.AccessToken, c, false)
	c = testenv.JWTClaims(t, tok.AccessToken)
	c["exp"] = c["exp"].(float64) + 86400
	later := withClaims(t, tok.AccessToken, c, false)
	unsigned := withClaims(t, tok.AccessToken, testenv.JWTClaims(t, tok.AccessToken), true)

	env.Client().As(tok.AccessToken).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	mcp(t, env, tok.AccessToken, mcpList).Expect(t, http.StatusOK)
	none := env.Client().Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	want := `Bearer resource_metadata="` + env.URL + `/.well-known/oauth-protected-resource"`
	for name, credential := range map[string]string{"another sub": resub, "a later exp": later, "alg none": unsigned, "refresh token": tok.RefreshToken} {
		for surface, r := range map[string]*testenv.Response{
			"agent API": env.Client().As(credential).Agent(t, "GET", "/account", nil),
			"MCP":       mcp(t, env, credential, mcpList),
		} {
			if r.Status != http.StatusUnauthorized || r.Header.Get("WWW-Authenticate") != want || string(r.Body) != string(none.Body) {
				t.Errorf("%s on the %s: %d %s (WWW-Authenticate %q), want the 401 of no credential", name, surface, r.Status, r.Body, r.Header.Get("WWW-Authenticate"))
			}
		}
	}
}

// withClaims returns jwt with its payload replaced by claims, keeping its
// signature, or, when unsigned, with the header {"alg":"none"} and no
// signature.
func withClaims(t *testing.T, jwt string, claims map[string]any, unsigned bool) string {
	t.Helper()
	parts := strings.Split(jwt, ".")
	payload, err := json.Marshal(claims)
	if err != nil {
		t.Fatal(err)
	}
	parts[1] = base64.RawURLEncoding.EncodeToString(payload)
	if unsigned {
		parts[0] = base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"at+jwt"}`))
		parts[2] = ""
	}
	return strings.Join(parts, ".")
}
