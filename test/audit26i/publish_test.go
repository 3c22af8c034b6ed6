package audit26i

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestPublishURLReplaysAfterCrash: spec 4.1 (a retry with the same
// Idempotency-Key replays the first answer, with Idempotent-Replayed:
// true) and the README's Faults ("after_commit: a request whose
// transaction stores its answer ... fails right after the commit";
// "Writes that store no answer (... a publish to destinations only) do
// not reach it": a publish that records a live URL does). Before the fix
// the URL's transaction committed without the answer, so the key was
// released and the retry after a crash past the commit ran the publish
// again instead of replaying it (no Idempotent-Replayed). The
// article.published it owes is delivered once, by the outbox sweep.
func TestPublishURLReplaysAfterCrash(t *testing.T) {
	env, acct := testenv.StartScanned(t, "publish-crash")
	env.Trial(t, acct, testenv.TestCardOK)
	c := acct.Client
	site := "/sites/" + acct.SiteID
	var art struct{ Article struct{ ID string } }
	c.Agent(t, "POST", site+"/articles", map[string]any{
		"title": "Launch day checklist", "keyword": "launch day", "body_markdown": "# Launch day checklist\n\nCheck the wind first.",
	}).Expect(t, http.StatusCreated).Decode(t, &art)
	c.Agent(t, "POST", site+"/articles/"+art.Article.ID+"/finish", nil).Expect(t, http.StatusOK)
	rc := testenv.NewReceiver(t, env, nil)
	testenv.CreateWebhook(t, c, rc.URL, "article.published")
	env.Settle(t)

	website := c.Agent(t, "GET", site, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["website_url"].(string)
	live := strings.TrimSuffix(website, "/") + "/blog/launch-day"
	got := crashThenRetry(t, env, c, "POST", site+"/articles/"+art.Article.ID+"/publish", map[string]any{"url": live}, "publish-crash", http.StatusOK).JSON(t)
	if a := got["article"].(map[string]any); a["published_url"] != live {
		t.Fatalf("replayed article's published_url = %v, want %s", a["published_url"], live)
	}
	if res := got["results"].([]any); len(res) != 1 || res[0].(map[string]any)["result"] != "recorded" {
		t.Fatalf("replayed results = %v, want the recorded URL", res)
	}
	settleSweeps(t, env)
	if ev := deliveredOnce(t, rc, "article.published"); ev["data"].(map[string]any)["url"] != live {
		t.Fatalf("article.published = %v, want url %s", ev, live)
	}
}
