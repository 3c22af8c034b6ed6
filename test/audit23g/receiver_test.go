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

	"rvcontent/test/testenv"
)

// setEnabled PATCHes enabled and returns the endpoint.
func setEnabled(t testing.TB, c *testenv.Client, id string, on bool) testenv.Webhook {
	t.Helper()
	var out struct{ Webhook testenv.Webhook }
	c.Agent(t, "PATCH", "/webhooks/"+id, map[string]any{"enabled": on}).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Webhook
}
