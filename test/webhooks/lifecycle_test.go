package webhooks_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

func TestRevokingTheCreatingKeyDisablesItsEndpointsOnly(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	mine, theirs := testenv.NewReceiver(t, env, nil), testenv.NewReceiver(t, env, nil)
	keyID, key := acct.Client.CreateAgentKey(t, "Rotating agent")
	other := acct.Client.As(key)
	kept := testenv.CreateWebhook(t, acct.Client, mine.URL, "*")
	gone := testenv.CreateWebhook(t, other, theirs.URL, "*")
	if gone.CreatedBy.ID != keyID || gone.CreatedBy.Name != "Rotating agent" {
		t.Fatalf("created_by = %+v, want the second key", gone.CreatedBy)
	}

	acct.Client.Agent(t, "DELETE", "/agent-keys/"+keyID, nil).Expect(t, http.StatusOK)
	w := getWebhook(t, acct.Client, gone.ID)
	if w.Enabled || w.DisabledReason == nil || *w.DisabledReason != "credential_revoked" {
		t.Fatalf("endpoint of the revoked key: enabled %v, reason %v", w.Enabled, w.DisabledReason)
	}
	if w := getWebhook(t, acct.Client, kept.ID); !w.Enabled {
		t.Fatal("endpoint of another key was disabled")
	}
	// The revocation's own event reaches the endpoint that stays.
	got := mine.WaitFor(t, 1, 10*time.Second)
	env.Settle(t)
	if got[0].Header.Get("Service-Event-Type") != "agent_access.revoked" {
		t.Fatalf("kept endpoint got %v", types(t, got))
	}
	if n := len(theirs.Received()); n != 0 {
		t.Fatalf("disabled endpoint got %d requests", n)
	}
	act := acct.Client.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK)
	if !strings.Contains(string(act.Body), "webhook.disabled") {
		t.Error("activity log does not record the disabling")
	}
}

func TestDeletingAnEndpointDropsItsPendingDeliveries(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusServiceUnavailable })
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")
	acct.Client.CreateAgentKey(t, "Agent")
	rc.WaitFor(t, 1, 10*time.Second)

	r := acct.Client.Agent(t, "DELETE", "/webhooks/"+wh.ID, nil).Expect(t, http.StatusOK).JSON(t)
	if r["deleted"] != true || r["id"] != wh.ID {
		t.Fatalf("DELETE answered %v", r)
	}
	for _, s := range schedule[:3] {
		env.Advance(t, s+1)
		env.Settle(t)
	}
	if n := len(rc.Received()); n != 1 {
		t.Fatalf("deleted endpoint got %d requests, want 1", n)
	}
	acct.Client.Agent(t, "DELETE", "/webhooks/"+wh.ID, nil).Expect(t, http.StatusNotFound)
	acct.Client.Agent(t, "GET", "/webhooks/"+wh.ID+"/deliveries", nil).Expect(t, http.StatusNotFound)
}

func TestAnEventWhoseDispatchDiedIsDeliveredByTheSweep(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, nil)
	testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")

	// The request dies right after its transaction committed: the event is
	// written, its fan-out never queued. (The fault fails the next commit
	// anywhere in the stack: first let background work finish, and use the
	// key once so the request's own last-used write is not due.)
	env.Settle(t)
	acct.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	env.ArmFault(t, "after_commit", 1)
	acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Crash agent"}).Expect(t, http.StatusInternalServerError)
	env.Settle(t)
	if n := len(rc.Received()); n != 0 {
		t.Fatalf("endpoint got %d requests before the sweep, want 0 (the fault did not cut the dispatch)", n)
	}
	feed := acct.Client.Agent(t, "GET", "/events?types=agent_access.created", nil).Expect(t, http.StatusOK).JSON(t)
	evs, _ := feed["events"].([]any)
	if len(evs) != 2 { // the account's first key, and the one whose request died
		t.Fatalf("GET /events shows %d agent_access.created events, want 2", len(evs))
	}
	committed := evs[1].(map[string]any)

	env.Advance(t, 61) // past the outbox sweep's age
	env.Settle(t)
	got := rc.WaitFor(t, 1, 10*time.Second)
	if got[0].Header.Get("Service-Event-Id") != committed["id"] {
		t.Fatalf("swept delivery is another event: %v", got[0].Event(t))
	}
	env.Advance(t, 61)
	env.Settle(t)
	if n := len(rc.Received()); n != 1 {
		t.Fatalf("endpoint got %d requests, want exactly 1", n)
	}
}

func TestPatchChangesOnlySentFields(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	a, b := testenv.NewReceiver(t, env, nil), testenv.NewReceiver(t, env, nil)
	var out struct{ Webhook testenv.Webhook }
	acct.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": a.URL, "events": []string{"*"}, "description": "CRM sync"}).
		Expect(t, http.StatusCreated).Decode(t, &out)
	wh := out.Webhook
	t.Cleanup(func() { acct.Client.Agent(t, "DELETE", "/webhooks/"+wh.ID, nil) })

	patch := func(body any) testenv.Webhook {
		t.Helper()
		var out struct{ Webhook testenv.Webhook }
		acct.Client.Agent(t, "PATCH", "/webhooks/"+wh.ID, body).Expect(t, http.StatusOK).Decode(t, &out)
		if out.Webhook.Secret != "" {
			t.Fatal("PATCH shows the secret")
		}
		return out.Webhook
	}
	if w := patch(map[string]any{}); w.URL != a.URL || w.Description == nil || *w.Description != "CRM sync" {
		t.Fatalf("empty PATCH changed something: %+v", w)
	}
	w := patch(map[string]any{"url": b.URL, "events": []string{"agent_access.created", "agent_access.created"}})
	if w.URL != b.URL || len(w.Events) != 1 || w.Events[0] != "agent_access.created" || w.Description == nil {
		t.Fatalf("PATCH url and events: %+v", w)
	}
	if w := patch(map[string]any{"description": nil}); w.Description != nil || w.URL != b.URL {
		t.Fatalf("PATCH description null: %+v", w)
	}
	if w := patch(map[string]any{"enabled": false}); w.Enabled || w.DisabledReason == nil || *w.DisabledReason != "manual" {
		t.Fatalf("PATCH enabled false: %+v", w)
	}
	acct.Client.CreateAgentKey(t, "Quiet agent")
	env.Settle(t)
	if n := len(b.Received()); n != 0 {
		t.Fatalf("a disabled endpoint got %d requests", n)
	}
	if w := patch(map[string]any{"enabled": true}); !w.Enabled || w.DisabledReason != nil {
		t.Fatalf("PATCH enabled true: %+v", w)
	}
	acct.Client.CreateAgentKey(t, "Loud agent")
	b.WaitFor(t, 1, 10*time.Second)
	if n := len(a.Received()); n != 0 {
		t.Fatalf("the old URL got %d requests", n)
	}
}

