package mcp

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/edge/mcpserver"
	"rvcontent/test/testenv"
)

// Initialization names the server and offers tools; tools/list has one
// tool per agent-API route of the route table, each with an object input
// schema that requires the route's path parameters.
func TestInitializeAndToolsList(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cs := session(t, env, acct.Key)

	init := cs.InitializeResult()
	if init.ServerInfo.Name != mcpserver.Name || init.Capabilities.Tools == nil {
		t.Fatalf("initialize: server %+v, capabilities %+v", init.ServerInfo, init.Capabilities)
	}
	// Stateless: no session can carry a notification, so none is promised.
	if c := init.Capabilities; c.Logging != nil || c.Tools.ListChanged || c.Prompts == nil || c.Prompts.ListChanged || c.Resources == nil || c.Resources.ListChanged {
		t.Errorf("capabilities promise notifications: %+v", c)
	}
	if !strings.Contains(init.Instructions, "get_job") {
		t.Errorf("instructions %q", init.Instructions)
	}

	listed := map[string]map[string]any{}
	descriptions := map[string]string{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		schema, _ := tool.InputSchema.(map[string]any)
		listed[tool.Name] = schema
		descriptions[tool.Name] = tool.Description
	}
	tools := mcpserver.Tools()
	if len(tools) != len(listed) || len(tools) < 70 {
		t.Fatalf("%d tools listed, %d in the catalog", len(listed), len(tools))
	}
	for _, tool := range tools {
		name := tool.Name()
		schema, ok := listed[name]
		if !ok {
			t.Errorf("%s (%s) is not listed", name, tool.Route.Key())
			continue
		}
		if !strings.HasSuffix(descriptions[name], "("+tool.Route.Key()+")") {
			t.Errorf("%s: description %q does not name its endpoint", name, descriptions[name])
		}
		if schema["type"] != "object" {
			t.Errorf("%s: schema type %v", name, schema["type"])
		}
		props, _ := schema["properties"].(map[string]any)
		required := fmt.Sprint(schema["required"])
		for _, p := range tool.Route.Params() {
			if props[p] == nil || !strings.Contains(required, p) {
				t.Errorf("%s: path parameter %s is not a required property: %v", name, p, schema)
			}
		}
	}
}

// get_account, list_sites, get_site, get_job, list_events and
// list_activity answer exactly what the agent API answers.
func TestReadToolsMatchTheHTTPAPI(t *testing.T) {
	env := testenv.Shared(t)
	acct := newAccount(t, env)
	cs := session(t, env, acct.Key)
	checks := []struct {
		tool string
		args map[string]any
		path string
	}{
		{"get_account", nil, "/account"},
		{"list_sites", nil, "/sites"},
		{"list_sites", map[string]any{"limit": 1}, "/sites?limit=1"},
		{"get_site", map[string]any{"site_id": acct.SiteID}, "/sites/" + acct.SiteID},
		{"get_scan", map[string]any{"site_id": acct.SiteID}, "/sites/" + acct.SiteID + "/scan"},
		{"get_job", map[string]any{"job_id": acct.ScanJob, "wait": 0}, "/jobs/" + acct.ScanJob},
		{"list_jobs", map[string]any{"site_id": acct.SiteID}, "/jobs?site_id=" + acct.SiteID},
		{"list_events", map[string]any{"since": "2000-01-01T00:00:00Z", "limit": 100}, "/events?since=2000-01-01T00:00:00Z&limit=100"},
		{"list_events", map[string]any{"types": []string{"site.scan_completed", "site.scan_failed"}}, "/events?types=site.scan_completed,site.scan_failed"},
		{"list_activity", nil, "/activity"},
		{"get_billing", nil, "/billing"},
		{"get_credits", map[string]any{"site_id": acct.SiteID}, "/sites/" + acct.SiteID + "/credits"},
	}
	for _, c := range checks {
		got := ok(t, cs, c.tool, c.args)
		status, want := httpJSON(t, acct.Client, "GET", c.path, nil)
		if status != http.StatusOK {
			t.Fatalf("GET %s: %d %v", c.path, status, want)
		}
		same(t, c.tool+" "+fmt.Sprint(c.args), got, want)
	}
	if job := ok(t, cs, "get_job", map[string]any{"job_id": acct.ScanJob})["job"].(map[string]any); job["kind"] != "site.scan" {
		t.Errorf("get_job: %v", job)
	}
}

