package audit26i

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestRevokeAgentKeyReplaysAfterCrash: spec 4.1 and the README's Faults
// ("after_commit: a request whose transaction stores its answer (the
// writes of the agent API whose response a retry replays) fails right
// after the commit ... Tests use it to show that retries replay instead
// of running twice and that sweeps recover lost work"); the README's
// agent keys ("Every revocation ... emails the owner 'Agent access
// revoked: <name>'"). Before the fix DELETE /agent-keys/{id} committed
// the revocation without its answer, so the key was released and the
// retry of a revocation whose function died after its commit ran again
// and answered 404 not_found instead of {revoked: true, id}.
func TestRevokeAgentKeyReplaysAfterCrash(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	acct.Client.WaitJob(t, acct.ScanJob)
	rc := testenv.NewReceiver(t, env, nil)
	testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.revoked")
	id, _ := acct.Client.CreateAgentKey(t, "Rotated bot")
	env.Settle(t)

	got := crashThenRetry(t, env, acct.Client, "DELETE", "/agent-keys/"+id, nil, "revoke-crash", http.StatusOK).JSON(t)
	if got["revoked"] != true || got["id"] != id {
		t.Fatalf("replayed revocation = %v, want {revoked: true, id: %s}", got, id)
	}
	if acct.Client.AgentKey(t, id) != nil {
		t.Fatal("the revoked key is still listed")
	}
	settleSweeps(t, env)
	if ev := deliveredOnce(t, rc, "agent_access.revoked"); ev["data"].(map[string]any)["agent_key"].(map[string]any)["id"] != id {
		t.Fatalf("agent_access.revoked is about another key: %v", ev)
	}
	notices := 0
	for _, m := range env.Emails(t, acct.Email) {
		if strings.HasPrefix(m.Subject, "Agent access revoked") {
			notices++
		}
	}
	if notices != 1 {
		t.Fatalf("the owner got %d revocation notices, want 1", notices)
	}
}

// TestDeleteKeywordReplaysAfterCrash: spec 4.1 (a retry with the same
// Idempotency-Key replays the first answer) and the README's Faults
// (after_commit). Before the fix DELETE /sites/{site_id}/keywords/{id}
// stored no answer with the deletion, so its retry after a crash past the
// commit ran again and answered 404 not_found for the keyword it had
// deleted.
func TestDeleteKeywordReplaysAfterCrash(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	acct.Client.WaitJob(t, acct.ScanJob)
	base := "/sites/" + acct.SiteID + "/keywords"
	var kw struct{ Keyword struct{ ID string } }
	acct.Client.Agent(t, "POST", base, map[string]any{"name": "model rocket kits"}).Expect(t, http.StatusCreated).Decode(t, &kw)

	got := crashThenRetry(t, env, acct.Client, "DELETE", base+"/"+kw.Keyword.ID, nil, "keyword-crash", http.StatusOK).JSON(t)
	if got["deleted"] != true || got["id"] != kw.Keyword.ID {
		t.Fatalf("replayed deletion = %v, want {deleted: true, id: %s}", got, kw.Keyword.ID)
	}
	deleted := 0
	for _, a := range acct.Client.Activity(t) {
		if a.Action == "keyword.deleted" {
			deleted++
		}
	}
	if deleted != 1 {
		t.Fatalf("%d keyword.deleted activity entries, want 1", deleted)
	}
}

// TestRevokeSiteKeyReplaysAfterCrash: spec 4.1 and the README's Faults
// (after_commit); the README's site keys ("DELETE answers {revoked: true,
// id} and the next request with the key is 401"). Before the fix the
// revocation stored no answer with its transaction, so the retry after a
// crash past the commit ran again and answered 404 not_found.
func TestRevokeSiteKeyReplaysAfterCrash(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	acct.Client.WaitJob(t, acct.ScanJob)
	env.Trial(t, acct, testenv.TestCardOK)
	base := "/sites/" + acct.SiteID + "/keys"
	var sk struct {
		SiteKey struct{ ID, Key string } `json:"site_key"`
	}
	acct.Client.Agent(t, "POST", base, map[string]any{"name": "Blog plugin"}).Expect(t, http.StatusCreated).Decode(t, &sk)

	got := crashThenRetry(t, env, acct.Client, "DELETE", base+"/"+sk.SiteKey.ID, nil, "site-key-crash", http.StatusOK).JSON(t)
	if got["revoked"] != true || got["id"] != sk.SiteKey.ID {
		t.Fatalf("replayed revocation = %v, want {revoked: true, id: %s}", got, sk.SiteKey.ID)
	}
	env.Client().As(sk.SiteKey.Key).Do(t, "GET", "/api/public/v1/ping", nil).Expect(t, http.StatusUnauthorized)
}

