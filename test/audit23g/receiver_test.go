// Package audit23g audits webhook delivery against spec 6 ("Webhook
// delivery"), 4.10 and 5 (revocation) and the README's Webhooks notes,
// through what a receiver and an agent see on a dev stack: a delivery
// pending while its endpoint is disabled (by hand or by revoking its
// creator) or unsubscribed from its type, and turned back on, is not sent
// and the attempt log stops promising it; the failures the spec names
// (410, no answer within 10 seconds, a TLS error) and how the attempt log
// words them; a 2xx with a large body; the attempt log's order and paging;
// the test event sent to a disabled endpoint; subscribed types of every
// site; a 3-day failing endpoint as the agent sees it; PATCH keeping the
// creation rules. Receivers are HTTPS servers on loopback reached through
// the dev host overrides, and every signature is checked by a verifier
// written from the spec's words. What test/webhooks covers (headers,
// signature, schedule, health emails, deletion, revocation) is not repeated.
package audit23g

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// webhook is an endpoint as the API shows it.
type webhook struct {
	ID             string  `json:"id"`
	Secret         string  `json:"secret"`
	Enabled        bool    `json:"enabled"`
	DisabledReason *string `json:"disabled_reason"`
}

// createWebhook adds an endpoint for url subscribed to events with client c
// and deletes it when the test ends.
func createWebhook(t testing.TB, c *testenv.Client, url string, events ...string) webhook {
	t.Helper()
	var out struct{ Webhook webhook }
	c.Agent(t, "POST", "/webhooks", map[string]any{"url": url, "events": events}).Expect(t, http.StatusCreated).Decode(t, &out)
	t.Cleanup(func() { c.Agent(t, "DELETE", "/webhooks/"+out.Webhook.ID, nil) })
	return out.Webhook
}

// setEnabled PATCHes enabled and returns the endpoint.
func setEnabled(t testing.TB, c *testenv.Client, id string, on bool) webhook {
	t.Helper()
	var out struct{ Webhook webhook }
	c.Agent(t, "PATCH", "/webhooks/"+id, map[string]any{"enabled": on}).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Webhook
}

// newKey creates an agent key (an agent_access.created event) and returns
// its id and secret.
func newKey(t testing.TB, c *testenv.Client, name string) (id, key string) {
	t.Helper()
	var out struct {
		AgentKey struct{ ID, Key string } `json:"agent_key"`
	}
	c.Agent(t, "POST", "/agent-keys", map[string]any{"name": name}).Expect(t, http.StatusCreated).Decode(t, &out)
	return out.AgentKey.ID, out.AgentKey.Key
}

// settle runs scheduled work, drains the queues and waits a moment for the
// background workers.
func settle(t testing.TB, env *testenv.Env) {
	t.Helper()
	env.RunScheduled(t)
	time.Sleep(200 * time.Millisecond)
}

// newAccount creates an account and lets the fan-out of its own events end.
func newAccount(t testing.TB, env *testenv.Env) *testenv.Account {
	t.Helper()
	acct := env.NewAccount(t, "")
	settle(t, env)
	return acct
}
