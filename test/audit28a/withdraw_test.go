package audit28a

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestUnpostedClaimLapses: spec 4.8, "permalink (optional; ... omit to
// record with status claimed, then call again with it). One reply per
// thread per account"; README, Replies: "A reply left claimed on a site
// that is no longer usable ... gives way ... a claim on a usable site
// holds". A claimed reply is a promise to post, recorded before the person
// posts. Defect: nothing could take the promise back while its site was
// usable: PATCH of the thread answers 409 (its status stays posted), there
// is no reply DELETE, and a claim whose permalink never came held the
// forum thread against every site of the account for good, although
// nobody posted. Now a claim lapses 7 days after it was recorded without
// its permalink: the scheduled run withdraws it (activity
// forum.reply_withdrawn; it leaves the site's replies), its thread goes
// back to drafted keeping its draft, and the account's other sites may
// reply there again. Before that the claim holds.
func TestUnpostedClaimLapses(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	f := env.NewForum(t, a)
	studio, studioThread := f.OnStudioSite(t)
	mine := f.ThreadOf(t, f.ForumID)["id"].(string)
	d := draft(t, a.Client, f.Base, mine)
	claim := a.Client.Agent(t, "POST", f.Base+"/replies", map[string]any{"thread_id": mine, "draft_id": d["id"]}).
		Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	if claim["status"] != "claimed" {
		t.Fatalf("reply without permalink: %v", claim)
	}

	env.Advance(t, (6 * 24 * time.Hour).Seconds())
	env.RunScheduled(t)
	a.Client.Agent(t, "POST", studio+"/threads/"+studioThread+"/drafts", nil).ExpectError(t, http.StatusConflict, "conflict")
	if th := thread(t, a.Client, f.Base, mine); th["status"] != "posted" || th["reply"] == nil {
		t.Fatalf("thread of a 6-day-old claim: status %v, reply %v; want posted with its reply", th["status"], th["reply"])
	}

	env.Advance(t, (24*time.Hour + time.Minute).Seconds())
	env.RunScheduled(t)
	th := thread(t, a.Client, f.Base, mine)
	if th["status"] != "drafted" || th["reply"] != nil || th["draft"] == nil {
		t.Errorf("thread after its claim lapsed: status %v, reply %v, draft %v; want drafted, null, its draft", th["status"], th["reply"], th["draft"])
	}
	var replies struct{ Replies []map[string]any }
	a.Client.Agent(t, "GET", f.Base+"/replies", nil).Expect(t, http.StatusOK).Decode(t, &replies)
	if len(replies.Replies) != 0 {
		t.Errorf("replies after the claim lapsed: %v", replies.Replies)
	}
	withdrawn := false
	for _, e := range a.Client.Activity(t) {
		withdrawn = withdrawn || (e.Action == "forum.reply_withdrawn" && e.Resource["id"] == claim["id"])
	}
	if !withdrawn {
		t.Errorf("no forum.reply_withdrawn activity for reply %v", claim["id"])
	}
	// The forum thread is free again: the other site's thread is open and
	// it drafts and records its reply.
	if st := thread(t, a.Client, studio, studioThread); st["status"] != "new" {
		t.Errorf("the other site's thread after the claim lapsed: %v, want new", st["status"])
	}
	sd := draft(t, a.Client, studio, studioThread)
	link := env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": f.ForumID, "body": "My reply."}).
		Expect(t, http.StatusOK).JSON(t)["permalink"].(string)
	a.Client.Agent(t, "POST", studio+"/replies", map[string]any{"thread_id": studioThread, "draft_id": sd["id"], "permalink": link}).Expect(t, http.StatusOK)
}
