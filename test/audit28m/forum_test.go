package audit28m

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestReplyRecordedBeforeACrashTakesTheOtherSitesThreads: README, Forum
// presence, Statuses ("`posted` once a reply is recorded. On the
// account's other usable sites the same forum thread then shows `posted`
// with `reply: null` (one reply per thread per account)") and Faults
// ("after_commit: a request whose transaction stores its answer ...
// fails right after the commit, before its after-commit work ... Tests
// use it to show that retries replay instead of running twice and that
// sweeps recover lost work"). Before the fix POST
// /sites/{site_id}/forum/replies marked the other sites' threads taken
// only after its transaction, in the request: when the function died
// between the two, the retry replayed the recorded reply, but the same
// forum thread on the account's Studio site stayed `new` for good (no
// sweep or check ever marked it), inviting drafts that all answer 409.
// Now the reply carries the marking as work still owed, and the reply's
// first scheduled check does it.
func TestReplyRecordedBeforeACrashTakesTheOtherSitesThreads(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	primary := env.NewForum(t, a)
	studio, studioThread := primary.OnStudioSite(t)
	mine := primary.ThreadOf(t, primary.ForumID)["id"].(string)
	d := a.Client.Agent(t, "POST", primary.Base+"/threads/"+mine+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)

	env.RunScheduled(t)
	got := env.CrashThenRetry(t, a.Client, "POST", primary.Base+"/replies", map[string]any{"thread_id": mine, "draft_id": d["id"]}, "reply-crash", http.StatusOK).JSON(t)
	if r := got["reply"].(map[string]any); r["status"] != "claimed" {
		t.Fatalf("replayed reply = %v, want claimed", r)
	}
	env.Advance(t, 61)
	env.RunScheduled(t)

	th := a.Client.Agent(t, "GET", studio+"/threads/"+studioThread, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	if th["status"] != "posted" || th["reply"] != nil {
		t.Fatalf("the Studio site's thread of the forum thread the primary site replied in: status %v, reply %v; want posted, null", th["status"], th["reply"])
	}
	// The claim still holds at its check: it lapses only after 7 days.
	if r := a.Client.Agent(t, "GET", primary.Base+"/replies", nil).Expect(t, http.StatusOK).JSON(t)["replies"].([]any); len(r) != 1 || r[0].(map[string]any)["status"] != "claimed" {
		t.Fatalf("replies after the scheduled run = %v, want the one claimed reply", r)
	}
}
