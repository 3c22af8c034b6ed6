package audit22i

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/ids"
)

// TestToolIDArgumentsSpelledOtherwiseAreNotFound calls every MCP tool of
// the agent API (but the deleting ones) with each id argument in turn set
// to the account's own id in upper case, with a space before it, with
// "/" after it, or with "../" segments around it. README "Path ids": "MCP
// tools answer the same tool error" as the API's 404 not_found; none
// reaches another path or resource.
func TestToolIDArgumentsSpelledOtherwiseAreNotFound(t *testing.T) {
	env, r := startUnlimited(t)
	cred := "Authorization: Bearer " + r.Key
	params := r.Params()
	for _, name := range []string{"target_id", "draft_id", "placement_id", "keyword_id", "key_id"} {
		if params[name] == "" {
			params[name] = ids.New()
		}
	}
	checked := 0
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if op.Method == http.MethodDelete || op.Anonymous {
			continue
		}
		names := (routes.Route{Path: op.FullPath()}).Params()
		for _, name := range names {
			for _, bad := range []string{strings.ToUpper(params[name]), " " + params[name], params[name] + "/", params[name] + "/../" + params[name], "../" + params[name]} {
				a := map[string]any{}
				for _, n := range names {
					a[n] = params[n]
				}
				a[name] = bad
				ab, _ := json.Marshal(a)
				st, b := callTool(t, env.URL, cred, op.ID, string(ab))
				checked++
				if st != 200 || !strings.Contains(string(b), `"isError":true`) || !strings.Contains(string(b), `not_found`) {
					t.Errorf("tool %s with %s: %d %.300s, want the not_found tool error", op.ID, ab, st, b)
				}
			}
		}
	}
	if checked < 200 {
		t.Fatalf("only %d tool calls checked", checked)
	}
}
