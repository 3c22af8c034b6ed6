package audit25f

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestEventsFeedRefusesTypesThatAreNotEventTypes: spec 4.10 ("GET /events
// query: ... types (comma-separated)") names event types to read, and spec
// 7 answers 422 validation_failed when a field is invalid, with details.
// README: "A list filter (status, kind, types) takes comma-separated
// values", and POST /webhooks already refuses "events" that are not known
// types. Before the fix a misspelt type (article.publised), or "*" copied
// from a webhook subscription, answered 200 with no events and a cursor,
// so a poller waited forever for events that were there. It now answers
// 422 on types; known types (webhook.test too), comma-separated or
// repeated, still filter.
func TestEventsFeedRefusesTypesThatAreNotEventTypes(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	c := acct.Client
	for _, q := range []string{
		"types=article.publised",
		"types=agent_access.created,bogus",
		"types=*",
		"types=Agent_Access.Created",
		"types=agent_access.created&types=nope",
	} {
		e := c.Agent(t, "GET", "/events?"+q, nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		details, _ := e["details"].([]any)
		if len(details) != 1 || details[0].(map[string]any)["field"] != "types" {
			t.Fatalf("GET /events?%s: details %v, want one on types", q, e["details"])
		}
		if p, _ := details[0].(map[string]any)["problem"].(string); !strings.Contains(p, "agent_access.created") {
			t.Fatalf("GET /events?%s: problem %q does not list the event types", q, p)
		}
	}
	for q, want := range map[string]int{
		"types=agent_access.created":                            1,
		"types=agent_access.created,webhook.test":               1,
		"types=agent_access.revoked":                            0,
		"types=agent_access.created&types=agent_access.created": 1,
		"types=": len(c.Events(t)),
	} {
		var out struct {
			Events     []testenv.Event `json:"events"`
			NextCursor string          `json:"next_cursor"`
		}
		c.Agent(t, "GET", "/events?"+q, nil).Expect(t, http.StatusOK).Decode(t, &out)
		if len(out.Events) != want || out.NextCursor == "" {
			t.Fatalf("GET /events?%s: %d events (cursor %q), want %d", q, len(out.Events), out.NextCursor, want)
		}
	}
}
