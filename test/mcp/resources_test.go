package mcp

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/mcpserver"
	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// The server offers the two OpenAPI documents, each the same document the
// API serves at its openapi.json, and the site and article templates.
func TestResourcesListTheOpenAPIDocuments(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cs := session(t, env, acct.Key)

	if cs.InitializeResult().Capabilities.Resources == nil || cs.InitializeResult().Capabilities.Prompts == nil {
		t.Fatalf("capabilities %+v", cs.InitializeResult().Capabilities)
	}
	listed := map[string]string{}
	for r, err := range cs.Resources(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed[r.URI] = r.MIMEType
	}
	templates := map[string]bool{}
	for rt, err := range cs.ResourceTemplates(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		templates[rt.URITemplate] = true
	}
	if !templates[mcpserver.SiteURITemplate] || !templates[mcpserver.ArticleURITemplate] {
		t.Errorf("templates %v", templates)
	}
	for uri, path := range map[string]string{mcpserver.AgentOpenAPIURI: routes.AgentOpenAPIPath, mcpserver.PublicOpenAPIURI: routes.PublicOpenAPIPath} {
		if listed[uri] != "application/json" {
			t.Errorf("%s listed as %q", uri, listed[uri])
		}
		res, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: uri})
		if err != nil {
			t.Fatalf("read %s: %v", uri, err)
		}
		served := env.Client().Do(t, "GET", path, nil).Expect(t, http.StatusOK)
		if len(res.Contents) != 1 || res.Contents[0].Text != string(served.Body) {
			t.Errorf("%s differs from GET %s", uri, path)
		}
		if res.CacheScope != "public" {
			t.Errorf("%s: cacheScope %q, want public (the same for everyone)", uri, res.CacheScope)
		}
		if cc := served.Header.Get("Cache-Control"); !strings.HasPrefix(cc, "public, max-age=") || served.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("GET %s: Cache-Control %q, CORS %q", path, cc, served.Header.Get("Access-Control-Allow-Origin"))
		}
		again := env.Client().Do(t, "GET", path, nil, "If-None-Match: "+served.Header.Get("ETag"))
		if again.Status != http.StatusNotModified {
			t.Errorf("GET %s with its ETag: %d", path, again.Status)
		}
	}
}

// A site and an article read by URI answer what get_site and get_article
// answer, through the API with the caller's credential: another
// account's site is not found, like a site that does not exist.
func TestSiteAndArticleResources(t *testing.T) {
	env := testenv.Shared(t)
	acct := newAccount(t, env)
	other := env.NewAccount(t, "")
	cs := session(t, env, acct.Key)

	article := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "Pruning shears that last"}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)

	for uri, path := range map[string]string{
		"rvcontent://sites/" + acct.SiteID:                                         "/sites/" + acct.SiteID,
		"rvcontent://sites/" + acct.SiteID + "/articles/" + article["id"].(string): "/sites/" + acct.SiteID + "/articles/" + article["id"].(string),
	} {
		res, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: uri})
		if err != nil {
			t.Fatalf("read %s: %v", uri, err)
		}
		want := acct.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK)
		if len(res.Contents) != 1 || res.Contents[0].Text != string(want.Body) || res.Contents[0].MIMEType != "application/json" {
			t.Errorf("%s: %+v\nwant %s", uri, res.Contents, want.Body)
		}
		// The account's own data: only the caller's client may cache it.
		if res.CacheScope != "private" {
			t.Errorf("%s: cacheScope %q, want private", uri, res.CacheScope)
		}
	}
	for _, uri := range []string{
		"rvcontent://sites/" + other.SiteID,
		"rvcontent://sites/0195f5a4-7b7e-7c3a-9d51-3c1e2f4a5b6c/articles/" + article["id"].(string),
	} {
		_, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: uri})
		var rpcErr *jsonrpc.Error
		if !errors.As(err, &rpcErr) || rpcErr.Code != sdk.CodeResourceNotFound {
			t.Errorf("read %s: %v, want resource not found", uri, err)
		}
	}
}

// The prompts of the main workflows are listed, and each, given its
// arguments, asks for steps with tools the server has.
func TestPrompts(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	cs := session(t, env, acct.Key)

	tools := map[string]bool{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		tools[tool.Name] = true
	}
	listed := map[string]*sdk.Prompt{}
	for p, err := range cs.Prompts(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed[p.Name] = p
	}
	for name, args := range map[string]map[string]string{
		"onboard_website":    {"site_url": "https://acme.com"},
		"write_next_article": {"site_id": acct.SiteID},
		"forum_sweep":        {"site_id": acct.SiteID, "drafts": "2"},
	} {
		if listed[name] == nil {
			t.Errorf("prompt %s is not listed", name)
			continue
		}
		res, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("get %s: %v", name, err)
		}
		text := res.Messages[0].Content.(*sdk.TextContent).Text
		for _, v := range args {
			if !strings.Contains(text, v) {
				t.Errorf("%s does not mention its argument %q", name, v)
			}
		}
		parts := strings.Split(text, "`")
		for i := 1; i < len(parts); i += 2 {
			if !tools[parts[i]] {
				t.Errorf("%s names %q, which the server does not offer", name, parts[i])
			}
		}
	}
	// A required argument missing, or drafts that is no number, is
	// invalid params.
	for name, args := range map[string]map[string]string{
		"onboard_website":    {},
		"write_next_article": {"site_id": " "},
		"forum_sweep":        {"site_id": acct.SiteID, "drafts": "abc"},
	} {
		_, err := cs.GetPrompt(context.Background(), &sdk.GetPromptParams{Name: name, Arguments: args})
		var rpcErr *jsonrpc.Error
		if !errors.As(err, &rpcErr) || rpcErr.Code != -32602 {
			t.Errorf("get %s with %v: %v, want invalid params", name, args, err)
		}
	}
}
