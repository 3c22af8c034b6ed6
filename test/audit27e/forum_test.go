package audit27e

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestClaimOfAnArchivedSiteGivesWayToAnotherSite: spec 4.8, "permalink
// (optional; ... omit to record with status claimed, then call again with
// it). One reply per thread per account"; spec 2 Site, "A site is usable
// when status is active and removes_at is null or in the future"; the
// README's "an archived Studio site ... what needs the plan on it (...,
// forum) answers 402 until it is restored". A claimed reply is a promise
// to post, recorded before the person posts; on an archived Studio site
// nobody can keep it (its permalink cannot be recorded until the site is
// paid for again). Defect: such a claim blocked the forum thread for the
// whole account: the account's usable sites could neither draft (409,
// "Another site of this account already recorded its reply") nor record
// a reply there, and nothing could withdraw the claim short of restoring
// the archived site. Now a claim that is still only claimed on a site no
// longer usable gives way: another site of the account drafts and
// records its reply, the stale claimed reply is withdrawn (gone from the
// archived site's replies) and its thread goes back to drafted. A claim
// on a usable site still holds.
func TestClaimOfAnArchivedSiteGivesWayToAnotherSite(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	primary := env.NewForum(t, a)
	host := testenv.Word("studio") + ".example.com"
	studioID := a.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://" + host, "site_name": "Studio"}, "Idempotency-Key: "+host).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	studio := "/sites/" + studioID + "/forum"
	a.Client.Agent(t, "PATCH", "/sites/"+studioID, map[string]any{
		"brand_name": testenv.Word("Ledger"), "product_description": "Invoicing software for freelancers that sends payment reminders.",
	}).Expect(t, http.StatusOK)
	a.Client.Agent(t, "PATCH", studio, map[string]any{"enabled": true, "topic_tags": []string{primary.Keyword}}).Expect(t, http.StatusOK)
	job := a.Client.Agent(t, "POST", studio+"/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := a.Client.WaitJob(t, job["id"].(string)); j["status"] != "completed" {
		t.Fatalf("studio sweep: %v", j)
	}
	studioThread := ""
	var list struct{ Threads []map[string]any }
	a.Client.Agent(t, "GET", studio+"/threads?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
	for _, th := range list.Threads {
		if th["thread"].(map[string]any)["forum_id"] == primary.ForumID {
			studioThread = th["id"].(string)
		}
	}
	if studioThread == "" {
		t.Fatalf("the studio site's sweep did not find forum thread %s", primary.ForumID)
	}
	d := a.Client.Agent(t, "POST", studio+"/threads/"+studioThread+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	claim := a.Client.Agent(t, "POST", studio+"/replies", map[string]any{"thread_id": studioThread, "draft_id": d["id"]}).
		Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	if claim["status"] != "claimed" {
		t.Fatalf("reply without permalink: %v", claim)
	}
	mine := primary.ThreadOf(t, primary.ForumID)["id"].(string)
	// While the studio site is usable its claim holds.
	a.Client.Agent(t, "POST", primary.Base+"/threads/"+mine+"/drafts", nil).ExpectError(t, http.StatusConflict, "conflict")

	removed := a.Client.Agent(t, "DELETE", "/sites/"+studioID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	env.AdvancePast(t, removed["removes_at"].(string), time.Minute)
	env.RunScheduled(t)
	if s := a.Client.Agent(t, "GET", "/sites/"+studioID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); s["status"] != "archived" {
		t.Fatalf("studio site after its removal time: %v", s["status"])
	}

	mineDraft := a.Client.Agent(t, "POST", primary.Base+"/threads/"+mine+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	link := env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": primary.ForumID, "body": "My reply."}).
		Expect(t, http.StatusOK).JSON(t)["permalink"].(string)
	rep := a.Client.Agent(t, "POST", primary.Base+"/replies", map[string]any{"thread_id": mine, "draft_id": mineDraft["id"], "permalink": link}).
		Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	if rep["status"] != "posted" {
		t.Fatalf("the primary site's reply: %v", rep)
	}
	th := a.Client.Agent(t, "GET", studio+"/threads/"+studioThread, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	if th["status"] != "drafted" || th["reply"] != nil {
		t.Errorf("the archived site's thread after its claim gave way: status %v, reply %v; want drafted, null", th["status"], th["reply"])
	}
	var replies struct{ Replies []map[string]any }
	a.Client.Agent(t, "GET", studio+"/replies", nil).Expect(t, http.StatusOK).Decode(t, &replies)
	if len(replies.Replies) != 0 {
		t.Errorf("the archived site still lists its withdrawn claim: %v", replies.Replies)
	}
}
