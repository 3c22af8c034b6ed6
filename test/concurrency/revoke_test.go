package concurrency

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// Webhook endpoints a key creates while another key revokes it: once the
// revocation has answered, none of the key's endpoints is enabled (spec 5:
// revoking disables the endpoints the credential created), whichever
// request came first.
func TestWebhooksCreatedWhileTheirKeyIsRevoked(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	for round := range 6 {
		keyID, doomed := newKey(t, env, a, fmt.Sprintf("Doomed %d", round))
		rs := testenv.AtOnce(10, func(i int) *testenv.Response {
			if i == 0 {
				time.Sleep(time.Duration(round) * 4 * time.Millisecond) // land inside the creations
				return a.Client.Agent(t, "DELETE", "/agent-keys/"+keyID, nil)
			}
			return doomed.Agent(t, "POST", "/webhooks", map[string]any{"url": fmt.Sprintf("https://hooks.example.com/r%d/%d", round, i), "events": []string{"*"}}, key(fmt.Sprintf("wh%d", round), i))
		})
		got := tally(t, "create while revoked", rs)
		only(t, "create while revoked", got, http.StatusOK, http.StatusCreated, http.StatusUnauthorized)
		t.Logf("round %d: %v", round, got)
		if rs[0].Status != http.StatusOK {
			t.Fatalf("round %d: revocation answered %d: %s", round, rs[0].Status, rs[0].Body)
		}
		var list struct {
			Webhooks []struct {
				ID        string
				Enabled   bool
				CreatedBy struct{ ID string } `json:"created_by"`
			}
		}
		a.Client.Agent(t, "GET", "/webhooks?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
		for _, w := range list.Webhooks {
			if w.CreatedBy.ID == keyID && w.Enabled {
				t.Errorf("round %d (%v): endpoint %s of the revoked key is still enabled", round, got, w.ID)
			}
			a.Client.Agent(t, "DELETE", "/webhooks/"+w.ID, nil).Expect(t, http.StatusOK)
		}
	}
}

// A key re-enabling its own endpoint while another key revokes it: once the
// revocation has answered, the endpoint is disabled, whichever came first.
func TestWebhookEnabledWhileItsKeyIsRevoked(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	for round := range 6 {
		keyID, doomed := newKey(t, env, a, fmt.Sprintf("Doomed %d", round))
		var hook struct{ Webhook struct{ ID string } }
		doomed.Agent(t, "POST", "/webhooks", map[string]any{"url": fmt.Sprintf("https://hooks.example.com/e%d", round), "events": []string{"*"}}).Expect(t, http.StatusCreated).Decode(t, &hook)
		path := "/webhooks/" + hook.Webhook.ID
		doomed.Agent(t, "PATCH", path, map[string]any{"enabled": false}).Expect(t, http.StatusOK)
		rs := testenv.AtOnce(10, func(i int) *testenv.Response {
			if i == 0 {
				time.Sleep(time.Duration(round) * 3 * time.Millisecond)
				return a.Client.Agent(t, "DELETE", "/agent-keys/"+keyID, nil)
			}
			return doomed.Agent(t, "PATCH", path, map[string]any{"enabled": i%2 == 1})
		})
		got := tally(t, "enable while revoked", rs)
		only(t, "enable while revoked", got, http.StatusOK, http.StatusUnauthorized, http.StatusConflict)
		rs[0].Expect(t, http.StatusOK)
		var list struct {
			Webhooks []struct {
				ID      string
				Enabled bool
			}
		}
		a.Client.Agent(t, "GET", "/webhooks?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
		for _, w := range list.Webhooks {
			if w.ID == hook.Webhook.ID && w.Enabled {
				t.Errorf("round %d (%v): the revoked key's endpoint is enabled", round, got)
			}
		}
		a.Client.Agent(t, "DELETE", path, nil).Expect(t, http.StatusOK)
	}
}

// A key revoked while its webhook endpoints are deleted: the revocation
// succeeds (a leaked key must stop working even while its endpoints
// change) and the key stops working.
func TestKeyRevokedWhileItsWebhooksAreDeleted(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	for round := range 4 {
		keyID, leaked := newKey(t, env, a, fmt.Sprintf("Leaked %d", round))
		var hooks []string
		for i := range 9 {
			var h struct{ Webhook struct{ ID string } }
			leaked.Agent(t, "POST", "/webhooks", map[string]any{"url": fmt.Sprintf("https://hooks.example.com/l%d/%d", round, i), "events": []string{"*"}}).Expect(t, http.StatusCreated).Decode(t, &h)
			hooks = append(hooks, h.Webhook.ID)
		}
		rs := testenv.AtOnce(10, func(i int) *testenv.Response {
			if i == 0 {
				time.Sleep(time.Duration(round) * 2 * time.Millisecond)
				return a.Client.Agent(t, "DELETE", "/agent-keys/"+keyID, nil)
			}
			return a.Client.Agent(t, "DELETE", "/webhooks/"+hooks[i-1], nil)
		})
		tally(t, "revoke while deleting", rs)
		if rs[0].Status != http.StatusOK {
			t.Errorf("round %d: revocation answered %d: %s", round, rs[0].Status, rs[0].Body)
		}
		leaked.Agent(t, "GET", "/account", nil).Expect(t, http.StatusUnauthorized)
	}
}

// newKey creates an agent key of account a named name, the one a test
// revokes, and returns its id and a client that sends it.
func newKey(t *testing.T, env *testenv.Env, a *testenv.Account, name string) (string, *testenv.Client) {
	t.Helper()
	var made struct {
		AgentKey struct{ ID, Key string } `json:"agent_key"`
	}
	a.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": name}).Expect(t, http.StatusCreated).Decode(t, &made)
	return made.AgentKey.ID, env.Client().As(made.AgentKey.Key)
}
