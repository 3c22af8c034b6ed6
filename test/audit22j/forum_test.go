// Package audit22j holds black-box tests, over HTTP against a dev stack,
// of the state transitions of agent-api.md section 3: each one drives a
// transition the table names and checks the resulting state, its side
// effects and that moves the table does not allow are refused. Each test
// starts its own stack with the background scheduler off, so time moves
// and scheduled work runs only when the test says.
package audit22j

import (
	"math/rand"
	"net/http"
	"strconv"
	"testing"

	"rvcontent/test/testenv"
)

// forumRig starts a stack, puts one account on the paid plan, turns forum
// presence on for its primary site with a fresh keyword, sweeps one
// fixture thread in and returns the account and the thread's id.
func forumRig(t *testing.T) (*testenv.Env, *testenv.Account, string) {
	t.Helper()
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	acct.Client.Agent(t, "PATCH", "/sites/"+acct.SiteID, map[string]any{
		"brand_name":          "Tally" + strconv.Itoa(rand.Intn(1e6)),
		"product_description": "Invoicing software for freelancers. It sends payment reminders on a schedule you choose.",
	}).Expect(t, http.StatusOK)
	kw := "remindersx" + strconv.Itoa(rand.Intn(1e9))
	env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
		"subforum": "freelance", "title": "How do you handle " + kw + " for late clients?",
		"body": "Clients pay late and I hate chasing them. Looking for " + kw + " that work.", "up_votes": 3,
	}).Expect(t, http.StatusOK)
	base := "/sites/" + acct.SiteID + "/forum"
	acct.Client.Agent(t, "PATCH", base, map[string]any{"enabled": true, "topic_tags": []string{kw}}).Expect(t, http.StatusOK)
	job := acct.Client.Agent(t, "POST", base+"/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	acct.Client.WaitJob(t, job["id"].(string))
	var out struct {
		Threads []map[string]any `json:"threads"`
	}
	acct.Client.Agent(t, "GET", base+"/threads?status=new", nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Threads) != 1 {
		t.Fatalf("%d new threads after the sweep, want 1", len(out.Threads))
	}
	return env, acct, out.Threads[0]["id"].(string)
}

