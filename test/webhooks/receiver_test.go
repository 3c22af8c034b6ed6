// Package webhooks_test proves webhook delivery over HTTP against a dev
// stack: endpoints are served over TLS on loopback and reached through the
// dev host overrides under public-looking names, and every signature is
// checked by a verifier written from the spec's words.
package webhooks_test

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// getWebhook finds endpoint id in GET /webhooks.
func getWebhook(t testing.TB, c *testenv.Client, id string) testenv.Webhook {
	t.Helper()
	var out struct{ Webhooks []testenv.Webhook }
	c.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &out)
	for _, w := range out.Webhooks {
		if w.ID == id {
			return w
		}
	}
	t.Fatalf("webhook %s not listed", id)
	return testenv.Webhook{}
}

// types returns the event types of requests, in order.
func types(t testing.TB, got []testenv.Delivery) []string {
	out := make([]string, len(got))
	for i, r := range got {
		out[i] = r.Header.Get("Service-Event-Type")
	}
	return out
}
