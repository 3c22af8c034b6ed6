package audit23c

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/dev/faults"
	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

const fakeToken = "pf-token-23c"

// connectFake connects acct's push_platform_1 to a fixture platform site
// served over TLS at https://cms.<host> and returns the fixture.
func connectFake(t *testing.T, env *testenv.Env, acct *testenv.Account, host string) *platformfake.Server {
	t.Helper()
	fake := platformfake.New("Audit Blog", fakeToken)
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	connect(t, env, acct, host, srv.Listener.Addr().String())
	return fake
}

// connect points https://cms.<host> at address, a fixture platform site,
// and connects acct's push_platform_1 to it.
func connect(t *testing.T, env *testenv.Env, acct *testenv.Account, host, address string) {
	t.Helper()
	env.SetHost(t, "cms."+host, address)
	out := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)
	page := strings.TrimPrefix(out["connect"].(map[string]any)["connect_url"].(string), env.URL)
	done := env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://cms." + host, "api_token": fakeToken}).Expect(t, http.StatusOK).JSON(t)
	if done["connected"] != true {
		t.Fatalf("connect answer %v", done)
	}
}

// finished creates a finished article on acct's site and returns its path.
func finished(t *testing.T, acct *testenv.Account, title string) string {
	t.Helper()
	base := "/sites/" + acct.SiteID + "/articles"
	a := acct.Client.Agent(t, "POST", base, map[string]any{
		"title": title, "description": "About " + title, "tags": []string{"guide"},
		"body_markdown": "# " + title + "\n\nSome words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	path := base + "/" + a["id"].(string)
	acct.Client.Agent(t, "POST", path+"/finish", nil).Expect(t, http.StatusOK)
	return path
}

// TestPublishRetriedAfterCrashPushesOnce: spec 2 (conventions, idempotency:
// the same Idempotency-Key replays the first answer; nothing runs twice).
// A publish with destinations whose function dies right after its effect
// committed (after_commit) is retried with the same key: the retry replays
// the first answer (result created), the platform saw one write, and one
// article.published was recorded for the push.
func TestPublishRetriedAfterCrashPushesOnce(t *testing.T) {
	env := testenv.StartQuiet(t)
	host := "crashpublish.example.com"
	acct := env.NewAccount(t, "https://"+host)
	env.Trial(t, acct, testenv.TestCardOK)
	fake := connectFake(t, env, acct, host)
	path := finished(t, acct, "Pushed once")
	body := map[string]any{"destinations": []string{"push_platform_1"}}

	env.ArmFault(t, faults.AfterCommit, 1)
	first := acct.Client.Agent(t, "POST", path+"/publish", body, "Idempotency-Key: crash-publish")
	env.Client().Do(t, "DELETE", "/_dev/faults", nil).Expect(t, http.StatusOK)
	if first.Status != http.StatusInternalServerError {
		t.Fatalf("first publish answered %d %s; want the injected crash (500) after its push committed", first.Status, first.Body)
	}
	retry := acct.Client.Agent(t, "POST", path+"/publish", body, "Idempotency-Key: crash-publish").Expect(t, http.StatusOK)
	res := retry.JSON(t)["results"].([]any)[0].(map[string]any)
	if res["result"] != "created" {
		t.Fatalf("retry's result %v, want the first run's created (replayed: %q)", res, retry.Header.Get("Idempotent-Replayed"))
	}
	if posts := fake.Posts(); len(posts) != 1 || posts[0].Writes != 1 {
		t.Fatalf("platform posts %+v, want one post written once", posts)
	}
	if ev := acct.Client.Events(t, "article.published"); len(ev) != 1 {
		t.Fatalf("%d article.published events, want 1", len(ev))
	}
}
