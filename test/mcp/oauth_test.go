package mcp

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"rvcontent/test/testenv"
)

// An OAuth access token works on the MCP server like an agent key: the
// app is the actor of what its tool calls change, and disconnecting the
// app stops the token at once.
func TestOAuthAccessToken(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	token := env.OAuthToken(t, acct, "MCP Test App")
	cs := session(t, env, token)

	_, viaHTTP := httpJSON(t, env.Client().As(token), "GET", "/account", nil)
	same(t, "get_account with an access token", ok(t, cs, "get_account", nil), viaHTTP)

	made := ok(t, cs, "create_agent_key", map[string]any{"name": "Made over MCP"})["agent_key"].(map[string]any)
	entry := activityFor(t, acct.Client, "agent_key.created", made["id"])
	actor := entry["actor"].(map[string]any)
	if actor["type"] != "app" || actor["name"] != "MCP Test App" {
		t.Fatalf("activity entry %v", entry)
	}

	connection := ""
	for _, k := range ok(t, cs, "list_agent_keys", nil)["agent_keys"].([]any) {
		if k := k.(map[string]any); k["type"] == "oauth" {
			connection = k["id"].(string)
		}
	}
	if connection == "" || connection != actor["id"] {
		t.Fatalf("connection %q, activity actor %v", connection, actor)
	}
	ok(t, session(t, env, acct.Key), "revoke_agent_key", map[string]any{"id": connection})
	mcpPost(t, env.Client().As(token), toolCall).Expect(t, http.StatusUnauthorized)
}

// The official MCP SDK's OAuth client connects on its own, from the 401
// alone: it follows WWW-Authenticate to the protected-resource metadata,
// reads the authorization server's metadata, registers (RFC 7591), sends
// the owner through sign-in and consent (here a browser driven by the
// test), checks state and iss (RFC 9207), exchanges the code with PKCE
// and the resource (RFC 8707), and then calls tools with the token, as
// the owner's app.
func TestSDKOAuthClient(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	env.Claim(t, acct)
	b := env.NewBrowser(t)
	fetch := func(_ context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
		p := b.Get(t, args.URL).Expect(t, http.StatusFound)
		if next := mustQuery(t, p.Location).Get("next"); next != "" { // sign in first
			env.SignIn(t, b, acct.Email, next)
			p.Location = env.URL + next
		}
		consent := b.Get(t, p.Location).Expect(t, http.StatusOK, "SDK Client", acct.Email)
		answer := b.Post(t, "/oauth/consent", url.Values{
			"authorization_id": {consent.Field(t, "authorization_id")}, "csrf": {consent.Field(t, "csrf")}, "decision": {"connect"},
		}).Expect(t, http.StatusSeeOther)
		q := mustQuery(t, answer.Location)
		return &auth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}, nil
	}
	handler, err := auth.NewAuthorizationCodeHandler(&auth.AuthorizationCodeHandlerConfig{
		DynamicClientRegistrationConfig: &auth.DynamicClientRegistrationConfig{Metadata: &oauthex.ClientRegistrationMetadata{
			ClientName: "SDK Client", RedirectURIs: []string{"http://127.0.0.1:9/callback"},
			GrantTypes: []string{"authorization_code", "refresh_token"}, ResponseTypes: []string{"code"}, TokenEndpointAuthMethod: "none",
		}},
		AuthorizationCodeFetcher: fetch,
		RequestRefreshToken:      true,
	})
	if err != nil {
		t.Fatal(err)
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "sdk-oauth-test", Version: "1.0.0"}, nil)
	cs, err := client.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: env.URL + "/mcp", OAuthHandler: handler, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("connect with the SDK's OAuth client: %v", err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	account := ok(t, cs, "get_account", nil)["account"].(map[string]any)
	if account["id"] != acct.ID {
		t.Fatalf("get_account = %v, want account %s", account, acct.ID)
	}
	made := ok(t, cs, "create_agent_key", map[string]any{"name": "Made by the SDK client"})["agent_key"].(map[string]any)
	if actor := activityFor(t, acct.Client, "agent_key.created", made["id"])["actor"].(map[string]any); actor["type"] != "app" || actor["name"] != "SDK Client" {
		t.Fatalf("actor of the SDK client's change = %v", actor)
	}
}

func mustQuery(t testing.TB, location string) url.Values {
	t.Helper()
	u, err := url.Parse(location)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}
