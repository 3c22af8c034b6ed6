package forum_test

import (
	"net/http"
	"slices"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// sweepFixtures adds threads for keyword kw: two open ones (the first a
// better fit) and one for each blocked reason. It returns the forum ids by
// name.
func sweepFixtures(t *testing.T, r *rig, kw string) map[string]string {
	t.Helper()
	day := 24 * time.Hour
	add := func(name string, body map[string]any) (string, string) {
		if body["subforum"] == nil {
			body["subforum"] = "freelance"
		}
		if body["body"] == nil {
			body["body"] = "I keep chasing clients for money. Any " + kw + " setup that helps?"
		}
		if body["posted_at"] == nil {
			body["posted_at"] = ago(t, r.env, day)
		}
		id, _ := fixtureThread(t, r.env, body)
		return name, id
	}
	ids := map[string]string{}
	for _, f := range []struct {
		name string
		body map[string]any
	}{
		{"best", map[string]any{"title": "Which " + kw + " tool do you recommend for freelancers?", "up_votes": 25, "num_comments": 4,
			"comments": []map[string]any{{"body": "I just use a spreadsheet.", "score": 7}, {"body": "Reminders saved me.", "score": 12}}}},
		{"fair", map[string]any{"title": "Thoughts on " + kw, "posted_at": ago(t, r.env, 40*day), "up_votes": 0, "num_comments": 150}},
		{"locked", map[string]any{"title": "Locked " + kw + " question?", "is_locked": true}},
		{"archived", map[string]any{"title": "Archived " + kw + " question?", "archived": true}},
		{"removed", map[string]any{"title": "Removed " + kw + " question?", "removed": true}},
		{"promo", map[string]any{"title": "No promotion " + kw + " question?", "promo_banned": true}},
		{"old", map[string]any{"title": "Old " + kw + " question?", "posted_at": ago(t, r.env, 400*day)}},
		{"denied", map[string]any{"title": "Denied " + kw + " question?", "subforum": "spamzone"}},
		{"offtopic", map[string]any{"title": "What did everyone cook this weekend?", "body": "Fresh pasta with basil, garlic and olive oil, " +
			"roasted peppers, sourdough bread, grilled fish and a lemon tart. My neighbour mentioned " + kw + " once, " +
			"but mostly we argued about tomatoes, cast iron pans and oven temperatures."}},
	} {
		name, id := add(f.name, f.body)
		ids[name] = id
	}
	return ids
}

func TestSweepScoresAndBlocksThreads(t *testing.T) {
	r := paidRig(t)
	kw := testenv.Word("invoicing")
	ids := sweepFixtures(t, r, kw)
	r.enable(t, map[string]any{"topic_tags": []string{kw}, "deny_subforums": []string{"SpamZone"}})

	job := r.sweep(t)
	if job["kind"] != "forum.sweep" || job["status"] != "completed" {
		t.Fatalf("sweep job %v", job)
	}
	res := job["result"].(map[string]any)
	if res["threads_seen"] != 9.0 || res["opportunities_created"] != 2.0 {
		t.Fatalf("sweep result %v, want 9 threads seen and 2 opportunities", res)
	}
	evs := r.acct.Client.Events(t, "forum.sweep_completed")
	if len(evs) != 1 || evs[0].Data["threads_seen"] != 9.0 || evs[0].Data["opportunities_created"] != 2.0 || *evs[0].SiteID != r.acct.SiteID {
		t.Fatalf("forum.sweep_completed events %+v", evs)
	}
	if r.settings(t)["last_sweep_at"] == nil {
		t.Error("last_sweep_at not set after a sweep")
	}

	// Best fit first, blocked threads (fit null) last.
	list, next := r.threads(t, "")
	if len(list) != 9 || next != nil {
		t.Fatalf("%d threads (next %v), want 9", len(list), next)
	}
	if list[0]["thread"].(map[string]any)["forum_id"] != ids["best"] || list[1]["thread"].(map[string]any)["forum_id"] != ids["fair"] {
		t.Fatalf("order: first two are %v, %v; want best then fair", list[0]["thread"], list[1]["thread"])
	}
	best, fair := list[0]["fit"].(float64), list[1]["fit"].(float64)
	if !(best > fair && fair > 0 && best <= 100) {
		t.Errorf("fits %v and %v, want best > fair > 0", best, fair)
	}
	if list[0]["matched_keyword"] != kw || list[0]["channel"] != "forum" || list[0]["status"] != "new" || list[0]["blocked_reason"] != nil {
		t.Errorf("best thread %v", list[0])
	}
	info := list[0]["thread"].(map[string]any)
	if info["subforum"] != "freelance" || info["up_votes"] != 25.0 || info["num_comments"] != 4.0 || info["is_locked"] != false {
		t.Errorf("thread info %v", info)
	}
	wantBlocked := map[string][2]string{
		"locked": {"locked", "dead"}, "archived": {"archived", "dead"}, "removed": {"removed", "dead"},
		"promo": {"promo_banned", "dead"}, "old": {"likely_archived", "stale"}, "denied": {"subforum_denied", "dead"},
		"offtopic": {"off_topic", "dead"},
	}
	for name, w := range wantBlocked {
		th := r.threadOf(t, ids[name])
		if th["blocked_reason"] != w[0] || th["status"] != w[1] || th["fit"] != nil {
			t.Errorf("%s thread: blocked_reason %v, status %v, fit %v; want %s, %s, null", name, th["blocked_reason"], th["status"], th["fit"], w[0], w[1])
		}
	}
	for _, th := range list[2:] {
		if th["fit"] != nil {
			t.Errorf("a thread with a fit sorts after blocked ones: %v", th)
		}
	}

	// Filters and paging.
	if open, _ := r.threads(t, "status=new"); len(open) != 2 {
		t.Errorf("status=new gave %d threads, want 2", len(open))
	}
	if blocked, _ := r.threads(t, "status=dead,stale"); len(blocked) != 7 {
		t.Errorf("status=dead,stale gave %d threads, want 7", len(blocked))
	}
	if f := problemFields(t, r.api(t, "GET", r.forumPath("/threads?status=new,open"), nil)); !f["status"] {
		t.Errorf("unknown status accepted: %v", f)
	}
	var paged []string
	cursor := ""
	for i := 0; i < 12; i++ {
		q := "limit=2"
		if cursor != "" {
			q += "&cursor=" + cursor
		}
		page, next := r.threads(t, q)
		for _, th := range page {
			paged = append(paged, th["id"].(string))
		}
		if next == nil {
			break
		}
		cursor = next.(string)
	}
	var all []string
	for _, th := range list {
		all = append(all, th["id"].(string))
	}
	if !slices.Equal(paged, all) {
		t.Errorf("paging by 2 gave %v, want %v", paged, all)
	}

	// The single thread carries body and top comments, best first.
	one := r.api(t, "GET", r.forumPath("/threads/"+list[0]["id"].(string)), nil).Expect(t, http.StatusOK).JSON(t)["thread"].(map[string]any)
	comments := one["top_comments"].([]any)
	if one["body"] == "" || len(comments) != 2 || comments[0].(map[string]any)["score"] != 12.0 || one["draft"] != nil || one["reply"] != nil {
		t.Errorf("single thread %v", one)
	}
	r.api(t, "GET", r.forumPath("/threads/0190a3c4-0000-7000-8000-000000000001"), nil).Expect(t, http.StatusNotFound)

	// A second sweep refreshes the same threads and creates nothing.
	res = r.sweep(t)["result"].(map[string]any)
	if res["threads_seen"] != 9.0 || res["opportunities_created"] != 0.0 {
		t.Errorf("second sweep result %v, want 9 seen and 0 created", res)
	}
	if again, _ := r.threads(t, ""); len(again) != 9 {
		t.Errorf("%d threads after a second sweep, want 9", len(again))
	}
}

func TestSweepNeedsForumEnabledAndRunsOneAtATime(t *testing.T) {
	r := paidRig(t)
	r.api(t, "POST", r.forumPath("/sweeps"), nil).ExpectError(t, http.StatusConflict, "conflict")
	r.enable(t, map[string]any{"topic_tags": []string{testenv.Word("quiet")}})

	release := hold(r.acct.SiteID)
	first := r.api(t, "POST", r.forumPath("/sweeps"), nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	r.api(t, "POST", r.forumPath("/sweeps"), nil).ExpectError(t, http.StatusConflict, "conflict")
	release()
	if job := r.acct.Client.WaitJob(t, first["id"].(string)); job["status"] != "completed" {
		t.Fatalf("held sweep ended %v", job)
	}
	// Once it ended, the next sweep may start.
	r.sweep(t)
}

func TestAutomaticSweepsRunDaily(t *testing.T) {
	r := paidRig(t)
	count := func() int {
		var out struct {
			Jobs []map[string]any `json:"jobs"`
		}
		r.api(t, "GET", "/jobs?kind=forum.sweep&site_id="+r.acct.SiteID, nil).Expect(t, http.StatusOK).Decode(t, &out)
		return len(out.Jobs)
	}
	r.enable(t, map[string]any{"topic_tags": []string{testenv.Word("auto")}})
	r.env.RunScheduled(t)
	if n := count(); n != 0 {
		t.Fatalf("%d sweeps with automatic sweeps off, want 0", n)
	}
	r.api(t, "PATCH", r.forumPath(""), map[string]any{"sweep_enabled": true}).Expect(t, http.StatusOK)
	r.env.RunScheduled(t)
	r.env.RunScheduled(t)
	if n := count(); n != 1 {
		t.Fatalf("%d sweeps after turning automatic sweeps on, want 1", n)
	}
	r.env.Advance(t, 25*3600)
	r.env.RunScheduled(t)
	if n := count(); n != 2 {
		t.Fatalf("%d sweeps a day later, want 2", n)
	}
	r.api(t, "PATCH", r.forumPath(""), map[string]any{"sweep_enabled": false}).Expect(t, http.StatusOK)
	r.env.Advance(t, 25*3600)
	r.env.RunScheduled(t)
	if n := count(); n != 2 {
		t.Fatalf("%d sweeps after turning automatic sweeps off, want 2", n)
	}
	if evs := r.acct.Client.Events(t, "forum.sweep_completed"); len(evs) != 2 {
		t.Errorf("%d forum.sweep_completed events, want 2", len(evs))
	}
}
