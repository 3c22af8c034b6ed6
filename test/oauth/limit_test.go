package oauth_test

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestConnectionLimit approves an app on an account that has 25 agent keys:
// a clear error page, nothing connected; after revoking one key the same
// request connects.
func TestConnectionLimit(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	var last string
	for i := 1; i < 25; i++ { // the account's first key makes 25
		r := o.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": fmt.Sprintf("Key %d", i)}).Expect(t, http.StatusCreated)
		last = r.JSON(t)["agent_key"].(map[string]any)["id"].(string)
	}
	a := newApp(t, env, "Limit App")
	consent := o.consentPage(t, a, newFlow())
	o.answer(t, consent, "connect").Expect(t, http.StatusConflict, "already has 25 active agent keys and app connections")
	o.Client.Agent(t, "DELETE", "/agent-keys/"+last, nil).Expect(t, http.StatusOK)
	o.answer(t, consent, "connect").Redirect(t, http.StatusSeeOther, a.Callback.URI()+"?")
	// Connections count like keys: the account is full again.
	o.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "One too many"}).Expect(t, http.StatusConflict)
}