// create_agent_key makes a key that works on both the MCP server and the
// agent API, attributed in the activity log to the calling key; an
// idempotency_key replays the first answer, across MCP and HTTP alike.
func TestCreateAgentKey(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cs := session(t, env, acct.Key)

	args := map[string]any{"name": "MCP bot", "operator": "Tests", "idempotency_key": "mcp-create-1"}
	first := call(t, cs, "create_agent_key", args)
	if first.IsError || first.Meta["http_status"] != 201.0 || first.Meta["idempotent_replayed"] != nil {
		t.Fatalf("create_agent_key: error %v, meta %v: %s", first.IsError, first.Meta, text(t, first))
	}
	key := structured(t, first)["agent_key"].(map[string]any)
	secret, _ := key["key"].(string)
	if key["name"] != "MCP bot" || key["operator"] != "Tests" || key["type"] != "key" || !strings.HasPrefix(secret, "rv_agent_") || len(secret) != 57 {
		t.Fatalf("agent_key %v", key)
	}

	replay := call(t, cs, "create_agent_key", args)
	if replay.IsError || replay.Meta["idempotent_replayed"] != true || replay.Meta["http_status"] != 201.0 {
		t.Fatalf("replay: meta %v", replay.Meta)
	}
	same(t, "replayed answer", structured(t, replay), structured(t, first))
	r := acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "MCP bot", "operator": "Tests"}, "Idempotency-Key: mcp-create-1").Expect(t, http.StatusCreated)
	if r.Header.Get("Idempotent-Replayed") != "true" || r.JSON(t)["agent_key"].(map[string]any)["id"] != key["id"] {
		t.Fatalf("the HTTP API did not replay the MCP call's answer: %s", r.Body)
	}

	viaMCP := ok(t, session(t, env, secret), "get_account", nil)
	_, viaHTTP := httpJSON(t, env.Client().As(secret), "GET", "/account", nil)
	same(t, "get_account with the new key", viaMCP, viaHTTP)

	entry := activityFor(t, acct.Client, "agent_key.created", key["id"])
	actor := entry["actor"].(map[string]any)
	if actor["type"] != "agent" || actor["id"] != acct.KeyID {
		t.Errorf("activity entry %v", entry)
	}

	_, keys := httpJSON(t, acct.Client, "GET", "/agent-keys", nil)
	var ids []string
	for _, k := range keys["agent_keys"].([]any) {
		ids = append(ids, k.(map[string]any)["id"].(string))
	}
	if strings.Join(ids, ",") != acct.KeyID+","+key["id"].(string) {
		t.Errorf("agent keys %v", ids)
	}
	// A key the header would refuse is refused as the header is, with the
	// same status and code; 255 characters of any script are a key.
	for _, bad := range []any{"", strings.Repeat("k", 256), 42} {
		res := call(t, cs, "create_agent_key", map[string]any{"name": "Bad key bot", "idempotency_key": bad})
		if !res.IsError || res.Meta["http_status"] != 400.0 || structured(t, res)["code"] != "bad_request" {
			t.Errorf("idempotency_key %v: error %v, meta %v: %s", bad, res.IsError, res.Meta, text(t, res))
		}
	}
	if res := call(t, cs, "create_agent_key", map[string]any{"name": "Long key bot", "idempotency_key": strings.Repeat("é", 255)}); res.IsError {
		t.Errorf("a key of 255 two-byte characters: %s", text(t, res))
	}
}

// update_site changes only the fields sent and null clears one, as PATCH
// does over HTTP; start_scan answers 202 with a job that get_job follows.
func TestWriteTools(t *testing.T) {
	env := testenv.Shared(t)
	acct := newAccount(t, env)
	cs := session(t, env, acct.Key)

	site := ok(t, cs, "update_site", map[string]any{"site_id": acct.SiteID, "brand_name": "Tool Shop MCP", "product_description": "Garden tools.", "writing": map[string]any{"tone": "Friendly"}})["site"].(map[string]any)
	if site["brand_name"] != "Tool Shop MCP" || site["product_description"] != "Garden tools." || site["writing"].(map[string]any)["tone"] != "Friendly" {
		t.Fatalf("update_site: %v", site)
	}
	site = ok(t, cs, "update_site", map[string]any{"site_id": acct.SiteID, "product_description": nil})["site"].(map[string]any)
	if site["brand_name"] != "Tool Shop MCP" || site["product_description"] != nil || site["writing"].(map[string]any)["tone"] != "Friendly" {
		t.Fatalf("update_site with null: %v", site)
	}
	_, viaHTTP := httpJSON(t, acct.Client, "GET", "/sites/"+acct.SiteID, nil)
	same(t, "site after update_site", map[string]any{"site": site}, viaHTTP)

	started := call(t, cs, "start_scan", map[string]any{"site_id": acct.SiteID})
	job := structured(t, started)["job"].(map[string]any)
	if started.IsError || started.Meta["http_status"] != 202.0 || job["kind"] != "site.scan" {
		t.Fatalf("start_scan: %v %v", started.Meta, job)
	}
	for i := 0; i < 4 && job["status"] != "completed" && job["status"] != "failed"; i++ {
		job = ok(t, cs, "get_job", map[string]any{"job_id": job["id"], "wait": 25})["job"].(map[string]any)
	}
	if job["status"] != "completed" {
		t.Fatalf("scan job %v", job)
	}
}
