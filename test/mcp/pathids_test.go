package mcp

import (
	"context"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// Tool calls run the agent API's chain, so an id that cannot exist (here
// 1,100 characters, which DynamoDB refuses as a key) is the API's 404
// not_found tool error, and the call costs no more DynamoDB calls than a
// tool call that reads nothing: no lookup is made for the id.
func TestImpossibleIDsAreNotFoundTools(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: time.Hour})
	acct := env.NewAccount(t, "")
	for !(env.Stack.Jobs.Idle() && env.Stack.Deliveries.Idle()) {
		env.Stack.Drain(context.Background(), 10*time.Second)
	}
	cs := session(t, env, acct.Key)
	failed(t, cs, "delete_account", nil) // the key's last_used_at is recorded now

	env.Calls.Snapshot()
	if got := failed(t, cs, "delete_account", nil); got["code"] != "human_required" {
		t.Fatalf("delete_account = %v", got)
	}
	baseline := env.Calls.Snapshot()

	long := strings.Repeat("x", 1100)
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"get_site", map[string]any{"site_id": long}},
		{"get_job", map[string]any{"job_id": long}},
		{"revoke_agent_key", map[string]any{"id": long}},
		{"list_webhook_deliveries", map[string]any{"webhook_id": long}},
		{"get_article", map[string]any{"site_id": acct.SiteID, "article_id": long}},
		{"update_backlink_target", map[string]any{"site_id": acct.SiteID, "target_id": long, "priority": 1}},
		{"get_integration", map[string]any{"site_id": acct.SiteID, "integration_id": "push_platform_9"}},
		// Dot segments would move the path: still the resource's not_found.
		{"get_site", map[string]any{"site_id": ".."}},
		{"get_site", map[string]any{"site_id": "."}},
		{"revoke_agent_key", map[string]any{"id": "."}},
		{"delete_keyword", map[string]any{"site_id": acct.SiteID, "keyword_id": ".."}},
	} {
		got := failed(t, cs, c.tool, c.args)
		if got["status"] != float64(http.StatusNotFound) || got["code"] != "not_found" || strings.Contains(got["error"].(string), "no endpoint") {
			t.Errorf("%s with an impossible id = %v, want 404 not_found", c.tool, got)
		}
		if calls := env.Calls.Snapshot(); !maps.Equal(calls, baseline) {
			t.Errorf("%s with an impossible id made DynamoDB calls %v, a tool call that reads nothing %v", c.tool, calls, baseline)
		}
	}
}
