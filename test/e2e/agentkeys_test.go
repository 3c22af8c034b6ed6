package e2e

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

var keyForm = regexp.MustCompile(`^rv_agent_[0-9a-f]{48}$`)

// TestAgentKeyLifecycle creates, lists, uses and revokes a key.
func TestAgentKeyLifecycle(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	r := acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{
		"name": "Publisher bot", "operator": "Acme Ops", "contact_url": "https://acme.com/bots",
	}).Expect(t, http.StatusCreated)
	if keysOf(r.JSON(t)) != "agent_key" {
		t.Fatalf("201 body = %s", r.Body)
	}
	k := object(t, r.JSON(t), "agent_key")
	secret := str(t, k["key"])
	if !keyForm.MatchString(secret) || len(secret) != 57 {
		t.Fatalf("key %q is not rv_agent_ plus 48 lowercase hex", secret)
	}
	want := fmt.Sprint(map[string]any{
		"id": k["id"], "type": "key", "name": "Publisher bot", "key": secret, "prefix": secret[:15] + "…", "client_id": nil,
		"operator": "Acme Ops", "contact_url": "https://acme.com/bots", "created_at": k["created_at"], "last_used_at": nil,
	})
	if fmt.Sprint(k) != want {
		t.Fatalf("agent_key = %v\nwant %s", k, want)
	}

	// The owner hears of it, by prefix only.
	mails := env.Emails(t, acct.Email)
	if len(mails) != 2 || mails[0].Subject != "New agent access: Publisher bot" || !strings.Contains(mails[0].Text, secret[:15]+"…") ||
		strings.Contains(mails[0].Text, secret) || len(mails[0].Links) != 1 || mails[0].Links[0] != env.URL+"/dashboard/settings/agents" {
		t.Fatalf("owner mails = %+v", mails)
	}

	// The new key works and is listed without its secret.
	bot := env.Client().As(secret)
	bot.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys")
	if fmt.Sprint(idsOf(list)) != fmt.Sprint([]string{acct.KeyID, str(t, k["id"])}) {
		t.Fatalf("listed %v, want the first key then the new one", idsOf(list))
	}
	for _, item := range list {
		if _, has := item["key"]; has {
			t.Fatalf("a listed key shows its secret: %v", item)
		}
		if item["last_used_at"] == nil {
			t.Fatalf("key %v was used but has no last_used_at", item["id"])
		}
		if keysOf(item) != "client_id,contact_url,created_at,id,last_used_at,name,operator,prefix,type" {
			t.Fatalf("listed key fields = %s", keysOf(item))
		}
	}
	if list[0]["prefix"] != acct.Key[:15]+"…" {
		t.Fatalf("first key prefix = %v", list[0]["prefix"])
	}

	// Revoke it with the account's first key.
	rv := acct.Client.Agent(t, "DELETE", "/agent-keys/"+str(t, k["id"]), nil).Expect(t, http.StatusOK)
	if got := fmt.Sprint(rv.JSON(t)); got != fmt.Sprint(map[string]any{"revoked": true, "id": k["id"]}) {
		t.Fatalf("revoke answer = %s", rv.Body)
	}
	expectError(t, bot.Agent(t, "GET", "/account", nil), http.StatusUnauthorized, "unauthorized")
	expectError(t, acct.Client.Agent(t, "DELETE", "/agent-keys/"+str(t, k["id"]), nil), http.StatusNotFound, "not_found")
	list, _ = walkList(t, acct.Client, "/agent-keys", "agent_keys")
	if fmt.Sprint(idsOf(list)) != fmt.Sprint([]string{acct.KeyID}) {
		t.Fatalf("after revoke listed %v, want only the first key", idsOf(list))
	}

	// Events and activity record both changes, never the secret.
	events, _ := walkList(t, acct.Client, "/events?types=agent_access.created,agent_access.revoked", "events")
	var got []string
	for _, e := range events {
		ak := object(t, object(t, e, "data"), "agent_key")
		if _, has := ak["key"]; has {
			t.Fatalf("event %v carries the secret", e["type"])
		}
		got = append(got, fmt.Sprint(e["type"], " ", ak["id"]))
	}
	wantEvents := []string{"agent_access.created " + acct.KeyID, "agent_access.created " + str(t, k["id"]), "agent_access.revoked " + str(t, k["id"])}
	if fmt.Sprint(got) != fmt.Sprint(wantEvents) {
		t.Fatalf("events %v, want %v", got, wantEvents)
	}
	entries, _ := walkList(t, acct.Client, "/activity", "activity")
	var actions []string
	for _, e := range entries {
		if a := str(t, e["action"]); !strings.HasPrefix(a, "site.") { // the scan's own entries
			actions = append(actions, a)
		}
	}
	if fmt.Sprint(actions) != "[agent_key.revoked agent_key.created account.created]" {
		t.Fatalf("activity actions (newest first) = %v", actions)
	}
}