func TestValidationLimitsAndTenancy(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	ok := "https://hooks.example.com/in"
	for name, body := range map[string]map[string]any{
		"http URL":          {"url": "http://hooks.example.com/in", "events": []string{"*"}},
		"loopback URL":      {"url": "https://127.0.0.1/in", "events": []string{"*"}},
		"private name":      {"url": "https://hooks.internal/in", "events": []string{"*"}},
		"no URL":            {"events": []string{"*"}},
		"no events":         {"url": ok},
		"empty events":      {"url": ok, "events": []string{}},
		"unknown type":      {"url": ok, "events": []string{"article.exploded"}},
		"star with others":  {"url": ok, "events": []string{"*", "article.created"}},
		"long description":  {"url": ok, "events": []string{"*"}, "description": strings.Repeat("x", 201)},
		"events not a list": {"url": ok, "events": "*"},
	} {
		r := acct.Client.Agent(t, "POST", "/webhooks", body)
		if r.Status != http.StatusUnprocessableEntity || r.ErrorCode(t) != "validation_failed" {
			t.Errorf("%s: status %d %s, want 422 validation_failed", name, r.Status, r.Body)
		}
	}
	if r := acct.Client.Agent(t, "POST", "/webhooks", "{"); r.Status != http.StatusBadRequest {
		t.Errorf("bad JSON: status %d", r.Status)
	}

	var ids []string
	for i := 0; i < 10; i++ {
		desc := strings.Repeat("d", 200)
		ids = append(ids, createWebhookWith(t, acct.Client, map[string]any{"url": ok, "events": []string{"*"}, "description": desc}).ID)
	}
	r := acct.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": ok, "events": []string{"*"}})
	if r.Status != http.StatusConflict || r.ErrorCode(t) != "conflict" {
		t.Fatalf("eleventh endpoint: %d %s, want 409 conflict", r.Status, r.Body)
	}
	acct.Client.Agent(t, "DELETE", "/webhooks/"+ids[0], nil).Expect(t, http.StatusOK)
	createWebhookWith(t, acct.Client, map[string]any{"url": ok, "events": []string{"*"}})
	if r := acct.Client.Agent(t, "POST", "/webhooks/"+ids[1]+"/test", "{"); r.Status != http.StatusBadRequest || r.ErrorCode(t) != "bad_request" {
		t.Errorf("test call with bad JSON: %d %s, want 400 bad_request", r.Status, r.Body)
	}

	// Another account sees none of them.
	stranger := env.NewSettledAccount(t)
	for _, call := range [][2]string{{"PATCH", "/webhooks/" + ids[1]}, {"DELETE", "/webhooks/" + ids[1]}, {"POST", "/webhooks/" + ids[1] + "/test"}, {"GET", "/webhooks/" + ids[1] + "/deliveries"}} {
		var body any
		if call[0] == "PATCH" {
			body = map[string]any{"enabled": false}
		}
		if r := stranger.Client.Agent(t, call[0], call[1], body); r.Status != http.StatusNotFound {
			t.Errorf("%s %s by another account: %d, want 404", call[0], call[1], r.Status)
		}
	}
	var list struct{ Webhooks []testenv.Webhook }
	stranger.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Webhooks) != 0 {
		t.Fatalf("another account lists %d endpoints", len(list.Webhooks))
	}
	// Pages.
	var page struct {
		Webhooks   []testenv.Webhook
		NextCursor *string `json:"next_cursor"`
	}
	acct.Client.Agent(t, "GET", "/webhooks?limit=4", nil).Expect(t, http.StatusOK).Decode(t, &page)
	if len(page.Webhooks) != 4 || page.NextCursor == nil {
		t.Fatalf("first page: %d endpoints, cursor %v", len(page.Webhooks), page.NextCursor)
	}
	acct.Client.Agent(t, "GET", "/webhooks?limit=100&cursor="+*page.NextCursor, nil).Expect(t, http.StatusOK).Decode(t, &page)
	if len(page.Webhooks) != 6 || page.NextCursor != nil {
		t.Fatalf("second page: %d endpoints, cursor %v", len(page.Webhooks), page.NextCursor)
	}
}

// createWebhookWith posts body and deletes the endpoint when the test ends.
func createWebhookWith(t testing.TB, c *testenv.Client, body map[string]any) testenv.Webhook {
	t.Helper()
	var out struct{ Webhook testenv.Webhook }
	c.Agent(t, "POST", "/webhooks", body).Expect(t, http.StatusCreated).Decode(t, &out)
	t.Cleanup(func() { c.Agent(t, "DELETE", "/webhooks/"+out.Webhook.ID, nil) })
	return out.Webhook
}
