package mcpserver

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/edge/routes"
)

// Every agent-API route that takes a credential, except the MCP server's
// own, is a tool, and every tool is such a route: the tools and the route
// table come from the same catalog.
func TestEveryAgentRouteIsATool(t *testing.T) {
	tools := map[string]bool{}
	for _, tool := range Tools() {
		tools[tool.Op.Key()] = true
	}
	n := 0
	for _, r := range routes.Table {
		if r.Auth != routes.Agent || r.Group == routes.MCP {
			continue
		}
		n++
		if !tools[r.Key()] {
			t.Errorf("%s is no tool", r.Key())
		}
	}
	if n != len(tools) || n < 70 {
		t.Errorf("%d agent routes, %d tools", n, len(tools))
	}
	if tools["POST "+routes.AgentBase+"/accounts"] {
		t.Error("POST /accounts needs no credential, so it cannot be a tool of the authenticated MCP server")
	}
}

var toolName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

func TestToolNamesAreUniqueAndValid(t *testing.T) {
	seen := map[string]bool{}
	for _, tool := range Tools() {
		name := tool.Name()
		if !toolName.MatchString(name) || seen[name] {
			t.Errorf("tool name %q is not unique snake_case of at most 64 characters", name)
		}
		seen[name] = true
		if d := tool.Op.Description; len(d) < 15 || !strings.HasSuffix(d, ".") {
			t.Errorf("%s: description %q is not a sentence", name, d)
		}
	}
}

// Every tool's input and output schemas are valid JSON Schemas (they
// resolve, $defs included); the input is an object requiring the path
// parameters, offering idempotency_key on a POST only; the output is an
// object.
func TestSchemas(t *testing.T) {
	for _, tool := range Tools() {
		ri, ro := resolve(t, tool.Name()+" input", tool.InputSchema()), resolve(t, tool.Name()+" output", tool.OutputSchema())
		if ri == nil || ro == nil {
			continue
		}
		in, out := ri.Schema(), ro.Schema()
		if in.Type != "object" || out.Type != "object" {
			t.Errorf("%s: input type %q, output type %q", tool.Name(), in.Type, out.Type)
		}
		required := strings.Join(in.Required, ",")
		for _, p := range tool.Op.Params() {
			if !strings.Contains(","+required+",", ","+p.Name+",") || in.Properties[p.Name].Type != "string" {
				t.Errorf("%s: path parameter %q is not a required string", tool.Name(), p.Name)
			}
		}
		_, hasKey := in.Properties[IdempotencyArgument]
		if hasKey != (tool.Op.Method == "POST") {
			t.Errorf("%s: idempotency_key offered %v on a %s", tool.Name(), hasKey, tool.Op.Method)
		}
	}
}

// The limits of a tool's arguments are the domain's (through the catalog):
// a title over articles.MaxTitle is refused by the schema.
func TestInputLimitsAreTheDomains(t *testing.T) {
	s := resolve(t, "create_article", ToolsNamed("create_article")[0].InputSchema())
	long := strings.Repeat("x", 201)
	if err := s.Validate(map[string]any{"site_id": "0195f5a4-7b7e-7c3a-9d51-3c1e2f4a5b6c", "title": long}); err == nil {
		t.Error("a 201-character title fits the input schema")
	}
	if err := s.Validate(map[string]any{"site_id": "0195f5a4-7b7e-7c3a-9d51-3c1e2f4a5b6c", "title": "Fine", "tags": "a,b"}); err == nil {
		t.Error("tags as a string fit the input schema")
	}
	l := resolve(t, "list_articles", ToolsNamed("list_articles")[0].InputSchema())
	for _, status := range []any{"scheduled,finished", []any{"scheduled", "finished"}} {
		if err := l.Validate(map[string]any{"site_id": "s", "status": status}); err != nil {
			t.Errorf("status %v: %v", status, err)
		}
	}
}

// Every tool a prompt names exists.
func TestPromptsNameTools(t *testing.T) {
	named := regexp.MustCompile("`([a-z_]+)`")
	for _, p := range Prompts() {
		text := p.Steps(map[string]string{"site_id": "s", "site_url": "https://acme.com"})
		names := named.FindAllStringSubmatch(text, -1)
		if len(names) < 5 {
			t.Errorf("%s names %d tools", p.Name, len(names))
		}
		for _, m := range names {
			if _, ok := catalog.ByID(m[1]); !ok || m[1] == "create_account" {
				t.Errorf("prompt %s names %q, which is no tool", p.Name, m[1])
			}
		}
	}
}

// A resource URI of a site or an article gives the tool's path parameters.
func TestURIArguments(t *testing.T) {
	article := ToolsNamed("get_article")[0]
	got, ok := uriArguments(article, "rvcontent://sites/s1/articles/a1")
	if !ok || got["site_id"] != "s1" || got["article_id"] != "a1" {
		t.Errorf("article URI: %v %v", got, ok)
	}
	for _, bad := range []string{"rvcontent://sites/s1", "rvcontent://sites/s1/keywords/a1", "https://sites/s1/articles/a1", "rvcontent://sites//articles/a1"} {
		if _, ok := uriArguments(article, bad); ok {
			t.Errorf("%s read as an article", bad)
		}
	}
}

// resolve turns a schema rendered as JSON values into a resolved
// jsonschema.Schema, failing the test when it is not valid.
func resolve(t *testing.T, what string, v map[string]any) *jsonschema.Resolved {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(b, &s); err != nil {
		t.Errorf("%s: %v", what, err)
		return nil
	}
	r, err := s.Resolve(nil)
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return nil
	}
	return r
}
