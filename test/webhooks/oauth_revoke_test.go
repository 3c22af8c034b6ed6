package webhooks_test

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// Spec 3, Webhook: "its creating key or connection is revoked → disabled".
// An endpoint an OAuth app created is disabled when the app is
// disconnected (DELETE /agent-keys/{id} with the connection's id), with
// disabled_reason set, and PATCH enabled true turns it back on.
func TestDisconnectingTheCreatingAppDisablesItsEndpoints(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	token := env.OAuthToken(t, acct, "Webhook App")
	app := env.Client().As(token)
	rc := testenv.NewReceiver(t, env, nil)
	w := testenv.CreateWebhook(t, app, rc.URL, "*")
	if w.CreatedBy.Type != "app" || w.CreatedBy.Name != "Webhook App" {
		t.Fatalf("created_by = %+v, want the app", w.CreatedBy)
	}
	connID := w.CreatedBy.ID
	if connID == "" {
		t.Fatal("created_by has no id")
	}

	acct.Client.Agent(t, "DELETE", "/agent-keys/"+connID, nil).Expect(t, http.StatusOK)
	app.Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
	got := getWebhook(t, acct.Client, w.ID)
	if got.Enabled || got.DisabledReason == nil || *got.DisabledReason == "" {
		t.Fatalf("endpoint of the disconnected app: enabled %v, reason %v", got.Enabled, got.DisabledReason)
	}

	var out struct{ Webhook testenv.Webhook }
	acct.Client.Agent(t, "PATCH", "/webhooks/"+w.ID, map[string]any{"enabled": true}).Expect(t, http.StatusOK).Decode(t, &out)
	if !out.Webhook.Enabled || out.Webhook.DisabledReason != nil {
		t.Fatalf("endpoint after PATCH enabled true: enabled %v, reason %v", out.Webhook.Enabled, out.Webhook.DisabledReason)
	}
}
