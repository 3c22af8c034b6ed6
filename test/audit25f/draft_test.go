package audit25f

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestDraftEditThatChangesNothingRecordsNothing: spec 4.8 ("PATCH
// /sites/{site_id}/forum/drafts/{draft_id} body edited_body. Free.
// Returns { draft }"), spec 4.1 ("PATCH changes only the fields sent")
// and spec 2 / 4.4 (the activity log records who changed what). Sending
// the edited text the draft already has (or null when it has none)
// changes nothing: the draft keeps its updated_at and no
// "forum.draft_edited" entry is added. Before the fix each such PATCH
// (a Save pressed twice, an agent retrying) wrote the draft and its
// thread again, moved updated_at and logged another "Reply draft edited"
// entry.
func TestDraftEditThatChangesNothingRecordsNothing(t *testing.T) {
	env, acct := testenv.StartScanned(t, "drafts-audit25f")
	c := acct.Client
	env.PaidPlan(t, acct)
	base := "/sites/" + acct.SiteID + "/forum"
	c.Agent(t, "PATCH", base, map[string]any{"enabled": true}).Expect(t, http.StatusOK)
	var fixture struct {
		ForumID string `json:"forum_id"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "rocketry", "title": "Best model rockets for schools?", "up_votes": 12, "num_comments": 3,
		"body": "Looking for model rocket kits for school science classes, any advice?",
	}).Expect(t, http.StatusOK).Decode(t, &fixture)
	sweep := c.Agent(t, "POST", base+"/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	c.WaitJob(t, sweep["id"].(string))
	var threads struct{ Threads []map[string]any }
	c.Agent(t, "GET", base+"/threads?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &threads)
	thread := ""
	for _, th := range threads.Threads {
		if th["thread"].(map[string]any)["forum_id"] == fixture.ForumID {
			thread, _ = th["id"].(string)
		}
	}
	if thread == "" {
		t.Fatalf("the sweep did not find the fixture thread: %v", threads.Threads)
	}
	draft := c.Agent(t, "POST", base+"/threads/"+thread+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	path := base + "/drafts/" + draft["id"].(string)

	// Null on a draft that was never edited is nothing.
	got := c.Agent(t, "PATCH", path, map[string]any{"edited_body": nil}).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	if got["updated_at"] != draft["updated_at"] || len(entriesOf(t, c, "forum.draft_edited")) != 0 {
		t.Fatalf("null edited_body on an unedited draft: updated_at %v (was %v), %d forum.draft_edited entries", got["updated_at"], draft["updated_at"], len(entriesOf(t, c, "forum.draft_edited")))
	}
	text := "Disclosure: I work on Acme Rockets. For a class, start with a kit that has a parachute and a launch pad with a safety key."
	edited := c.Agent(t, "PATCH", path, map[string]any{"edited_body": text}).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	if edited["edited_body"] != text || len(entriesOf(t, c, "forum.draft_edited")) != 1 {
		t.Fatalf("first edit: edited_body %v, %d entries", edited["edited_body"], len(entriesOf(t, c, "forum.draft_edited")))
	}
	again := c.Agent(t, "PATCH", path, map[string]any{"edited_body": text}).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	if again["updated_at"] != edited["updated_at"] || again["edited_body"] != text {
		t.Fatalf("the same edit again moved the draft: updated_at %v, was %v", again["updated_at"], edited["updated_at"])
	}
	if n := len(entriesOf(t, c, "forum.draft_edited")); n != 1 {
		t.Fatalf("the same edit again: %d forum.draft_edited entries, want 1", n)
	}
	// Clearing is a change once.
	c.Agent(t, "PATCH", path, map[string]any{"edited_body": ""}).Expect(t, http.StatusOK)
	c.Agent(t, "PATCH", path, map[string]any{"edited_body": nil}).Expect(t, http.StatusOK)
	if n := len(entriesOf(t, c, "forum.draft_edited")); n != 2 {
		t.Fatalf("after clearing twice: %d forum.draft_edited entries, want 2", n)
	}
}