// TestDeleteWebhookReplaysAfterCrash: spec 4.1 and the README's Faults
// ("after_commit: a request whose transaction stores its answer (the
// writes of the agent API whose response a retry replays) fails right
// after the commit"; only the simulated checkout's completion, a webhook
// test and a publish to destinations only store no answer). Before the
// fix DELETE /webhooks/{id} stored its answer only after its transaction
// (it never reached the fault): a function that died between the two
// left the key unanswered, and the retry ran the deletion again and
// answered 404 not_found.
func TestDeleteWebhookReplaysAfterCrash(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	acct.Client.WaitJob(t, acct.ScanJob)
	var hook struct{ Webhook struct{ ID string } }
	acct.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/in", "events": []string{"article.finished"}}).
		Expect(t, http.StatusCreated).Decode(t, &hook)

	got := crashThenRetry(t, env, acct.Client, "DELETE", "/webhooks/"+hook.Webhook.ID, nil, "webhook-crash", http.StatusOK).JSON(t)
	if got["deleted"] != true || got["id"] != hook.Webhook.ID {
		t.Fatalf("replayed deletion = %v, want {deleted: true, id: %s}", got, hook.Webhook.ID)
	}
	acct.Client.Agent(t, "GET", "/webhooks/"+hook.Webhook.ID+"/deliveries", nil).ExpectError(t, http.StatusNotFound, "not_found")
}

// TestDeleteBacklinkTargetReplaysAfterCrash: spec 4.1 and the README's
// Faults (after_commit), as for the other deletions. Before the fix
// DELETE /sites/{site_id}/backlinks/targets/{id} stored its answer only
// after its transaction (it never reached the fault), so a retry after a
// crash between the two ran the deletion again and answered 404.
func TestDeleteBacklinkTargetReplaysAfterCrash(t *testing.T) {
	env, acct := testenv.StartScanned(t, "target-crash")
	env.PaidPlan(t, acct)
	c := acct.Client
	bl := "/sites/" + acct.SiteID + "/backlinks"
	website := c.Agent(t, "GET", "/sites/"+acct.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["website_url"].(string)
	host := strings.TrimSuffix(strings.TrimPrefix(website, "https://"), "/")
	v := c.Agent(t, "POST", bl+"/domain", map[string]any{"domain": host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	dns := v["methods"].(map[string]any)["dns_txt"].(map[string]any)
	env.SetTXT(t, dns["host"].(string), dns["value"].(string))
	c.Agent(t, "POST", bl+"/domain/verify", nil).Expect(t, http.StatusOK)
	var tg struct{ Target struct{ ID string } }
	c.Agent(t, "POST", bl+"/targets", map[string]any{"url": "https://" + host + "/kits", "anchors": []string{"rocket kits", "model rockets", "launch pads"}}).
		Expect(t, http.StatusCreated).Decode(t, &tg)

	got := crashThenRetry(t, env, c, "DELETE", bl+"/targets/"+tg.Target.ID, nil, "target-crash", http.StatusOK).JSON(t)
	if got["deleted"] != true || got["id"] != tg.Target.ID {
		t.Fatalf("replayed deletion = %v, want {deleted: true, id: %s}", got, tg.Target.ID)
	}
	var list struct{ Targets []map[string]any }
	c.Agent(t, "GET", bl+"/targets", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Targets) != 0 {
		t.Fatalf("targets after the deletion: %v", list.Targets)
	}
}
