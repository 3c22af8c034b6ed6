package audit22i

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/edge/routes"
)

// TestRefusedToolCallsWriteNothing is TestRefusedWritesWriteNothing over
// MCP: every tool of an agent-API write (POST and PATCH) is called with
// arguments that pair a valid text field with a value of the wrong type
// in another field, and with the text field given twice (the valid value
// first, a number last). Each answers HTTP 200 with a tool error
// (isError; README "MCP", "Results": "Any other answer is a tool
// error"), and afterwards nothing the account can read holds the valid
// value.
func TestRefusedToolCallsWriteNothing(t *testing.T) {
	env, r := startUnlimited(t)
	cred := "Authorization: Bearer " + r.Key
	r.Client.Agent(t, "POST", "/billing/activate", nil).Expect(t, http.StatusOK)
	params := r.Params()
	const marker = "Auditmarker seven"
	n := 0
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if op.Method == http.MethodGet || op.Method == http.MethodDelete || op.Anonymous {
			continue
		}
		args := map[string]any{}
		for _, name := range (routes.Route{Path: op.FullPath()}).Params() {
			args[name] = params[name]
		}
		for _, good := range op.Body {
			s := good.Schema
			if s == nil || s.Type != "string" || len(s.Enum) > 0 || s.Format != "" || s.Pattern != "" {
				continue
			}
			for _, bad := range op.Body {
				if bad.Name == good.Name || bad.Schema == nil {
					continue
				}
				a := map[string]any{}
				for k, v := range args {
					a[k] = v
				}
				a[good.Name] = marker
				a[bad.Name] = 12345
				if bad.Schema.Type != "string" {
					a[bad.Name] = "not-" + bad.Schema.Type
				}
				ab, _ := json.Marshal(a)
				st, b := callTool(t, env.URL, cred, op.ID, string(ab))
				n++
				if st != 200 || !strings.Contains(string(b), `"isError":true`) {
					t.Errorf("tool %s with %s: %d %.300s, want a tool error", op.ID, ab, st, b)
				}
			}
			ab, _ := json.Marshal(args)
			dup := strings.TrimSuffix(string(ab), "}")
			if len(args) > 0 {
				dup += ","
			}
			dup += `"` + good.Name + `":"` + marker + `","` + good.Name + `":12345}`
			st, b := callTool(t, env.URL, cred, op.ID, dup)
			n++
			if st != 200 || !strings.Contains(string(b), `"isError":true`) {
				t.Errorf("tool %s with %s: %d %.300s, want a tool error", op.ID, dup, st, b)
			}
			break
		}
	}
	st := state(t, r)
	for _, p := range []string{"/sites/" + r.SiteID, "/sites/" + r.SiteID + "/autopilot", "/sites/" + r.SiteID + "/forum", "/sites/" + r.SiteID + "/backlinks", "/sites/" + r.SiteID + "/articles/" + r.ArticleID} {
		st += string(r.Client.Agent(t, "GET", p, nil).Body)
	}
	if i := strings.Index(st, marker); i >= 0 {
		t.Errorf("a refused tool call was stored: ...%s...", st[max(0, i-300):i+len(marker)])
	}
	// The check above can see the value: a valid write of it shows.
	r.Client.Agent(t, "PATCH", "/sites/"+r.SiteID, map[string]any{"brand_name": marker}).Expect(t, http.StatusOK)
	if !strings.Contains(state(t, r)+string(r.Client.Agent(t, "GET", "/sites/"+r.SiteID, nil).Body), marker) {
		t.Fatal("a valid write of the value does not show where the test looks")
	}
	if n < 40 {
		t.Fatalf("only %d tool calls sent", n)
	}
}
