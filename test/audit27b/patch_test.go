package audit27b

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestPatchReplaysAfterCrash: the README's Idempotency ("When a POST's
// effect is a transaction, its response is stored in the same
// transaction, so a crash between effect and response cannot make a
// retry run it twice"; the key is honoured "also on PATCH and DELETE";
// "Responses are replayed for 24 hours with Idempotent-Replayed: true")
// and Faults ("after_commit: a request whose transaction stores its
// answer ... fails right after the commit ... Tests use it to show that
// retries replay instead of running twice"). Before the fix the PATCHes
// of sites, autopilot, integrations, backlink settings and targets, forum
// settings, threads and drafts, and webhooks committed their change
// without their answer: a function that died between the commit and the
// answer's own write left the key claimed, so the agent's retry with the
// same key answered 409 conflict ("still running") for 60 seconds and
// then ran the PATCH again, answering without Idempotent-Replayed (the
// integration's PATCH released the key and ran again at once). With the
// after_commit fault armed the PATCHes answered 200 (their transactions
// carried no answer, so the fault was never reached) and the
// integration's retry came back without Idempotent-Replayed. Each now
// stores its answer in the transaction of its change: the retry replays
// it at once, the same answer the PATCH gives when sent again.
func TestPatchReplaysAfterCrash(t *testing.T) {
	env := testenv.StartQuiet(t)
	host := testenv.Word("patchcrash") + ".example"
	m := env.PaidBacklinkMember(t, env.NewMemberWeb(t), host)
	c, site := m.Acct.Client, "/sites/"+m.Site
	f := env.NewForum(t, m.Acct)
	threads := f.Threads(t, "status=new")
	if len(threads) != 1 {
		t.Fatalf("%d new threads after the sweep, want 1", len(threads))
	}
	thread := threads[0]["id"].(string)
	// The draft belongs to a second thread: the first one's status moves.
	second := testenv.Word("drafted")
	f.AddThread(t, map[string]any{
		"subforum": "freelance", "title": "Which " + f.Keyword + " tools do you trust?",
		"body": "Looking for " + f.Keyword + " that " + second + " people recommend.", "up_votes": 2,
	})
	f.Sweep(t)
	var drafted string
	for _, th := range f.Threads(t, "status=new") {
		if id := th["id"].(string); id != thread {
			drafted = id
		}
	}
	if drafted == "" {
		t.Fatal("the second sweep took in no second thread")
	}
	draft := c.Agent(t, "POST", f.Base+"/threads/"+drafted+"/drafts", nil).Expect(t, http.StatusOK).JSON(t)["draft"].(map[string]any)["id"].(string)
	target := c.Agent(t, "POST", site+"/backlinks/targets", map[string]any{
		"url": "https://" + host + "/pricing", "anchors": []string{"invoice reminders", "payment reminders", "late invoices"},
	}).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
	rc := testenv.NewReceiver(t, env, nil)
	hook := testenv.CreateWebhook(t, c, rc.URL, "article.created")

	cases := []struct {
		name, path string
		body       map[string]any
		object     string // the answer's top-level object
		field      string // a field of it the PATCH sets (a.b: field b of a)
		want       any
	}{
		{"site", site, map[string]any{"brand_name": "Tally Crash"}, "site", "brand_name", "Tally Crash"},
		{"autopilot", site + "/autopilot", map[string]any{"weekly_cadence": 5}, "autopilot", "weekly_cadence", float64(5)},
		{"integration", site + "/integrations/push_platform_1", map[string]any{"default_status": "publish"}, "integration", "settings.default_status", "publish"},
		{"backlink settings", site + "/backlinks", map[string]any{"max_links_per_article": 2}, "backlinks", "max_links_per_article", float64(2)},
		{"backlink target", site + "/backlinks/targets/" + target, map[string]any{"priority": 8}, "target", "priority", float64(8)},
		{"forum settings", f.Base, map[string]any{"tone": "warm"}, "forum", "tone", "warm"},
		{"forum thread", f.Base + "/threads/" + thread, map[string]any{"status": "saved"}, "thread", "status", "saved"},
		{"forum draft", f.Base + "/drafts/" + draft, map[string]any{"edited_body": "I set " + f.Keyword + " to go out weekly; it cut my late payments."}, "draft", "edited_body", "I set " + f.Keyword + " to go out weekly; it cut my late payments."},
		{"webhook", "/webhooks/" + hook.ID, map[string]any{"description": "Crash test endpoint"}, "webhook", "description", "Crash test endpoint"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			key := "patch-crash-" + testenv.Word("k")
			replay := crashThenRetry(t, env, c, "PATCH", tc.path, tc.body, key)
			if got := field(replay.JSON(t)[tc.object], tc.field); got != tc.want {
				t.Fatalf("replayed %s.%s = %v, want %v: %s", tc.object, tc.field, got, tc.want, replay.Body)
			}
			// Sent again under a new key the PATCH changes nothing and
			// answers the resource as the crashed request left it: the
			// answer the replay must be.
			again := c.Agent(t, "PATCH", tc.path, tc.body, "Idempotency-Key: "+key+"-again").Expect(t, http.StatusOK)
			if !sameJSON(t, replay.Body, again.Body) {
				t.Fatalf("replayed answer\n%s\ndiffers from the PATCH's answer\n%s", replay.Body, again.Body)
			}
		})
	}
}

// crashThenRetry is Env.CrashThenRetry of a write answering 200, after
// the scheduled work has run, so nothing of earlier requests is left to
// trip the fault.
func crashThenRetry(t *testing.T, env *testenv.Env, c *testenv.Client, method, path string, body any, key string) *testenv.Response {
	t.Helper()
	env.RunScheduled(t)
	return env.CrashThenRetry(t, c, method, path, body, key, http.StatusOK)
}

// field returns the field at path (names joined by dots) of object v.
func field(v any, path string) any {
	for _, name := range strings.Split(path, ".") {
		m, _ := v.(map[string]any)
		v = m[name]
	}
	return v
}

// sameJSON reports whether a and b hold the same JSON value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return bytes.Equal(xs, ys)
}
