package public

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/shared/kernel/ids"
	"rvcontent/test/testenv"
)

var keyForm = regexp.MustCompile(`^rv_live_[0-9a-f]{48}$`)

// TestSiteKeyLifecycle creates a key (which needs a trial or plan), shows
// it once, lists it by its first 14 characters, uses it, and revokes it:
// the next request with it is 401.
func TestSiteKeyLifecycle(t *testing.T) {
	env := stack(t)
	o := &owner{env: env, acct: env.NewAccount(t, "https://keys.example.com")}
	site := o.acct.SiteID

	// No trial or plan: creating a key is refused.
	resp := o.api(t, "POST", "/sites/"+site+"/keys", map[string]any{"name": "Blog plugin"})
	if resp.Status != http.StatusPaymentRequired || resp.ErrorCode(t) != "subscription_required" {
		t.Fatalf("key without a plan: %d %s", resp.Status, resp.Body)
	}
	o.trial(t, cardOK)

	k := o.newKey(t, site, map[string]any{"name": "Blog plugin"})
	secret, _ := k["key"].(string)
	if !keyForm.MatchString(secret) || len(secret) != 56 {
		t.Fatalf("key %q is not rv_live_ plus 48 lowercase hex (56 characters)", secret)
	}
	if k["prefix"] != secret[:14]+"…" || k["name"] != "Blog plugin" || k["site_id"] != site ||
		k["last_used_at"] != nil || k["idle"] != false || k["created_at"] == nil {
		t.Fatalf("created key: %v", k)
	}
	by := k["created_by"].(map[string]any)
	if by["type"] != "agent" || by["id"] != o.acct.KeyID || by["name"] != "Test agent" {
		t.Fatalf("created_by = %v", by)
	}
	unnamed := o.newKey(t, site, nil)
	if unnamed["name"] != nil || unnamed["key"] == secret {
		t.Fatalf("key without a name: %v", unnamed)
	}

	// Shown once: lists never carry the secret.
	list := o.keys(t, site)
	if len(list) != 2 || list[0]["id"] != k["id"] || list[1]["id"] != unnamed["id"] {
		t.Fatalf("keys, oldest first: %v", list)
	}
	want := []string{"created_at", "created_by", "id", "idle", "last_used_at", "name", "prefix", "site_id"}
	if got := sortedKeys(list[0]); !sameJSON(got, want) {
		t.Fatalf("listed key fields %v, want %v", got, want)
	}

	// Using it records last_used_at.
	pub(t, env, secret, "GET", "/ping", nil).Expect(t, http.StatusOK)
	if used := o.keys(t, site)[0]; used["last_used_at"] == nil || used["idle"] != false {
		t.Fatalf("after a request: %v", used)
	}

	// A site key is not an agent credential.
	expectAgent401(t, env.Client().As(secret))

	// Revoking is immediate.
	rev := o.api(t, "DELETE", "/sites/"+site+"/keys/"+k["id"].(string), nil).Expect(t, http.StatusOK).JSON(t)
	if !sameJSON(rev, map[string]any{"id": k["id"], "revoked": true}) {
		t.Fatalf("revoke answer %v", rev)
	}
	wantError(t, pub(t, env, secret, "GET", "/ping", nil), http.StatusUnauthorized, msgUnauthorized, "")
	if list := o.keys(t, site); len(list) != 1 || list[0]["id"] != unnamed["id"] {
		t.Fatalf("keys after revoking: %v", list)
	}
	o.api(t, "DELETE", "/sites/"+site+"/keys/"+k["id"].(string), nil).Expect(t, http.StatusNotFound)

	// Another account's site and key ids are not found, like random ones.
	other := newOwner(t, env, "https://other.example.com")
	a := other.api(t, "DELETE", "/sites/"+site+"/keys/"+unnamed["id"].(string), nil).Expect(t, http.StatusNotFound)
	b := other.api(t, "DELETE", "/sites/"+ids.New()+"/keys/"+ids.New(), nil).Expect(t, http.StatusNotFound)
	if string(a.Body) != string(b.Body) {
		t.Fatalf("another account's key answers %s, a random one %s", a.Body, b.Body)
	}
	other.api(t, "GET", "/sites/"+site+"/keys", nil).Expect(t, http.StatusNotFound)
	other.api(t, "POST", "/sites/"+site+"/keys", nil).Expect(t, http.StatusNotFound)
	pub(t, env, unnamed["key"].(string), "GET", "/ping", nil).Expect(t, http.StatusOK)
}

func expectAgent401(t *testing.T, c *testenv.Client) {
	t.Helper()
	resp := c.Agent(t, "GET", "/account", nil)
	if resp.Status != http.StatusUnauthorized || resp.ErrorCode(t) != "unauthorized" {
		t.Fatalf("site key on the agent API: %d %s", resp.Status, resp.Body)
	}
}

// TestSiteKeyNameRules checks the optional label.
func TestSiteKeyNameRules(t *testing.T) {
	env := stack(t)
	o := newOwner(t, env, "https://names.example.com")
	for _, name := range []any{"", 42, strings.Repeat("x", 61)} {
		resp := o.api(t, "POST", "/sites/"+o.acct.SiteID+"/keys", map[string]any{"name": name})
		if resp.Status != http.StatusUnprocessableEntity || resp.ErrorCode(t) != "validation_failed" {
			t.Fatalf("name %q: %d %s", name, resp.Status, resp.Body)
		}
	}
	o.api(t, "POST", "/sites/"+o.acct.SiteID+"/keys", "{").Expect(t, http.StatusBadRequest)
}
