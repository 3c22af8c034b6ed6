package mcpserver

import (
	"regexp"
	"strings"
	"testing"

	"rvcontent/shared/edge/routes"
)

// Every agent-API route that takes a credential, except the MCP server's
// own, is a tool, and every tool is such a route: the tools and the route
// table come from the same catalog.
func TestEveryAgentRouteIsATool(t *testing.T) {
	tools := map[string]bool{}
	for _, tool := range Tools() {
		tools[tool.Route.Key()] = true
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
		if d := tool.Def.Description; !strings.HasSuffix(d, ". ("+tool.Route.Key()+")") {
			t.Errorf("%s: description %q is not a sentence naming the endpoint", name, d)
		}
		if tool.Def.InputSchema == nil || tool.Def.OutputSchema == nil {
			t.Errorf("%s: no input or output schema", name)
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
			if len(ToolsNamed(m[1])) != 1 {
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