// TestPostedThreadCannotBeDismissedByWayOfNewOrSaved: spec 3 allows PATCH
// thread to saved, dismissed or new, and "a posted thread cannot be
// dismissed". A thread with a recorded reply must stay posted whatever
// PATCH asks (409 conflict): moving it back to new or saved first would
// both drop its posted status and open the way to dismissing it.
func TestPostedThreadCannotBeDismissedByWayOfNewOrSaved(t *testing.T) {
	_, acct, id := forumRig(t)
	base := "/sites/" + acct.SiteID + "/forum"
	d := acct.Client.Agent(t, "POST", base+"/threads/"+id+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	acct.Client.Agent(t, "POST", base+"/replies", map[string]any{"thread_id": id, "draft_id": d["id"]}).Expect(t, http.StatusOK)
	for _, to := range []string{"new", "saved", "dismissed"} {
		resp := acct.Client.Agent(t, "PATCH", base+"/threads/"+id, map[string]any{"status": to})
		th := acct.Client.Agent(t, "GET", base+"/threads/"+id, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
		if resp.Status != http.StatusConflict || resp.ErrorCode(t) != "conflict" {
			t.Errorf("PATCH %s on a posted thread: %d %s, want 409 conflict", to, resp.Status, resp.Body)
		}
		if th["status"] != "posted" {
			t.Errorf("after PATCH status %s (answer %d): thread status %v, want posted", to, resp.Status, th["status"])
		}
	}
}

// TestThreadMovesBetweenSavedDismissedAndNew: spec 3, "Forum thread |
// `PATCH` thread | target `saved`, `dismissed` or `new` | that status".
// Every move among the three is allowed and lands on the target; a
// dismiss_reason belongs to the dismissal only, so a thread saved or made
// new again carries none; targets outside the three (drafted, posted,
// dead, stale) are refused with 422 validation_failed on status and leave
// the thread as it was.
func TestThreadMovesBetweenSavedDismissedAndNew(t *testing.T) {
	_, acct, id := forumRig(t)
	path := "/sites/" + acct.SiteID + "/forum/threads/" + id
	patch := func(body map[string]any) map[string]any {
		t.Helper()
		return acct.Client.Agent(t, "PATCH", path, body).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	}
	steps := []struct {
		to     string
		reason any
	}{{"dismissed", "off topic"}, {"saved", nil}, {"dismissed", "again"}, {"new", nil}, {"saved", nil}, {"new", nil}, {"dismissed", nil}, {"saved", nil}}
	for _, s := range steps {
		body := map[string]any{"status": s.to}
		if s.reason != nil {
			body["dismiss_reason"] = s.reason
		}
		th := patch(body)
		got := acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
		if th["status"] != s.to || got["status"] != s.to || th["dismiss_reason"] != s.reason || got["dismiss_reason"] != s.reason {
			t.Errorf("PATCH to %s (reason %v): answer %v/%v, stored %v/%v", s.to, s.reason, th["status"], th["dismiss_reason"], got["status"], got["dismiss_reason"])
		}
	}
	for _, to := range []string{"drafted", "posted", "dead", "stale", "claimed"} {
		body := acct.Client.Agent(t, "PATCH", path, map[string]any{"status": to}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		d, _ := body["details"].([]any)
		if len(d) == 0 || d[0].(map[string]any)["field"] != "status" {
			t.Errorf("PATCH to %s: details %v, want the status field", to, body["details"])
		}
	}
	if th := acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any); th["status"] != "saved" {
		t.Errorf("thread after refused moves: %v, want saved", th["status"])
	}
}

// TestClaimedReplyIsNotChecked: spec 3, "Forum reply | automatic check |
// status `posted` | `confirmed`, `removed` or `not_found`". A reply
// recorded without a permalink (claimed) has nothing to check: scheduled
// runs over the following days leave it claimed with no check time and
// no forum.reply_* event; recorded again with its permalink it becomes
// posted and the next run confirms it (forum.reply_verified).
func TestClaimedReplyIsNotChecked(t *testing.T) {
	env, acct, id := forumRig(t)
	base := "/sites/" + acct.SiteID + "/forum"
	d := acct.Client.Agent(t, "POST", base+"/threads/"+id+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	rep := acct.Client.Agent(t, "POST", base+"/replies", map[string]any{"thread_id": id, "draft_id": d["id"]}).Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	if rep["status"] != "claimed" {
		t.Fatalf("reply %v, want claimed", rep)
	}
	for i := 0; i < 3; i++ {
		env.Advance(t, 86400)
		env.RunScheduled(t)
	}
	get := func() map[string]any {
		t.Helper()
		th := acct.Client.Agent(t, "GET", base+"/threads/"+id, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
		return th["reply"].(map[string]any)
	}
	if r := get(); r["status"] != "claimed" || r["last_checked_at"] != nil || r["confirmed_at"] != nil || r["removed_at"] != nil {
		t.Fatalf("claimed reply after three days of runs: %v", r)
	}
	if n := len(acct.Client.Events(t, "forum.reply_verified", "forum.reply_removed")); n != 0 {
		t.Fatalf("%d forum.reply_* events for a claimed reply", n)
	}
	forumID := acct.Client.Agent(t, "GET", base+"/threads/"+id, nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)["thread"].(map[string]any)["forum_id"].(string)
	var out struct {
		Permalink string `json:"permalink"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/comments", map[string]any{"forum_id": forumID, "body": "Posted by a person."}).Expect(t, http.StatusOK).Decode(t, &out)
	rep = acct.Client.Agent(t, "POST", base+"/replies", map[string]any{"thread_id": id, "draft_id": d["id"], "permalink": out.Permalink}).Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	if rep["status"] != "posted" || rep["permalink"] != out.Permalink || rep["posted_at"] == nil {
		t.Fatalf("reply with its permalink: %v", rep)
	}
	env.RunScheduled(t)
	if r := get(); r["status"] != "confirmed" || r["confirmed_at"] == nil || r["last_checked_at"] == nil {
		t.Fatalf("posted reply after a run: %v", r)
	}
	if n := len(acct.Client.Events(t, "forum.reply_verified")); n != 1 {
		t.Fatalf("%d forum.reply_verified events, want 1", n)
	}
}
