package audit29k_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestNoRefreshTokenOfADisconnectedAppStays: README, deleting the account:
// the erase job "deletes every item of the account and its sites (...
// OAuth codes and replaced refresh tokens kept under their hashes)":
// "nothing of the account is left in the table within an hour"; spec 4.4,
// DELETE /agent-keys/{id} "disconnects an OAuth app at once". Defect:
// disconnecting an app deleted its connection but not the item of its
// current refresh token (OAUTHRT#<hash>, holding the account id, the app
// and the grant), which had no expiry and left only if the app presented
// the token again; the erase finds refresh tokens through the account's
// connections, so an app disconnected before the deletion left that item
// in the table for ever. Now the disconnection deletes it with the
// connection (the token answers invalid_grant as before).
func TestNoRefreshTokenOfADisconnectedAppStays(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Leaving app")
	tok := o.Connect(t, app)
	var keys struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	o.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	disconnected := false
	for _, k := range keys.AgentKeys {
		if k["name"] == "Leaving app" {
			o.Client.Agent(t, "DELETE", "/agent-keys/"+k["id"].(string), nil).Expect(t, http.StatusOK)
			disconnected = true
		}
	}
	if !disconnected {
		t.Fatalf("the app's connection is not listed: %v", keys.AgentKeys)
	}

	ownerDeletes(t, o)
	erase(t, env)

	for _, k := range env.Mentions(t, o.ID) {
		if strings.HasPrefix(k, "OAUTHRT#") {
			t.Errorf("an hour after the deletion the table still holds the disconnected app's refresh token %s", k)
		}
	}
	if _, err := testenv.Refresh(app, tok.RefreshToken); err == nil || testenv.GrantError(t, err) != "invalid_grant" {
		t.Errorf("refresh with the disconnected app's token: %v, want invalid_grant", err)
	}
}
