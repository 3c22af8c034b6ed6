package audit25f

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestWebhookPatchThatChangesNothingRecordsNothing: spec 4.1 ("PATCH
// changes only the fields sent") and spec 2 / 4.4 (the activity log
// records who changed what; README: "Activity actions: webhook.created,
// webhook.updated, ..."). A PATCH /webhooks/{id} that sends what the
// endpoint already has (the same url, events and description, a null
// description it does not have, or enabled true on an enabled one)
// changes nothing, so it records nothing. Before the fix every such PATCH
// wrote the endpoint again and logged one more "webhook.updated" entry
// naming fields that had not changed (the same as a PATCH of an article
// that changes nothing, which writes nothing).
func TestWebhookPatchThatChangesNothingRecordsNothing(t *testing.T) {
	_, acct := testenv.StartQuietAccount(t)
	c := acct.Client
	wh := testenv.CreateWebhook(t, c, "https://hooks.example.com/in", "article.created", "article.deleted")
	path := "/webhooks/" + wh.ID

	c.Agent(t, "PATCH", path, map[string]any{"description": "Our CMS"}).Expect(t, http.StatusOK)
	if n := len(entriesOf(t, c, "webhook.updated")); n != 1 {
		t.Fatalf("%d webhook.updated entries after one change, want 1", n)
	}
	for _, body := range []map[string]any{
		{"description": "Our CMS"},
		{"url": wh.URL},
		{"events": wh.Events},
		{"enabled": true},
		{"url": wh.URL, "events": wh.Events, "description": "Our CMS", "enabled": true},
	} {
		var out struct{ Webhook testenv.Webhook }
		c.Agent(t, "PATCH", path, body).Expect(t, http.StatusOK).Decode(t, &out)
		if out.Webhook.Description == nil || *out.Webhook.Description != "Our CMS" || out.Webhook.URL != wh.URL || !out.Webhook.Enabled {
			t.Fatalf("PATCH %v answered %+v", body, out.Webhook)
		}
		if got := entriesOf(t, c, "webhook.updated"); len(got) != 1 {
			t.Fatalf("PATCH %v that changes nothing recorded %q (%d webhook.updated entries, want 1)", body, got[0].Summary, len(got))
		}
	}

	// Clearing a description clears it once; clearing it again is nothing.
	c.Agent(t, "PATCH", path, map[string]any{"description": nil}).Expect(t, http.StatusOK)
	c.Agent(t, "PATCH", path, map[string]any{"description": ""}).Expect(t, http.StatusOK)
	c.Agent(t, "PATCH", path, map[string]any{"description": nil}).Expect(t, http.StatusOK)
	if n := len(entriesOf(t, c, "webhook.updated")); n != 2 {
		t.Fatalf("%d webhook.updated entries after clearing the description three times, want 2", n)
	}
	// A change among unchanged fields names only what changed.
	c.Agent(t, "PATCH", path, map[string]any{"url": wh.URL, "events": []string{"article.created"}}).Expect(t, http.StatusOK)
	got := entriesOf(t, c, "webhook.updated")
	if len(got) != 3 || got[0].Summary != "Webhook endpoint https://hooks.example.com/in updated (events)" {
		t.Fatalf("entries after changing events only: %d, newest %q", len(got), got[0].Summary)
	}
}

// TestIntegrationPatchThatChangesNothingRecordsNothing: spec 4.1 ("PATCH
// changes only the fields sent") and spec 2 / 4.4 (the activity log
// records who changed what). A PATCH of a push integration's settings
// that sends the values it already has (or nothing at all) changes
// nothing, so it records nothing. Before the fix each one, an empty body
// included, logged one more "integration.updated" entry ("push_platform_1
// settings changed").
func TestIntegrationPatchThatChangesNothingRecordsNothing(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	env.Trial(t, acct, testenv.TestCardOK)
	c := acct.Client
	path := "/sites/" + acct.SiteID + "/integrations/push_platform_1"

	c.Agent(t, "PATCH", path, map[string]any{"default_status": "publish"}).Expect(t, http.StatusOK)
	for _, body := range []map[string]any{
		{"default_status": "publish"},
		{},
		{"category": nil, "author": nil},
		{"default_status": "publish", "category": nil},
	} {
		got := c.Agent(t, "PATCH", path, body).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
		if s := got["settings"].(map[string]any); s["default_status"] != "publish" || s["category"] != nil || s["author"] != nil {
			t.Fatalf("PATCH %v answered settings %v", body, s)
		}
		if n := len(entriesOf(t, c, "integration.updated")); n != 1 {
			t.Fatalf("PATCH %v that changes nothing: %d integration.updated entries, want 1", body, n)
		}
	}
	c.Agent(t, "PATCH", path, map[string]any{"default_status": "draft"}).Expect(t, http.StatusOK)
	if n := len(entriesOf(t, c, "integration.updated")); n != 2 {
		t.Fatalf("%d integration.updated entries after a second change, want 2", n)
	}
}
