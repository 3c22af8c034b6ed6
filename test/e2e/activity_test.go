package e2e

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestActivityLog checks entries, order, filters and paging of GET /activity.
func TestActivityLog(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	scan := settleScan(t, acct)
	scanAction := "site.scan_completed"
	if scan["status"] == "failed" {
		scanAction = "site.scan_failed"
	}
	second := newKey(t, acct.Client, "Second bot")
	bot := env.Client().As(str(t, second["key"]))
	third := newKey(t, bot, "Third bot")
	bot.Agent(t, "DELETE", "/agent-keys/"+str(t, third["id"]), nil).Expect(t, http.StatusOK)
	acct.Client.Agent(t, "POST", "/account/resend-claim", nil).Expect(t, http.StatusOK)

	all, _ := walkList(t, acct.Client, "/activity", "activity")
	type row struct{ action, actorType, actorID, actorName, resType, resID string }
	want := []row{
		{"account.claim_resent", "agent", acct.KeyID, "Test agent", "account", acct.ID},
		{"agent_key.revoked", "agent", str(t, second["id"]), "Second bot", "agent_key", str(t, third["id"])},
		{"agent_key.created", "agent", str(t, second["id"]), "Second bot", "agent_key", str(t, third["id"])},
		{"agent_key.created", "agent", acct.KeyID, "Test agent", "agent_key", str(t, second["id"])},
		{scanAction, "service", "service", "website scan", "site", acct.SiteID},
		{"account.created", "agent", acct.KeyID, "Test agent", "account", acct.ID},
	}
	if len(all) != len(want) {
		t.Fatalf("%d entries, want %d: %v", len(all), len(want), all)
	}
	prev := ""
	for i, e := range all {
		actor, res := object(t, e, "actor"), object(t, e, "resource")
		got := row{str(t, e["action"]), str(t, actor["type"]), str(t, actor["id"]), str(t, actor["name"]), str(t, res["type"]), str(t, res["id"])}
		if got != want[i] {
			t.Fatalf("entry %d = %+v, want %+v", i, got, want[i])
		}
		if keysOf(e) != "action,actor,created_at,id,ip,resource,site_id,summary" || e["summary"] == "" {
			t.Fatalf("entry %d = %v", i, e)
		}
		if byService := got.actorType == "service"; byService && e["site_id"] != acct.SiteID || !byService && (e["site_id"] != "" || e["ip"] != "127.0.0.1") {
			t.Fatalf("entry %d site_id %v ip %v", i, e["site_id"], e["ip"])
		}
		if created := str(t, e["created_at"]); prev != "" && created > prev {
			t.Fatalf("entries not newest first: %s after %s", created, prev)
		} else {
			prev = created
		}
	}
	ids := idsOf(all)
	other := env.NewAccount(t, "")

	cases := []struct {
		name  string
		query string
		want  []string
	}{
		{"one per page", "?limit=1", ids},
		{"two per page", "?limit=2", ids},
		{"actor", "?actor_id=" + str(t, second["id"]), ids[1:3]},
		{"actor, paged", "?limit=1&actor_id=" + acct.KeyID, []string{ids[0], ids[3], ids[5]}},
		{"service actor", "?actor_id=service", ids[4:5]},
		{"site", "?site_id=" + acct.SiteID, ids[4:5]},
		{"site and actor", "?site_id=" + acct.SiteID + "&actor_id=" + acct.KeyID, nil},
		{"since, inclusive", "?since=" + url.QueryEscape(str(t, all[2]["created_at"])), ids[:3]},
		{"since and actor", "?limit=1&actor_id=" + acct.KeyID + "&since=" + url.QueryEscape(str(t, all[3]["created_at"])), []string{ids[0], ids[3]}},
		{"since in the future", "?since=2999-01-01T00:00:00Z", nil},
		// A "+" sent unencoded arrives as a space; a time without an
		// offset is UTC.
		{"since, unencoded offset", "?since=" + strings.Replace(str(t, all[2]["created_at"]), "Z", "+00:00", 1), ids[:3]},
		{"since without an offset", "?since=" + strings.TrimSuffix(str(t, all[2]["created_at"]), "Z"), ids[:3]},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _ := walkList(t, acct.Client, "/activity"+c.query, "activity")
			if fmt.Sprint(idsOf(got)) != fmt.Sprint(c.want) {
				t.Fatalf("got %v, want %v", idsOf(got), c.want)
			}
		})
	}
	// Another account's site answers as a path naming it does (spec 4.1).
	expectError(t, acct.Client.Agent(t, "GET", "/activity?site_id="+other.SiteID, nil), http.StatusNotFound, "not_found")
	e := expectError(t, acct.Client.Agent(t, "GET", "/activity?since=yesterday", nil), http.StatusUnprocessableEntity, "validation_failed")
	if fmt.Sprint(detailFields(t, e)) != "[since]" {
		t.Fatalf("details = %v", e.Details)
	}
	if got, _ := walkList(t, other.Client, "/activity?actor_id="+acct.KeyID, "activity"); len(got) != 0 {
		t.Fatalf("another account sees %d of this account's entries", len(got))
	}
}

// TestActivityNamesWhoActivatedThePlan records POST /billing/activate, a
// change an agent makes through the API (and pays for), with that agent
// as its actor (spec 2: agent = a key), not as the billing service.
func TestActivityNamesWhoActivatedThePlan(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	all, _ := walkList(t, acct.Client, "/activity", "activity")
	for _, e := range all {
		if e["action"] != "billing.activated" {
			continue
		}
		actor, _ := e["actor"].(map[string]any)
		if actor["type"] != "agent" || actor["id"] != acct.KeyID || actor["name"] != "Test agent" || e["ip"] == "" {
			t.Fatalf("billing.activated by %v from %q, want the agent key %s and its address", actor, e["ip"], acct.KeyID)
		}
		return
	}
	t.Fatalf("no billing.activated entry in %v", all)
}
