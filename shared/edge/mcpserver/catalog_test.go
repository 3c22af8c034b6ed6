package mcpserver

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"rvcontent/shared/edge/routes"
)

// specIndex is the spec's endpoint index (agent-api.md 4.2), method and
// path; TestSpecIndexCopy keeps it equal to the spec when the spec is
// beside the repository.
var specIndex = `
POST /accounts
GET /account
POST /account/resend-claim
DELETE /account
GET /agent-keys
POST /agent-keys
DELETE /agent-keys/{id}
GET /activity
GET /sites
POST /sites
GET /sites/{site_id}
PATCH /sites/{site_id}
DELETE /sites/{site_id}
POST /sites/{site_id}/restore
GET /sites/{site_id}/scan
POST /sites/{site_id}/scan
POST /sites/{site_id}/research
GET /sites/{site_id}/keywords
POST /sites/{site_id}/keywords
DELETE /sites/{site_id}/keywords/{keyword_id}
GET /sites/{site_id}/articles
POST /sites/{site_id}/articles
GET /sites/{site_id}/articles/{article_id}
PATCH /sites/{site_id}/articles/{article_id}
DELETE /sites/{site_id}/articles/{article_id}
POST /sites/{site_id}/articles/{article_id}/generate
POST /sites/{site_id}/articles/{article_id}/rewrite-section
GET /sites/{site_id}/articles/{article_id}/score
POST /sites/{site_id}/articles/{article_id}/finish
POST /sites/{site_id}/articles/{article_id}/publish
GET /jobs/{job_id}
GET /jobs
GET /sites/{site_id}/autopilot
PATCH /sites/{site_id}/autopilot
GET /sites/{site_id}/integrations
GET /sites/{site_id}/integrations/{integration_id}
POST /sites/{site_id}/integrations/{integration_id}/connect
PATCH /sites/{site_id}/integrations/{integration_id}
POST /sites/{site_id}/integrations/{integration_id}/sync
DELETE /sites/{site_id}/integrations/{integration_id}
GET /sites/{site_id}/keys
POST /sites/{site_id}/keys
DELETE /sites/{site_id}/keys/{key_id}
GET /sites/{site_id}/credits
GET /sites/{site_id}/rank
GET /sites/{site_id}/backlinks
PATCH /sites/{site_id}/backlinks
POST /sites/{site_id}/backlinks/domain
POST /sites/{site_id}/backlinks/domain/verify
GET /sites/{site_id}/backlinks/targets
POST /sites/{site_id}/backlinks/targets
PATCH /sites/{site_id}/backlinks/targets/{target_id}
DELETE /sites/{site_id}/backlinks/targets/{target_id}
GET /sites/{site_id}/backlinks/placements
DELETE /sites/{site_id}/backlinks/placements/{placement_id}
GET /sites/{site_id}/forum
PATCH /sites/{site_id}/forum
POST /sites/{site_id}/forum/sweeps
GET /sites/{site_id}/forum/threads
GET /sites/{site_id}/forum/threads/{thread_id}
PATCH /sites/{site_id}/forum/threads/{thread_id}
POST /sites/{site_id}/forum/threads/{thread_id}/drafts
PATCH /sites/{site_id}/forum/drafts/{draft_id}
GET /sites/{site_id}/forum/replies
POST /sites/{site_id}/forum/replies
GET /billing
POST /billing/checkout
POST /billing/portal
POST /billing/activate
GET /billing/studio-quote
GET /events
GET /webhooks
POST /webhooks
PATCH /webhooks/{webhook_id}
DELETE /webhooks/{webhook_id}
POST /webhooks/{webhook_id}/test
`

// indexKeys returns the route keys of the spec's index copy.
func indexKeys() map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(specIndex), "\n") {
		method, path, _ := strings.Cut(line, " ")
		out[routeKey(method, path)] = true
	}
	return out
}

// TestSpecIndexCopy compares specIndex with the spec's endpoint table.
func TestSpecIndexCopy(t *testing.T) {
	b, err := os.ReadFile("../../../../shared/spec/agent-api.md")
	if err != nil {
		t.Skipf("spec not beside the repository: %v", err)
	}
	spec := string(b)
	start := strings.Index(spec, "| Method | Path | Purpose | Needs |")
	if start < 0 {
		t.Fatal("the spec has no endpoint index")
	}
	got := map[string]bool{}
	for _, line := range strings.Split(spec[start:], "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 6 || !strings.HasPrefix(strings.TrimSpace(cells[2]), "/") {
			continue
		}
		for _, m := range strings.Split(cells[1], ",") {
			got[routeKey(strings.TrimSpace(m), strings.TrimSpace(cells[2]))] = true
		}
	}
	want := indexKeys()
	for k := range got {
		if !want[k] {
			t.Errorf("the spec's index has %s, the copy does not", k)
		}
	}
	for k := range want {
		if !got[k] {
			t.Errorf("the copy has %s, the spec's index does not", k)
		}
	}
}

// Every agent-credential route of the table has a described tool: a route
// added without a catalog entry fails here (it is still served, under a
// generated name).
func TestEveryAgentRouteIsDescribed(t *testing.T) {
	n := 0
	for _, tool := range Tools(routes.Table) {
		n++
		if !tool.Described {
			t.Errorf("%s has no tool description: add a Spec to a catalog_*.go file (served meanwhile as %q)", tool.Route.Key(), tool.Spec.Name)
		}
	}
	if n < 20 {
		t.Fatalf("only %d tools from the route table", n)
	}
}

