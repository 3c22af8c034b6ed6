package audit27f

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestResourceMetadataForAgentAPI checks the protected-resource metadata of
// the agent API. README: "`resource` may be `{base_url}/mcp` (default) or
// `{base_url}/api/agent/v1`; the token works on both", and spec 5 says
// "One token works on both the MCP server and the agent API". A strict
// RFC 9728 client of the agent API reads the metadata at the path form of
// its resource (section 3.1: /.well-known/oauth-protected-resource
// inserted before the path /api/agent/v1) and uses it only when its
// `resource` is that API root (section 3.3). Before the fix only the MCP
// address had metadata: that address answered 404, so such a client found
// no metadata for the agent API; the spec's fixed address
// (/.well-known/oauth-protected-resource) still names the MCP address.
func TestResourceMetadataForAgentAPI(t *testing.T) {
	env := testenv.Shared(t)
	ctx := context.Background()
	api := env.URL + "/api/agent/v1"
	prm, err := oauthex.GetProtectedResourceMetadata(ctx, env.URL+"/.well-known/oauth-protected-resource/api/agent/v1", api, http.DefaultClient)
	if err != nil {
		t.Fatalf("metadata of the agent API: %v", err)
	}
	if len(prm.AuthorizationServers) == 0 || prm.AuthorizationServers[0] != env.URL || !strings.EqualFold(strings.Join(prm.BearerMethodsSupported, ","), "header") {
		t.Fatalf("metadata of the agent API: %+v", prm)
	}
	// The spec's fixed address keeps naming the MCP address.
	if _, err := oauthex.GetProtectedResourceMetadata(ctx, env.URL+"/.well-known/oauth-protected-resource", env.URL+"/mcp", http.DefaultClient); err != nil {
		t.Fatalf("spec 5's metadata address: %v", err)
	}
}

// TestResourceSchemeAnyCase checks that the authorization request's
// `resource` names the MCP address however the case of its scheme is
// written. Spec 5 rule 5: the authorization request carries "`resource`
// (the MCP address)"; URLs compare case-insensitively in scheme and host
// (RFC 3986 6.2.2.1), so HTTP://HOST/mcp is that address. Before the fix
// the request was refused with invalid_target; the token's aud is the
// address in its normal form. The path stays case-sensitive: /MCP is
// another resource.
func TestResourceSchemeAnyCase(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Case App")
	upper := "HTTP://" + strings.TrimPrefix(env.URL, "http://") + "/mcp"
	code, verifier := o.Code(t, app, oauth2.SetAuthURLParam("resource", upper))
	tok, err := app.Exchange(testenv.OAuthContext(), code, oauth2.VerifierOption(verifier), oauth2.SetAuthURLParam("resource", upper))
	if err != nil {
		t.Fatalf("exchange with resource %s: %v", upper, err)
	}
	if aud, _ := testenv.JWTClaims(t, tok.AccessToken)["aud"].([]any); len(aud) != 1 || aud[0] != env.URL+"/mcp" {
		t.Fatalf("aud %v, want [%s/mcp]", aud, env.URL)
	}
	env.Client().As(tok.AccessToken).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)

	// Another path is another resource.
	target := app.AuthCodeURL("st", oauth2.S256ChallengeOption(oauth2.GenerateVerifier()), oauth2.SetAuthURLParam("resource", env.URL+"/MCP"))
	loc := o.Browser.Get(t, target).Redirect(t, http.StatusFound, testenv.LoopbackRedirect+"?")
	if loc.Query().Get("error") != "invalid_target" {
		t.Fatalf("resource %s/MCP: redirect %s, want invalid_target", env.URL, loc)
	}
}

// TestConsentNamesSharedEmail checks the consent page of an app that asks
// for the `email` scope. Spec 5 rule 6: "The owner ... sees the app name,
// their signed-in email and what the app can do"; README: "`scope` only
// adds claims (`email` adds the owner's email)", and the access token is
// a JWT the app reads. Before the fix the page did not say the app would
// get the owner's email address: the owner agreed to share it unawares.
// Without the scope the page does not say it.
func TestConsentNamesSharedEmail(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	const shared = "also gets your email address"
	for _, tc := range []struct {
		scopes []string
		says   bool
	}{{[]string{"account", "email"}, true}, {[]string{"account"}, false}} {
		app := env.NewOAuthApp(t, "Mail App")
		app.Scopes = tc.scopes
		p := o.Browser.Get(t, app.AuthCodeURL("st", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
		u := p.Redirect(t, http.StatusFound, env.URL+"/oauth/consent?authorization_id=")
		page := o.Browser.Get(t, u.String()).Expect(t, http.StatusOK, "Mail App", o.Email)
		if got := strings.Contains(page.Body, shared); got != tc.says {
			t.Errorf("scopes %v: page says %q: %v, want %v", tc.scopes, shared, got, tc.says)
		}
	}
}
