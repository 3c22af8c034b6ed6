package forum_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// openThreads adds n open fixture threads for a new keyword, sweeps, and
// returns the rig's thread ids (best fit first) and their forum ids.
func openThreads(t *testing.T, r *rig, n int, settings map[string]any) (ids, forumIDs []string) {
	t.Helper()
	kw := testenv.Word("reminders")
	for i := 0; i < n; i++ {
		fixtureThread(t, r.env, map[string]any{
			"subforum": "freelance", "title": "How do you handle " + kw + " for late clients?",
			"body": "Clients pay late and I hate chasing them. Looking for " + kw + " that work.", "up_votes": 3 + i,
		})
	}
	if settings == nil {
		settings = map[string]any{}
	}
	settings["topic_tags"] = []string{kw}
	r.enable(t, settings)
	r.sweep(t)
	list, _ := r.threads(t, "status=new&limit=100")
	if len(list) != n {
		t.Fatalf("%d open threads, want %d", len(list), n)
	}
	for _, th := range list {
		ids = append(ids, th["id"].(string))
		forumIDs = append(forumIDs, th["thread"].(map[string]any)["forum_id"].(string))
	}
	return ids, forumIDs
}

func checkStates(d map[string]any) map[string]string {
	out := map[string]string{}
	for _, c := range d["compliance"].(map[string]any)["checks"].([]any) {
		m := c.(map[string]any)
		out[m["id"].(string)] = m["state"].(string)
	}
	return out
}

