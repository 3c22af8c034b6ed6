package forum_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestThreadStatusMoves(t *testing.T) {
	r := paidRig(t)
	ids, _ := openThreads(t, r, 2, nil)
	patch := func(id string, body map[string]any) map[string]any {
		return r.api(t, "PATCH", r.forumPath("/threads/"+id), body).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	}
	if th := patch(ids[0], map[string]any{"status": "saved"}); th["status"] != "saved" {
		t.Errorf("save: %v", th["status"])
	}
	if th := patch(ids[0], map[string]any{"status": "dismissed", "dismiss_reason": "not our audience"}); th["status"] != "dismissed" || th["dismiss_reason"] != "not our audience" {
		t.Errorf("dismiss: %v %v", th["status"], th["dismiss_reason"])
	}
	if dismissed, _ := r.threads(t, "status=dismissed"); len(dismissed) != 1 {
		t.Errorf("%d dismissed threads, want 1", len(dismissed))
	}
	r.draft(t, ids[0], nil).ExpectError(t, http.StatusConflict, "conflict")
	if th := patch(ids[0], map[string]any{"status": "new"}); th["status"] != "new" || th["dismiss_reason"] != nil {
		t.Errorf("restore: %v %v", th["status"], th["dismiss_reason"])
	}
	if f := problemFields(t, r.api(t, "PATCH", r.forumPath("/threads/"+ids[0]), map[string]any{"status": "posted"})); !f["status"] {
		t.Errorf("status posted accepted: %v", f)
	}

	// A posted thread cannot be dismissed.
	d := r.draft(t, ids[1], nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	r.api(t, "POST", r.forumPath("/replies"), map[string]any{"thread_id": ids[1], "draft_id": d["id"]}).Expect(t, http.StatusOK)
	r.api(t, "PATCH", r.forumPath("/threads/"+ids[1]), map[string]any{"status": "dismissed"}).ExpectError(t, http.StatusConflict, "conflict")
	r.draft(t, ids[1], nil).ExpectError(t, http.StatusConflict, "conflict")
	if th := r.api(t, "GET", r.forumPath("/threads/"+ids[1]), nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any); th["status"] != "posted" || th["reply"].(map[string]any)["status"] != "claimed" {
		t.Errorf("thread with a recorded reply: %v, reply %v", th["status"], th["reply"])
	}
}

func TestRepliesAreRecordedAndVerified(t *testing.T) {
	r := paidRig(t)
	ids, forumIDs := openThreads(t, r, 3, nil)
	var drafts []string
	for _, id := range ids {
		drafts = append(drafts, r.draft(t, id, nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)["id"].(string))
	}
	balance := r.balance(t)
	post := func(body map[string]any) map[string]any {
		return r.api(t, "POST", r.forumPath("/replies"), body).Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	}

	// Claimed first, then posted with the permalink.
	rep := post(map[string]any{"thread_id": ids[0], "draft_id": drafts[0]})
	if rep["status"] != "claimed" || rep["permalink"] != nil || rep["posted_at"] != nil || rep["score"] != nil {
		t.Fatalf("claimed reply %v", rep)
	}
	r.api(t, "POST", r.forumPath("/replies"), map[string]any{"thread_id": ids[0], "draft_id": drafts[0]}).ExpectError(t, http.StatusConflict, "conflict")
	link := comment(t, r.env, forumIDs[0], "My reply, disclosure included.")
	otherLink := comment(t, r.env, forumIDs[1], "Someone else's reply.")
	bad := map[string]string{
		"wrong host":     strings.Replace(link, "forum.example.com", "evil.example.com", 1),
		"thread link":    link[:strings.LastIndex(strings.TrimSuffix(link, "/"), "/")+1],
		"other thread":   otherLink,
		"not a link":     "my comment",
		"wrong path":     "https://forum.example.com/user/someone/",
		"no comment yet": "https://forum.example.com/r/freelance/comments/" + forumIDs[0] + "/",
	}
	for name, p := range bad {
		if f := problemFields(t, r.api(t, "POST", r.forumPath("/replies"), map[string]any{"thread_id": ids[0], "draft_id": drafts[0], "permalink": p})); !f["permalink"] {
			t.Errorf("%s permalink %q accepted: %v", name, p, f)
		}
	}
	if f := problemFields(t, r.api(t, "POST", r.forumPath("/replies"), map[string]any{"thread_id": ids[0], "draft_id": drafts[1], "permalink": link})); !f["draft_id"] {
		t.Errorf("another thread's draft accepted: %v", f)
	}
	r.api(t, "POST", r.forumPath("/replies"), map[string]any{"thread_id": "0190a3c4-0000-7000-8000-000000000001", "draft_id": drafts[0]}).Expect(t, http.StatusNotFound)
	rep = post(map[string]any{"thread_id": ids[0], "draft_id": drafts[0], "permalink": link})
	if rep["status"] != "posted" || rep["permalink"] != link || rep["posted_at"] == nil {
		t.Fatalf("posted reply %v", rep)
	}
	r.api(t, "POST", r.forumPath("/replies"), map[string]any{"thread_id": ids[0], "draft_id": drafts[0], "permalink": link}).ExpectError(t, http.StatusConflict, "conflict")

	// Straight to posted on the second thread; a comment that does not
	// exist on the third.
	gone := post(map[string]any{"thread_id": ids[1], "draft_id": drafts[1], "permalink": comment(t, r.env, forumIDs[1], "Mine.")})
	ghost := post(map[string]any{"thread_id": ids[2], "draft_id": drafts[2], "permalink": "https://forum.example.com/r/freelance/comments/" + forumIDs[2] + "/x/zzzzzzz/"})
	if b := r.balance(t); b != balance {
		t.Errorf("recording replies changed the balance from %d to %d", balance, b)
	}

	r.env.RunScheduled(t)
	get := func(id string) map[string]any {
		var out struct {
			Replies []map[string]any `json:"replies"`
		}
		r.api(t, "GET", r.forumPath("/replies"), nil).Expect(t, http.StatusOK).Decode(t, &out)
		for _, rp := range out.Replies {
			if rp["id"] == id {
				return rp
			}
		}
		t.Fatalf("reply %s not listed", id)
		return nil
	}
	rep = get(rep["id"].(string))
	if rep["status"] != "confirmed" || rep["score"] != 1.0 || rep["confirmed_at"] == nil || rep["last_checked_at"] == nil {
		t.Errorf("verified reply %v", rep)
	}
	if g := get(ghost["id"].(string)); g["status"] != "not_found" || g["confirmed_at"] != nil {
		t.Errorf("reply whose comment does not exist %v", g)
	}
	verified, removed := r.acct.Client.Events(t, "forum.reply_verified"), r.acct.Client.Events(t, "forum.reply_removed")
	if len(verified) != 2 || len(removed) != 1 || removed[0].Data["reply"].(map[string]any)["id"] != ghost["id"] {
		t.Fatalf("events: %d forum.reply_verified, %d forum.reply_removed", len(verified), len(removed))
	}

	// The forum removes one reply; checks run at every scheduled run in the
	// first hour, so the next one sees it.
	r.env.Client().Do(t, "PATCH", "/_dev/forum/comments", map[string]any{"permalink": gone["permalink"], "state": "removed"}).Expect(t, http.StatusOK)
	r.env.RunScheduled(t)
	g := get(gone["id"].(string))
	if g["status"] != "removed" || g["removed_at"] == nil || g["confirmed_at"] == nil {
		t.Errorf("removed reply %v", g)
	}
	if removed = r.acct.Client.Events(t, "forum.reply_removed"); len(removed) != 2 {
		t.Errorf("%d forum.reply_removed events, want 2", len(removed))
	}
	// After the first hour, checks are daily: a reinstated comment shows
	// a day later.
	r.env.Advance(t, 2*3600)
	r.env.RunScheduled(t)
	r.env.Client().Do(t, "PATCH", "/_dev/forum/comments", map[string]any{"permalink": gone["permalink"], "state": "live"}).Expect(t, http.StatusOK)
	r.env.RunScheduled(t)
	if g := get(gone["id"].(string)); g["status"] != "removed" {
		t.Errorf("reply checked again within the day: %v", g["status"])
	}
	r.env.Advance(t, 24*3600)
	r.env.RunScheduled(t)
	if g := get(gone["id"].(string)); g["status"] != "confirmed" || g["removed_at"] != nil {
		t.Errorf("reinstated reply a day later: %v", g)
	}
	if verified = r.acct.Client.Events(t, "forum.reply_verified"); len(verified) != 3 {
		t.Errorf("%d forum.reply_verified events, want 3", len(verified))
	}
	if rep = get(rep["id"].(string)); rep["status"] != "confirmed" {
		t.Errorf("live reply after the daily check: %v", rep["status"])
	}

	// Lists filter by status.
	var out struct {
		Replies []map[string]any `json:"replies"`
	}
	r.api(t, "GET", r.forumPath("/replies?status=removed,not_found"), nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Replies) != 1 || out.Replies[0]["id"] != ghost["id"] {
		t.Errorf("removed or missing replies %v, want the one whose comment does not exist", out.Replies)
	}
	if f := problemFields(t, r.api(t, "GET", r.forumPath("/replies?status=live"), nil)); !f["status"] {
		t.Errorf("unknown reply status accepted: %v", f)
	}
	th := r.api(t, "GET", r.forumPath("/threads/"+ids[0]), nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	if th["reply"].(map[string]any)["status"] != "confirmed" || th["draft"].(map[string]any)["id"] != drafts[0] {
		t.Errorf("thread's reply and draft: %v %v", th["reply"], th["draft"])
	}
}

// Replies are checked daily until 7 days after posting: a removal on the
// seventh day still shows, and nothing is checked after it.
func TestReplyChecksLastUntilSevenDays(t *testing.T) {
	r := paidRig(t)
	ids, forumIDs := openThreads(t, r, 1, nil)
	d := r.draft(t, ids[0], nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	link := comment(t, r.env, forumIDs[0], "My reply, disclosure included.")
	rep := r.api(t, "POST", r.forumPath("/replies"), map[string]any{"thread_id": ids[0], "draft_id": d["id"], "permalink": link}).
		Expect(t, http.StatusOK).JSON(t)["reply"].(map[string]any)
	status := func() string {
		var out struct {
			Replies []map[string]any `json:"replies"`
		}
		r.api(t, "GET", r.forumPath("/replies"), nil).Expect(t, http.StatusOK).Decode(t, &out)
		for _, rp := range out.Replies {
			if rp["id"] == rep["id"] {
				return rp["status"].(string)
			}
		}
		t.Fatalf("reply %s not listed", rep["id"])
		return ""
	}
	r.env.RunScheduled(t)
	if s := status(); s != "confirmed" {
		t.Fatalf("reply after the first check: %s", s)
	}
	// A check six and a half days after posting, then the comment is
	// removed: the check at seven days sees it.
	r.env.Advance(t, 6*24*3600+12*3600)
	r.env.RunScheduled(t)
	r.env.Client().Do(t, "PATCH", "/_dev/forum/comments", map[string]any{"permalink": link, "state": "removed"}).Expect(t, http.StatusOK)
	r.env.Advance(t, 12*3600+60)
	r.env.RunScheduled(t)
	if s := status(); s != "removed" {
		t.Fatalf("reply removed on its seventh day: status %s, want removed", s)
	}
	// After seven days nothing is checked any more.
	r.env.Client().Do(t, "PATCH", "/_dev/forum/comments", map[string]any{"permalink": link, "state": "live"}).Expect(t, http.StatusOK)
	r.env.Advance(t, 2*24*3600)
	r.env.RunScheduled(t)
	if s := status(); s != "removed" {
		t.Errorf("reply checked more than 7 days after posting: status %s", s)
	}
}
