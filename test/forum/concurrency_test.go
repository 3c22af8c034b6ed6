package forum_test

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// atOnce sends do(i) for i in [0, n) all at once and returns the answers
// by status; a 5xx or a missing answer fails t.
func atOnce(t *testing.T, n int, do func(i int) *testenv.Response) ([]*testenv.Response, map[int]int) {
	t.Helper()
	out := testenv.AtOnce(n, do)
	got := map[int]int{}
	for i, r := range out {
		if r == nil || r.Status >= 500 {
			t.Fatalf("request %d: %v", i, r)
		}
		got[r.Status]++
	}
	return out, got
}

// Twenty draft requests for one thread at once, each with its own key: a
// draft and at most three rewrites (spec 8), one credit each, the rest
// 409; the balance matches what the answers say was spent.
func TestDraftsOfOneThreadAtOnce(t *testing.T) {
	r := paidRig(t)
	ids, _ := openThreads(t, r, 1, nil)
	before := r.balance(t)
	_, got := atOnce(t, 20, func(i int) *testenv.Response {
		return r.api(t, "POST", r.forumPath("/threads/"+ids[0]+"/drafts"), map[string]any{}, fmt.Sprintf("Idempotency-Key: d-%d", i))
	})
	for s := range got {
		if s != http.StatusOK && s != http.StatusConflict {
			t.Errorf("drafts at once: %v", got)
		}
	}
	if got[http.StatusOK] < 1 || got[http.StatusOK] > 4 {
		t.Errorf("drafts of one thread at once: %v, want 1 to 4 answered 200", got)
	}
	th := r.api(t, "GET", r.forumPath("/threads/"+ids[0]), nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	d := th["draft"].(map[string]any)
	spent := before - r.balance(t)
	if d["regen_count"].(float64) > 3 || d["credits_spent"] != float64(spent) || spent != got[http.StatusOK] {
		t.Errorf("after %v: draft regen_count %v credits_spent %v, balance down by %d", got, d["regen_count"], d["credits_spent"], spent)
	}
}

// Drafts of many threads at once with only two forum reply credits left:
// two drafts, the rest insufficient_credits, the balance at 0.
func TestDraftsAtTheBalanceAtOnce(t *testing.T) {
	r := paidRig(t)
	ids, _ := openThreads(t, r, 10, nil)
	for _, id := range ids[:7] { // 7 drafts and 3 rewrites each... spend down to 2
		for i := 0; i <= 3 && r.balance(t) > 2; i++ {
			r.draft(t, id, nil).Expect(t, http.StatusOK)
		}
	}
	if b := r.balance(t); b != 2 {
		t.Fatalf("balance %d, want 2", b)
	}
	rest := ids[7:]
	_, got := atOnce(t, 15, func(i int) *testenv.Response {
		return r.api(t, "POST", r.forumPath("/threads/"+rest[i%len(rest)]+"/drafts"), map[string]any{}, fmt.Sprintf("Idempotency-Key: b-%d", i))
	})
	if got[http.StatusOK] != 2 {
		t.Errorf("drafts at once on 2 credits: %v, want two 200", got)
	}
	if b := r.balance(t); b != 0 {
		t.Errorf("balance %d after drafts at once, want 0", b)
	}
	var ends int
	for _, e := range r.acct.Client.Events(t, "credits.exhausted") {
		if e.Data["kind"] == "forum_replies" {
			ends++
		}
	}
	if ends != 1 {
		t.Errorf("%d credits.exhausted for forum replies, want 1", ends)
	}
}

// Replies to one thread recorded at once: one reply (spec 4.8, one reply
// per thread per account).
func TestRepliesOfOneThreadAtOnce(t *testing.T) {
	r := paidRig(t)
	ids, forumIDs := openThreads(t, r, 1, nil)
	draft := r.draft(t, ids[0], nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)["id"].(string)
	link := comment(t, r.env, forumIDs[0], "My reply, disclosure included.")
	_, got := atOnce(t, 20, func(i int) *testenv.Response {
		body := map[string]any{"thread_id": ids[0], "draft_id": draft}
		if i%2 == 0 {
			body["permalink"] = link
		}
		return r.api(t, "POST", r.forumPath("/replies"), body, fmt.Sprintf("Idempotency-Key: r-%d", i))
	})
	t.Logf("replies at once: %v", got)
	var out struct {
		Replies []map[string]any `json:"replies"`
	}
	r.api(t, "GET", r.forumPath("/replies"), nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Replies) != 1 {
		t.Errorf("%d replies for one thread, want 1: %v", len(out.Replies), out.Replies)
	}
}