// TestRevokeKeyInUse lets a caller revoke the key it sends; the very next
// request with it is refused.
func TestRevokeKeyInUse(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	// A read first: the function now knows the key, so the next read runs
	// beside the key's check (api.Authenticate) and must still be refused.
	acct.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	acct.Client.Agent(t, "DELETE", "/agent-keys/"+acct.KeyID, nil).Expect(t, http.StatusOK)
	expectError(t, acct.Client.Agent(t, "GET", "/account", nil), http.StatusUnauthorized, "unauthorized")
	expectError(t, acct.Client.Agent(t, "GET", "/agent-keys", nil), http.StatusUnauthorized, "unauthorized")
}

// TestLastUsedAt is null until a key is used, then set.
func TestLastUsedAt(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	k := newKey(t, acct.Client, "idle bot")
	find := func() any {
		list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys")
		for _, item := range list {
			if item["id"] == k["id"] {
				return item["last_used_at"]
			}
		}
		t.Fatal("key not listed")
		return nil
	}
	if got := find(); got != nil {
		t.Fatalf("unused key last_used_at = %v, want null", got)
	}
	env.Client().As(str(t, k["key"])).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	if got, _ := find().(string); !strings.HasSuffix(got, "Z") {
		t.Fatalf("used key last_used_at = %v, want a timestamp", got)
	}
}

// TestAgentKeyLimit allows 25 active keys, the account's first included.
func TestAgentKeyLimit(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	var last map[string]any
	for i := 2; i <= 25; i++ {
		last = newKey(t, acct.Client, fmt.Sprintf("bot %d", i))
	}
	e := expectError(t, acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "bot 26"}), http.StatusConflict, "conflict")
	if !strings.Contains(e.Error, "25") {
		t.Fatalf("limit sentence %q does not give the limit", e.Error)
	}
	if n := len(env.Emails(t, acct.Email)); n != 25 {
		t.Fatalf("%d owner mails, want the welcome and one per added key (25)", n)
	}
	if list, _ := walkList(t, acct.Client, "/agent-keys?limit=10", "agent_keys"); len(list) != 25 {
		t.Fatalf("%d keys listed, want 25", len(list))
	}
	acct.Client.Agent(t, "DELETE", "/agent-keys/"+str(t, last["id"]), nil).Expect(t, http.StatusOK)
	newKey(t, acct.Client, "bot 25 again")
	expectError(t, acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "bot 26"}), http.StatusConflict, "conflict")
}

// TestCreateAgentKeyFieldRules checks POST /agent-keys validation.
func TestCreateAgentKeyFieldRules(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cases := []struct {
		name   string
		body   any
		fields string
	}{
		{"empty", map[string]any{}, "name"},
		{"name too short", map[string]any{"name": "x"}, "name"},
		{"name too long", map[string]any{"name": strings.Repeat("n", 61)}, "name"},
		{"name not a string", map[string]any{"name": 7}, "name"},
		{"operator too long", map[string]any{"name": "ok", "operator": strings.Repeat("o", 101)}, "operator"},
		{"contact_url http", map[string]any{"name": "ok", "contact_url": "http://acme.com"}, "contact_url"},
		{"contact_url loopback", map[string]any{"name": "ok", "contact_url": "https://localhost/"}, "contact_url"},
		{"all wrong", map[string]any{"name": "", "operator": strings.Repeat("o", 101), "contact_url": "x"}, "contact_url,name,operator"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := expectError(t, acct.Client.Agent(t, "POST", "/agent-keys", c.body), http.StatusUnprocessableEntity, "validation_failed")
			if got := strings.Join(detailFields(t, e), ","); got != c.fields {
				t.Fatalf("details name %q, want %q", got, c.fields)
			}
		})
	}
	if list, _ := walkList(t, acct.Client, "/agent-keys", "agent_keys"); len(list) != 1 {
		t.Fatalf("%d keys after refused creations, want 1", len(list))
	}
	for _, ok := range []map[string]any{{"name": "ab"}, {"name": strings.Repeat("n", 60), "operator": strings.Repeat("o", 100)}} {
		acct.Client.Agent(t, "POST", "/agent-keys", ok).Expect(t, http.StatusCreated)
	}
}
