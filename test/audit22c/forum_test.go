package audit22c

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// forumRig is a paid account whose site has a brand name, forum presence
// on and the threads of one sweep.
type forumRig struct {
	env  *testenv.Env
	acct *testenv.Account
	// threads are the swept threads, best fit first.
	threads []map[string]any
}

// newForumRig starts a stack, puts an account on the paid plan, turns
// forum presence on and sweeps the fixture forum's threads made of titles.
func newForumRig(t *testing.T, titles ...string) *forumRig {
	t.Helper()
	env, acct := testenv.StartQuietAccount(t)
	env.PaidPlan(t, acct)
	site := "/sites/" + acct.SiteID
	acct.Client.Agent(t, "PATCH", site, map[string]any{"brand_name": "Chiselry"}).Expect(t, http.StatusOK)
	acct.Client.Agent(t, "PATCH", site+"/forum", map[string]any{"enabled": true, "topic_tags": []string{"chisels"}}).Expect(t, http.StatusOK)
	for _, title := range titles {
		env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
			"subforum": "woodworking", "title": title, "body": "My chisels are dull. Any help with sharpening chisels?", "up_votes": 12, "num_comments": 3,
		}).Expect(t, http.StatusOK)
	}
	job := acct.Client.Agent(t, "POST", site+"/forum/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := acct.Client.WaitJob(t, job["id"].(string)); j["status"] != "completed" {
		t.Fatalf("sweep job = %v", j)
	}
	var list struct{ Threads []map[string]any }
	acct.Client.Agent(t, "GET", site+"/forum/threads", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Threads) != len(titles) {
		t.Fatalf("sweep found %d threads, want %d", len(list.Threads), len(titles))
	}
	return &forumRig{env: env, acct: acct, threads: list.Threads}
}

// TestForumDraftOutageSaysTheWaitItsHeaderSays: a model failure while
// drafting answers 503 unavailable with Retry-After (README, "Errors":
// every 503 carries Retry-After) and nothing spent. The answer's header
// said 30 seconds while its sentence told the person "Try again in a
// minute": the sentence now says the header's wait.
func TestForumDraftOutageSaysTheWaitItsHeaderSays(t *testing.T) {
	r := newForumRig(t, "How do I sharpen chisels?")
	r.env.ArmFault(t, "forum_draft", 1)
	path := "/sites/" + r.acct.SiteID + "/forum/threads/" + r.threads[0]["id"].(string) + "/drafts"
	resp := r.acct.Client.Agent(t, "POST", path, map[string]any{})
	body := resp.ExpectError(t, http.StatusServiceUnavailable, "unavailable")
	wait, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || wait <= 0 {
		t.Fatalf("Retry-After = %q, want a number of seconds", resp.Header.Get("Retry-After"))
	}
	said := strconv.Itoa(wait) + " seconds"
	if wait == 60 {
		said = "a minute"
	}
	if msg, _ := body["error"].(string); !strings.Contains(msg, said) {
		t.Fatalf("error = %q with Retry-After %d: the sentence should say %q", msg, wait, said)
	}
	credits := r.acct.Client.Agent(t, "GET", "/sites/"+r.acct.SiteID+"/forum", nil).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)["credits"].(map[string]any)
	if credits["balance"] != 30.0 {
		t.Fatalf("forum reply credits after a failed draft = %v, want 30", credits["balance"])
	}
}

// addThread adds a fixture forum thread about chisels with the given
// flags and returns its forum id.
func addThread(t *testing.T, env *testenv.Env, title string, flags map[string]any) string {
	t.Helper()
	body := map[string]any{"subforum": "woodworking", "title": title, "body": "My chisels are dull. Any help with sharpening chisels?"}
	for k, v := range flags {
		body[k] = v
	}
	var out struct {
		ForumID string `json:"forum_id"`
	}
	env.Client().Do(t, "POST", "/_dev/forum/threads", body).Expect(t, http.StatusOK).Decode(t, &out)
	return out.ForumID
}

