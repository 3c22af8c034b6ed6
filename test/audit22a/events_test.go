// Package audit22a holds black-box tests, over HTTP against a dev stack,
// of the agent API's events feed, webhook endpoints and credits (spec 2,
// 3, 4.10, 6 and 8, and the README's Events, Webhooks and credits notes):
// each one shows a defect an audit found and that its fix holds. Each test
// starts its own stack with the background scheduler off, so time moves
// and scheduled work runs only when the test says.
package audit22a

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"rvcontent/test/testenv"
)

// madeUpCursor encodes fields as the service encodes its cursors.
func madeUpCursor(t *testing.T, fields map[string]string) string {
	t.Helper()
	raw, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(raw)
}

// TestEventsFeedRefusesACursorItDidNotIssue: GET /events answers 422
// validation_failed on "cursor" for a cursor it did not issue (README,
// Agent API conventions: "a cursor the list did not issue (another
// list's, or made up) answers 422"): one of its own cursors with a key
// added, or with a list of events read that it never writes (empty, or
// not the short ids it lists). The feed took any such cursor that held a
// position and paged from it. The cursor as issued still pages.
func TestEventsFeedRefusesACursorItDidNotIssue(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	var page struct {
		Events     []map[string]any `json:"events"`
		NextCursor string           `json:"next_cursor"`
	}
	c.Agent(t, "GET", "/events?limit=1", nil).Expect(t, http.StatusOK).Decode(t, &page)
	if len(page.Events) != 1 || page.NextCursor == "" {
		t.Fatalf("first page of a new account's feed: %d events, cursor %q", len(page.Events), page.NextCursor)
	}
	raw, err := base64.RawURLEncoding.DecodeString(page.NextCursor)
	if err != nil {
		t.Fatalf("cursor %q is not the service's encoding: %v", page.NextCursor, err)
	}
	var issued map[string]string
	if err := json.Unmarshal(raw, &issued); err != nil || issued["after"] == "" {
		t.Fatalf("cursor %s holds no position (%v)", raw, err)
	}
	c.Agent(t, "GET", "/events?cursor="+url.QueryEscape(page.NextCursor), nil).Expect(t, http.StatusOK)

	with := func(key, value string) map[string]string {
		out := map[string]string{"after": issued["after"]}
		out[key] = value
		return out
	}
	for name, fields := range map[string]map[string]string{
		"another key":          with("list", "other"),
		"another list's key":   with("sk", issued["after"]),
		"empty list of read":   with("seen", ""),
		"made-up list of read": with("seen", "zz,not-an-id"),
	} {
		t.Run(name, func(t *testing.T) {
			body := c.Agent(t, "GET", "/events?cursor="+madeUpCursor(t, fields), nil).
				ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
			details, _ := body["details"].([]any)
			if len(details) != 1 || details[0].(map[string]any)["field"] != "cursor" {
				t.Fatalf("details = %v, want one problem with cursor", body["details"])
			}
		})
	}
}
