package concurrency

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/test/testenv"
)

// Forty POST /agent-keys at once, each with its own key, on an account
// with one key: the account ends with exactly 25 active (spec 8), one
// agent_access.created per key made; revocations of one key at once free
// exactly one place.
func TestAgentKeysAtTheLimitAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	rs := testenv.AtOnce(40, func(i int) *testenv.Response {
		return a.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": fmt.Sprintf("Agent %d", i)}, key("ak", i))
	})
	got := tally(t, "create keys", rs)
	only(t, "create keys", got, http.StatusCreated, http.StatusConflict)
	if got[http.StatusCreated] != credentials.MaxActive-1 {
		t.Errorf("%d keys created at once next to one, want %d: %v", got[http.StatusCreated], credentials.MaxActive-1, got)
	}
	if n := listLen(t, a, "/agent-keys", "agent_keys"); n != credentials.MaxActive {
		t.Fatalf("%d active keys, want %d", n, credentials.MaxActive)
	}
	var victim string
	for _, r := range rs {
		if r.Status == http.StatusCreated {
			victim = r.JSON(t)["agent_key"].(map[string]any)["id"].(string)
			break
		}
	}
	got = tally(t, "revoke one key", testenv.AtOnce(20, func(int) *testenv.Response {
		return a.Client.Agent(t, "DELETE", "/agent-keys/"+victim, nil)
	}))
	only(t, "revoke one key", got, http.StatusOK, http.StatusNotFound)
	if got[http.StatusOK] != 1 {
		t.Errorf("one key revoked at once: %v, want one 200", got)
	}
	if n := count(t, a, "agent_access.revoked"); n != 1 {
		t.Errorf("%d agent_access.revoked events for one key, want 1", n)
	}
	// One place is free, not one per revocation.
	got = tally(t, "refill", testenv.AtOnce(10, func(i int) *testenv.Response {
		return a.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": fmt.Sprintf("Refill %d", i)}, key("refill", i))
	}))
	if got[http.StatusCreated] != 1 {
		t.Errorf("after one revocation, %d keys created, want 1: %v", got[http.StatusCreated], got)
	}
	if n := listLen(t, a, "/agent-keys", "agent_keys"); n != credentials.MaxActive {
		t.Fatalf("%d active keys, want %d", n, credentials.MaxActive)
	}
}

// Thirty POST /webhooks at once: exactly 10 endpoints (spec 8); deletes of
// one endpoint at once free exactly one place.
func TestWebhooksAtTheLimitAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	create := func(what string, n int) map[int]int {
		rs := testenv.AtOnce(n, func(i int) *testenv.Response {
			return a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": fmt.Sprintf("https://hooks.example.com/%s/%d", what, i), "events": []string{"*"}}, key(what, i))
		})
		got := tally(t, what, rs)
		only(t, what, got, http.StatusCreated, http.StatusConflict)
		return got
	}
	if got := create("wh", 30); got[http.StatusCreated] != webhooks.MaxEndpoints {
		t.Errorf("%d endpoints created at once, want %d: %v", got[http.StatusCreated], webhooks.MaxEndpoints, got)
	}
	var list struct{ Webhooks []struct{ ID string } }
	a.Client.Agent(t, "GET", "/webhooks?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Webhooks) != webhooks.MaxEndpoints {
		t.Fatalf("%d endpoints, want %d", len(list.Webhooks), webhooks.MaxEndpoints)
	}
	victim := list.Webhooks[0].ID
	got := tally(t, "delete one", testenv.AtOnce(20, func(int) *testenv.Response {
		return a.Client.Agent(t, "DELETE", "/webhooks/"+victim, nil)
	}))
	only(t, "delete one", got, http.StatusOK, http.StatusNotFound)
	if got[http.StatusOK] != 1 {
		t.Errorf("deletes of one endpoint at once: %v, want one 200", got)
	}
	if got := create("refill", 10); got[http.StatusCreated] != 1 {
		t.Errorf("after one delete, %d endpoints created, want 1: %v", got[http.StatusCreated], got)
	}
}

