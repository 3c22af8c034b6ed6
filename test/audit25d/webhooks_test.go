package audit25d

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestWebhookPatchWithNullEventsSaysItCannotBeNull: README "Webhooks":
// "PATCH with description: null or "" clears it; url, events and enabled
// cannot be null", and the spec's PATCH changes only the fields sent. A
// PATCH with "events": null answered 422 saying events "is required",
// which tells an agent every PATCH must send the list; url's refusal
// already said it cannot be null.
func TestWebhookPatchWithNullEventsSaysItCannotBeNull(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	wh := testenv.CreateWebhook(t, a.Client, "https://hooks.example.com/null-events", "article.created")
	body := a.Client.Agent(t, "PATCH", "/webhooks/"+wh.ID, map[string]any{"events": nil}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details, _ := body["details"].([]any)
	if len(details) != 1 {
		t.Fatalf("details = %v, want one problem on events", details)
	}
	d, _ := details[0].(map[string]any)
	problem, _ := d["problem"].(string)
	if d["field"] != "events" || !strings.HasPrefix(problem, "cannot be null") {
		t.Errorf("events: null answered %v; want events \"cannot be null ...\"", d)
	}
	// Without events, a PATCH changes the other fields and keeps the list.
	got := a.Client.Agent(t, "PATCH", "/webhooks/"+wh.ID, map[string]any{"description": "kept events"}).Expect(t, http.StatusOK).JSON(t)["webhook"].(map[string]any)
	if ev, _ := got["events"].([]any); len(ev) != 1 || ev[0] != "article.created" {
		t.Errorf("events after a PATCH without them = %v, want [article.created]", got["events"])
	}
}
