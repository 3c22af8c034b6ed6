package mcp

import (
	"net/http"
	"testing"

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