// sweep runs a sweep of the rig's site and returns its threads by forum id.
func (r *forumRig) sweep(t *testing.T) map[string]map[string]any {
	t.Helper()
	site := "/sites/" + r.acct.SiteID
	job := r.acct.Client.Agent(t, "POST", site+"/forum/sweeps", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if j := r.acct.Client.WaitJob(t, job["id"].(string)); j["status"] != "completed" {
		t.Fatalf("sweep job = %v", j)
	}
	var list struct{ Threads []map[string]any }
	r.acct.Client.Agent(t, "GET", site+"/forum/threads?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
	out := map[string]map[string]any{}
	for _, th := range list.Threads {
		out[th["thread"].(map[string]any)["forum_id"].(string)] = th
	}
	return out
}

// TestForumBlockedReasonsFollowTheirOrder: the README lists the blocked
// reasons "in this order: removed, archived, locked, likely_archived
// (posted more than 180 days ago), subforum_denied, promo_banned,
// off_topic", and a thread is "dead when blocked for any reason but age;
// stale when likely_archived". A thread with several reasons shows the
// first: an old locked thread is dead, not stale.
func TestForumBlockedReasonsFollowTheirOrder(t *testing.T) {
	r := newForumRig(t)
	r.acct.Client.Agent(t, "PATCH", "/sites/"+r.acct.SiteID+"/forum", map[string]any{"deny_subforums": []string{"spamzone"}}).Expect(t, http.StatusOK)
	old := "2020-01-01T00:00:00Z"
	want := map[string][2]string{}
	add := func(title string, flags map[string]any, reason, status string) {
		want[addThread(t, r.env, title, flags)] = [2]string{reason, status}
	}
	add("Removed and locked chisels", map[string]any{"removed": true, "is_locked": true, "archived": true}, "removed", "dead")
	add("Archived and old chisels", map[string]any{"archived": true, "is_locked": true, "posted_at": old}, "archived", "dead")
	add("Locked and old chisels", map[string]any{"is_locked": true, "posted_at": old}, "locked", "dead")
	add("Old chisels in a denied subforum", map[string]any{"subforum": "spamzone", "posted_at": old, "promo_banned": true}, "likely_archived", "stale")
	add("Denied and promo chisels", map[string]any{"subforum": "spamzone", "promo_banned": true}, "subforum_denied", "dead")
	add("Promo chisels", map[string]any{"promo_banned": true}, "promo_banned", "dead")
	got := r.sweep(t)
	for forumID, w := range want {
		th := got[forumID]
		if th == nil {
			t.Errorf("thread %s was not swept", forumID)
			continue
		}
		if th["blocked_reason"] != w[0] || th["status"] != w[1] || th["fit"] != nil {
			t.Errorf("%q: blocked_reason %v, status %v, fit %v; want %s, %s, null",
				th["thread"].(map[string]any)["title"], th["blocked_reason"], th["status"], th["fit"], w[0], w[1])
		}
	}
}

// TestForumThreadsNobodyActedOnAreForgotten: "Threads nobody acted on are
// forgotten 90 days after a sweep last saw them." A new thread and a
// blocked one are gone (404, off the list) once 90 days pass without a
// sweep, a saved one stays; at 89 days all three are still there.
func TestForumThreadsNobodyActedOnAreForgotten(t *testing.T) {
	r := newForumRig(t, "How do I sharpen chisels?", "Which chisels should I buy?")
	locked := addThread(t, r.env, "Locked chisels thread", map[string]any{"is_locked": true})
	threads := r.sweep(t)
	site := "/sites/" + r.acct.SiteID + "/forum/threads/"
	var newID, savedID string
	for _, th := range threads {
		if th["status"] == "new" {
			if savedID == "" {
				savedID = th["id"].(string)
			} else {
				newID = th["id"].(string)
			}
		}
	}
	lockedID := threads[locked]["id"].(string)
	if newID == "" || savedID == "" {
		t.Fatalf("swept threads %v", threads)
	}
	r.acct.Client.Agent(t, "PATCH", site+savedID, map[string]any{"status": "saved"}).Expect(t, http.StatusOK)

	r.env.Advance(t, 89*24*3600)
	for _, id := range []string{newID, savedID, lockedID} {
		r.acct.Client.Agent(t, "GET", site+id, nil).Expect(t, http.StatusOK)
	}
	r.env.Advance(t, 24*3600+60)
	r.acct.Client.Agent(t, "GET", site+newID, nil).ExpectError(t, http.StatusNotFound, "not_found")
	r.acct.Client.Agent(t, "GET", site+lockedID, nil).ExpectError(t, http.StatusNotFound, "not_found")
	r.acct.Client.Agent(t, "GET", site+savedID, nil).Expect(t, http.StatusOK)
	var list struct{ Threads []map[string]any }
	r.acct.Client.Agent(t, "GET", "/sites/"+r.acct.SiteID+"/forum/threads", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Threads) != 1 || list.Threads[0]["id"] != savedID {
		t.Fatalf("threads after 90 days: %v, want only the saved one", list.Threads)
	}
}
