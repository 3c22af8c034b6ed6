// Package webhooks_test proves webhook delivery over HTTP against a dev
// stack: endpoints are served over TLS on loopback and reached through the
// dev host overrides under public-looking names, and every signature is
// checked by a verifier written from the spec's words.
package webhooks_test

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// webhook is an endpoint as the API shows it.
type webhook struct {
	ID                 string                          `json:"id"`
	URL                string                          `json:"url"`
	Events             []string                        `json:"events"`
	Description        *string                         `json:"description"`
	Enabled            bool                            `json:"enabled"`
	DisabledReason     *string                         `json:"disabled_reason"`
	Secret             string                          `json:"secret"`
	CreatedBy          struct{ Type, ID, Name string } `json:"created_by"`
	CreatedAt          string                          `json:"created_at"`
	LastDeliveryAt     *string                         `json:"last_delivery_at"`
	LastDeliveryStatus *int                            `json:"last_delivery_status"`
}

// createWebhook adds an endpoint for url subscribed to events and deletes
// it when the test ends, so later clock moves do not retry into it.
func createWebhook(t testing.TB, c *testenv.Client, url string, events ...string) webhook {
	t.Helper()
	var out struct{ Webhook webhook }
	c.Agent(t, "POST", "/webhooks", map[string]any{"url": url, "events": events}).Expect(t, http.StatusCreated).Decode(t, &out)
	t.Cleanup(func() { c.Agent(t, "DELETE", "/webhooks/"+out.Webhook.ID, nil) })
	return out.Webhook
}

// getWebhook finds endpoint id in GET /webhooks.
func getWebhook(t testing.TB, c *testenv.Client, id string) webhook {
	t.Helper()
	var out struct{ Webhooks []webhook }
	c.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &out)
	for _, w := range out.Webhooks {
		if w.ID == id {
			return w
		}
	}
	t.Fatalf("webhook %s not listed", id)
	return webhook{}
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

// types returns the event types of requests, in order.
func types(t testing.TB, got []testenv.Delivery) []string {
	out := make([]string, len(got))
	for i, r := range got {
		out[i] = r.Header.Get("Service-Event-Type")
	}
	return out
}

// settle runs scheduled work and drains the queues, then waits a moment
// for the background workers.
func settle(t testing.TB, env *testenv.Env) {
	t.Helper()
	env.RunScheduled(t)
	time.Sleep(200 * time.Millisecond)
}

// newAccount creates an account and lets the fan-out of its own events
// finish, so endpoints made next do not receive them.
func newAccount(t testing.TB, env *testenv.Env) *testenv.Account {
	t.Helper()
	acct := env.NewAccount(t, "")
	settle(t, env)
	return acct
}