// Twenty POST /keywords of one name at once: one keyword (spec 4.6,
// duplicate name 409).
func TestKeywordOnceAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	before := listLen(t, a, "/sites/"+a.SiteID+"/keywords", "keywords")
	got := tally(t, "add keyword", testenv.AtOnce(20, func(i int) *testenv.Response {
		name := "Copper Kettles"
		if i%2 == 1 {
			name = "copper kettles"
		}
		return a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": name}, key("kw", i))
	}))
	only(t, "add keyword", got, http.StatusCreated, http.StatusConflict)
	if got[http.StatusCreated] != 1 {
		t.Errorf("one name added at once: %v, want one 201", got)
	}
	if n := listLen(t, a, "/sites/"+a.SiteID+"/keywords", "keywords"); n != before+1 {
		t.Errorf("%d keywords, want %d", n, before+1)
	}
}

// PATCHes and DELETEs of one article at once: it ends deleted (never
// written back by a PATCH that read it before), with one article.deleted.
func TestArticlePatchAndDeleteAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	for round := range 3 {
		var art struct{ Article struct{ ID string } }
		a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{"title": fmt.Sprintf("Kettle care %d", round), "keyword": "kettle care"}).
			Expect(t, http.StatusCreated).Decode(t, &art)
		path := "/sites/" + a.SiteID + "/articles/" + art.Article.ID
		rs := testenv.AtOnce(30, func(i int) *testenv.Response {
			if i%3 == 0 {
				return a.Client.Agent(t, "DELETE", path, nil)
			}
			return a.Client.Agent(t, "PATCH", path, map[string]any{"title": fmt.Sprintf("Title %d", i), "status": []string{"scheduled", "opportunity"}[i%2]})
		})
		only(t, "patch and delete", tally(t, "patch and delete", rs), http.StatusOK, http.StatusNotFound, http.StatusConflict)
		deleted := 0
		for i := 0; i < len(rs); i += 3 {
			if rs[i].Status == http.StatusOK {
				deleted++
			}
		}
		if deleted > 1 {
			t.Errorf("round %d: %d DELETEs of one article answered 200, want at most 1", round, deleted)
		}
		if deleted == 0 { // every DELETE met a PATCH: 409, as spec 7 allows
			a.Client.Agent(t, "DELETE", path, nil).Expect(t, http.StatusOK)
		}
		a.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusNotFound)
	}
	if n := count(t, a, "article.deleted"); n != 3 {
		t.Errorf("%d article.deleted events for three articles, want 3", n)
	}
}

// Twenty resend-claim calls at once: at most 3 mails a day (spec 8).
func TestResendClaimAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	before := len(env.Emails(t, a.Email))
	got := tally(t, "resend", testenv.AtOnce(20, func(i int) *testenv.Response {
		return a.Client.Agent(t, "POST", "/account/resend-claim", nil, key("resend", i))
	}))
	only(t, "resend", got, http.StatusOK, http.StatusTooManyRequests)
	if got[http.StatusOK] != 3 {
		t.Errorf("resends at once: %v, want three 200", got)
	}
	if n := len(env.Emails(t, a.Email)) - before; n != 3 {
		t.Errorf("%d claim mails resent, want 3", n)
	}
}

// Twenty claims of one account at once, through its first claim link and
// a resent one: one account.claimed.
func TestClaimAtOnce(t *testing.T) {
	env := stack(t)
	a := env.NewAccount(t, "")
	links := []string{a.ClaimURL, a.Client.Agent(t, "POST", "/account/resend-claim", nil).Expect(t, http.StatusOK).JSON(t)["claim_url"].(string)}
	got := tally(t, "claim", testenv.AtOnce(20, func(i int) *testenv.Response {
		return env.Client().Do(t, "POST", local(t, env, links[i%2]), nil)
	}))
	t.Logf("claims: %v", got)
	if n := count(t, a, "account.claimed"); n != 1 {
		t.Errorf("%d account.claimed events, want 1", n)
	}
	acct := a.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)["account"].(map[string]any)
	if acct["claimed"] != true {
		t.Errorf("account not claimed: %v", acct)
	}
}

// Twenty POST /accounts for one email at once, each with its own key: one
// account, the rest 409 account_exists.
func TestSignupsOfOneEmailAtOnce(t *testing.T) {
	env := stack(t)
	email := testenv.UniqueEmail("race")
	got := tally(t, "signup", testenv.AtOnce(20, func(i int) *testenv.Response {
		return env.Client().Agent(t, "POST", "/accounts", map[string]any{"email": email, "site_url": "https://acme.com", "agent": map[string]any{"name": "Racer"}}, key("signup", i))
	}))
	only(t, "signup", got, http.StatusCreated, http.StatusConflict)
	if got[http.StatusCreated] != 1 {
		t.Errorf("signups of one email at once: %v, want one 201", got)
	}
}