// The catalog describes every endpoint of the spec's index that takes a
// credential, and nothing that is neither in the index nor in the table.
func TestCatalogMatchesTheEndpoints(t *testing.T) {
	index := indexKeys()
	table := map[string]bool{}
	for _, r := range routes.Table {
		table[r.Key()] = true
	}
	described := map[string]bool{}
	for _, s := range Catalog() {
		if described[s.Key()] {
			t.Errorf("%s is described twice", s.Key())
		}
		described[s.Key()] = true
		if !index[s.Key()] && !table[s.Key()] {
			t.Errorf("%s (%s) is neither in the spec's index nor in the route table", s.Key(), s.Name)
		}
	}
	for k := range index {
		if !described[k] && k != routeKey("POST", "/accounts") {
			t.Errorf("the spec's %s has no tool", k)
		}
	}
	if described[routeKey("POST", "/accounts")] {
		t.Error("POST /accounts needs no credential, so it cannot be a tool of the authenticated MCP server")
	}
}

var toolName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

func TestToolNamesAreUniqueAndValid(t *testing.T) {
	seen := map[string]string{}
	for _, tool := range Tools(allRoutes()) {
		name := tool.Spec.Name
		if !toolName.MatchString(name) {
			t.Errorf("%s: tool name %q is not snake_case of at most 64 characters", tool.Route.Key(), name)
		}
		if other, dup := seen[name]; dup {
			t.Errorf("tool name %q names %s and %s", name, other, tool.Route.Key())
		}
		seen[name] = tool.Route.Key()
		if d := tool.Spec.Description; len(d) < 15 || !strings.HasSuffix(d, ".") {
			t.Errorf("%s: description %q is not a sentence", name, d)
		}
	}
}

// Every tool's input schema is a valid JSON Schema object whose required
// properties include the path parameters, with no argument declared twice.
func TestInputSchemas(t *testing.T) {
	for _, tool := range Tools(allRoutes()) {
		s := tool.InputSchema()
		if _, err := s.Resolve(nil); err != nil {
			t.Errorf("%s: schema does not resolve: %v", tool.Spec.Name, err)
			continue
		}
		if s.Type != "object" {
			t.Errorf("%s: schema type %q", tool.Spec.Name, s.Type)
		}
		if len(s.PropertyOrder) != len(s.Properties) {
			t.Errorf("%s: an argument is declared twice: %v", tool.Spec.Name, s.PropertyOrder)
		}
		required := map[string]bool{}
		for _, r := range s.Required {
			required[r] = true
			if s.Properties[r] == nil {
				t.Errorf("%s: required %q is not a property", tool.Spec.Name, r)
			}
		}
		for _, p := range tool.Route.Params() {
			if !required[p] || s.Properties[p].Type != "string" {
				t.Errorf("%s: path parameter %q is not a required string", tool.Spec.Name, p)
			}
		}
		_, hasKey := s.Properties[IdempotencyArgument]
		if hasKey != (tool.Route.Method == "POST") {
			t.Errorf("%s: idempotency_key offered %v on a %s", tool.Spec.Name, hasKey, tool.Route.Method)
		}
	}
}

// allRoutes is the route table plus every catalog endpoint the table does
// not have yet, so every spec's tool is checked.
func allRoutes() []routes.Route {
	out := append([]routes.Route(nil), routes.Table...)
	have := map[string]bool{}
	for _, r := range out {
		have[r.Key()] = true
	}
	for _, s := range Catalog() {
		if !have[s.Key()] {
			out = append(out, routes.Route{Method: s.Method, Path: routes.AgentBase + s.Path, Group: routes.Accounts, Auth: routes.Agent})
		}
	}
	return out
}

// A route the catalog does not know is a tool at once, with a name made
// from its method and path.
func TestFallbackTool(t *testing.T) {
	table := []routes.Route{
		{Method: "GET", Path: routes.AgentBase + "/account", Group: routes.Accounts, Auth: routes.Agent},
		{Method: "GET", Path: routes.AgentBase + "/things/{thing_id}/sub-parts", Group: routes.Content, Auth: routes.Agent},
		{Method: "POST", Path: routes.AgentBase + "/accounts", Group: routes.Accounts, Auth: routes.None},
		{Method: "POST", Path: routes.MCPPath, Group: routes.MCP, Auth: routes.Agent},
	}
	tools := Tools(table)
	var names []string
	for _, tool := range tools {
		names = append(names, tool.Spec.Name)
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "get_account,get_things_sub_parts" {
		t.Fatalf("tools %v", names)
	}
	fb := tools[1]
	if fb.Described || fb.InputSchema().Required[0] != "thing_id" {
		t.Errorf("fallback tool %+v", fb.Spec)
	}
}

// The README's "MCP tools" table lists every tool with its endpoint.
func TestREADMEListsEveryTool(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Skipf("no README: %v", err)
	}
	readme := string(b)
	for _, s := range Catalog() {
		row := "| `" + s.Name + "` | `" + s.Method + " " + s.Path + "` |"
		if !strings.Contains(readme, row) {
			t.Errorf("README's MCP tools table lacks %s", row)
		}
	}
}