func TestDraftSpendsAndRewritesAreLimited(t *testing.T) {
	r := paidRig(t)
	ids, _ := openThreads(t, r, 1, map[string]any{"max_links_per_reply": 1})
	r.api(t, "PATCH", "/sites/"+r.acct.SiteID, map[string]any{"website_url": "https://tally.example.com/"}).Expect(t, http.StatusOK)

	if f := problemFields(t, r.draft(t, ids[0], map[string]any{"instructions": strings.Repeat("x", 501)})); !f["instructions"] {
		t.Fatalf("501-character instructions accepted: %v", f)
	}
	d := r.api(t, "POST", r.forumPath("/threads/"+ids[0]+"/drafts"), map[string]any{}, "Idempotency-Key: draft-"+ids[0]).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	replay := r.api(t, "POST", r.forumPath("/threads/"+ids[0]+"/drafts"), map[string]any{}, "Idempotency-Key: draft-"+ids[0]).Expect(t, http.StatusOK)
	if replay.Header.Get("Idempotent-Replayed") != "true" || replay.JSON(t)["draft"].(map[string]any)["id"] != d["id"] {
		t.Errorf("a replayed draft request ran again: %s", replay.Body)
	}
	body := d["body"].(string)
	if d["credits_spent"] != 1.0 || d["regen_count"] != 0.0 || d["edited_body"] != nil || d["thread_id"] != ids[0] {
		t.Fatalf("first draft %v", d)
	}
	if !strings.Contains(body, "Disclosure: I work on "+r.brand+".") || strings.Contains(body, "{brand}") {
		t.Errorf("draft lacks the filled-in disclosure line: %q", body)
	}
	if !strings.Contains(body, "https://tally.example.com/") || strings.Contains(body, "best ever") || strings.Contains(body, "guaranteed") {
		t.Errorf("draft %q: want the one allowed link and none of the description's hype", body)
	}
	comp := d["compliance"].(map[string]any)
	states := checkStates(d)
	if comp["pass"] != true || comp["failures"] != 0.0 || comp["unknowns"] != 1.0 || states["subforum_rules"] != "unknown" || states["disclosure"] != "pass" || states["link_limit"] != "pass" {
		t.Errorf("compliance %v", comp)
	}
	if b := r.balance(t); b != 29 {
		t.Errorf("balance after a draft = %d, want 29", b)
	}
	th := r.api(t, "GET", r.forumPath("/threads/"+ids[0]), nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	if th["status"] != "drafted" || th["draft"].(map[string]any)["id"] != d["id"] {
		t.Errorf("thread after drafting: status %v, draft %v", th["status"], th["draft"])
	}

	// Three rewrites at one credit each, then conflict.
	for i := 1; i <= 3; i++ {
		rw := r.draft(t, ids[0], map[string]any{"instructions": "shorter please"}).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
		if rw["id"] != d["id"] || rw["regen_count"] != float64(i) || rw["credits_spent"] != float64(1+i) {
			t.Fatalf("rewrite %d: %v", i, rw)
		}
		if i == 1 && rw["body"] == body {
			t.Errorf("a rewrite returned the same body")
		}
	}
	r.draft(t, ids[0], nil).ExpectError(t, http.StatusConflict, "conflict")
	if b := r.balance(t); b != 26 {
		t.Errorf("balance after a draft and three rewrites = %d, want 26", b)
	}
}

func TestFreeRewriteAfterAFailedCheckAndRefunds(t *testing.T) {
	r := paidRig(t)
	ids, forumIDs := openThreads(t, r, 2, nil)

	// A model failure is never charged.
	r.env.ArmFault(t, "forum_draft", 1)
	r.draft(t, ids[0], nil).ExpectError(t, http.StatusServiceUnavailable, "unavailable")
	if b := r.balance(t); b != 30 {
		t.Fatalf("balance after a failed draft = %d, want 30", b)
	}

	d := r.draft(t, ids[0], nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	if checkStates(d)["link_limit"] != "pass" || strings.Contains(d["body"].(string), "http") {
		t.Errorf("with max_links_per_reply 0 the draft has a link: %q", d["body"])
	}
	// An edit without the disclosure and with two links fails the checks.
	ed := r.api(t, "PATCH", r.forumPath("/drafts/"+d["id"].(string)), map[string]any{
		"edited_body": "Just use https://a.example.com and https://b.example.com, the best ever, guaranteed!!!",
	}).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	st := checkStates(ed)
	comp := ed["compliance"].(map[string]any)
	if comp["pass"] != false || st["disclosure"] != "fail" || st["link_limit"] != "fail" || st["no_hype"] != "fail" || ed["credits_spent"] != 1.0 {
		t.Fatalf("compliance of the edited draft %v", comp)
	}
	if b := r.balance(t); b != 29 {
		t.Errorf("balance after an edit = %d, want 29 (edits are free)", b)
	}
	// The first rewrite of a failing draft is free and starts over.
	rw := r.draft(t, ids[0], nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	if rw["regen_count"] != 1.0 || rw["credits_spent"] != 1.0 || rw["edited_body"] != nil || rw["compliance"].(map[string]any)["pass"] != true {
		t.Fatalf("free rewrite %v", rw)
	}
	if b := r.balance(t); b != 29 {
		t.Errorf("balance after the free rewrite = %d, want 29", b)
	}
	// The next one costs a credit even though an edit fails again.
	r.api(t, "PATCH", r.forumPath("/drafts/"+d["id"].(string)), map[string]any{"edited_body": "Too short."}).Expect(t, http.StatusOK)
	rw = r.draft(t, ids[0], nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	if rw["regen_count"] != 2.0 || rw["credits_spent"] != 2.0 {
		t.Fatalf("second rewrite %v", rw)
	}
	// edited_body null goes back to the drafted body.
	back := r.api(t, "PATCH", r.forumPath("/drafts/"+d["id"].(string)), map[string]any{"edited_body": nil}).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)
	if back["edited_body"] != nil {
		t.Errorf("edited_body null kept %v", back["edited_body"])
	}
	r.api(t, "PATCH", r.forumPath("/drafts/0190a3c4-0000-7000-8000-000000000001"), map[string]any{"edited_body": "x"}).Expect(t, http.StatusNotFound)

	// A thread the forum locked since the sweep is refused and goes dead.
	r.env.Client().Do(t, "PATCH", "/_dev/forum/threads", map[string]any{"forum_id": forumIDs[1], "is_locked": true}).Expect(t, http.StatusOK)
	r.draft(t, ids[1], nil).ExpectError(t, http.StatusConflict, "conflict")
	th := r.threadOf(t, forumIDs[1])
	if th["status"] != "dead" || th["blocked_reason"] != "locked" {
		t.Errorf("thread locked on the forum: %v", th)
	}
	if b := r.balance(t); b != 28 {
		t.Errorf("balance = %d, want 28", b)
	}
}

func TestDraftsStopAtZeroCredits(t *testing.T) {
	r := paidRig(t)
	ids, _ := openThreads(t, r, 8, nil)
	spent := 0
	for _, id := range ids {
		for i := 0; i <= 3 && spent < 30; i++ {
			r.draft(t, id, nil).Expect(t, http.StatusOK)
			spent++
		}
	}
	if b := r.balance(t); b != 0 {
		t.Fatalf("balance after 30 drafts and rewrites = %d, want 0", b)
	}
	r.draft(t, ids[7], nil).ExpectError(t, http.StatusPaymentRequired, "insufficient_credits")
	low := r.acct.Client.Events(t, "credits.low")
	exhausted := r.acct.Client.Events(t, "credits.exhausted")
	var lows, ends int
	for _, e := range low {
		if e.Data["kind"] == "forum_replies" && e.Data["remaining"] == 3.0 {
			lows++
		}
	}
	for _, e := range exhausted {
		if e.Data["kind"] == "forum_replies" {
			ends++
		}
	}
	if lows != 1 || ends != 1 {
		t.Errorf("credits.low for forum replies %d times and credits.exhausted %d times, want once each", lows, ends)
	}
}
