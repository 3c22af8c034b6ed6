package mcpserver

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rvcontent/shared/edge/routes"
)

// The resources' URIs.
const (
	// AgentOpenAPIURI and PublicOpenAPIURI are the two APIs' OpenAPI
	// documents, as the service serves them.
	AgentOpenAPIURI  = "rvcontent://openapi/agent-api.json"
	PublicOpenAPIURI = "rvcontent://openapi/public-articles-api.json"
	// SiteURITemplate and ArticleURITemplate name a site and an article;
	// reading one answers what get_site and get_article answer.
	SiteURITemplate    = "rvcontent://sites/{site_id}"
	ArticleURITemplate = "rvcontent://sites/{site_id}/articles/{article_id}"
	// siteResourcePrefix begins the URI of every resource of an account.
	siteResourcePrefix = "rvcontent://sites/"
)

// documents names the OpenAPI documents of the catalog bundle by URI:
// the same bytes the API functions serve.
var documents = map[string]string{AgentOpenAPIURI: "agent", PublicOpenAPIURI: "public"}

// addResources offers the OpenAPI documents and the site and article
// templates.
func (s *Server) addResources(srv *mcp.Server) {
	docs := []struct{ uri, name, title string }{
		{AgentOpenAPIURI, "agent_api_openapi", "Agent API (OpenAPI 3.1)"},
		{PublicOpenAPIURI, "public_articles_api_openapi", "Public articles API (OpenAPI 3.1)"},
	}
	for _, d := range docs {
		srv.AddResource(&mcp.Resource{
			URI: d.uri, Name: d.name, Title: d.title, MIMEType: "application/json",
			Description: "The OpenAPI 3.1 document the service serves for this API: every operation, its parameters, request body, answers and errors.",
		}, readDocument)
	}
	srv.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: SiteURITemplate, Name: "site", Title: "Site", MIMEType: "application/json",
		Description: "A site of the account, as get_site returns it: {site}.",
	}, s.readThrough("get_site"))
	srv.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: ArticleURITemplate, Name: "article", Title: "Article", MIMEType: "application/json",
		Description: "An article with its body, as get_article returns it: {article}.",
	}, s.readThrough("get_article"))
}

// readDocument reads an OpenAPI document.
func readDocument(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	doc, ok := must(loadDocuments())[documents[req.Params.URI]]
	if !ok {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: doc}}}, nil
}

// readThrough returns the reader of a resource template whose URI's
// variables are the path parameters of tool: the read is the tool's call,
// run in the operation's own function as the caller, so the API's access
// rules apply (another account's site is not found).
func (s *Server) readThrough(tool string) mcp.ResourceHandler {
	t := ToolsNamed(tool)[0]
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		uri := req.Params.URI
		args, ok := uriArguments(t, uri)
		if !ok {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		raw, _ := json.Marshal(args)
		rec := s.run(ctx, t, req.Extra, raw)
		switch {
		case rec.status == http.StatusNotFound:
			return nil, mcp.ResourceNotFoundError(uri)
		case rec.status >= 300:
			return nil, rec.rpcError()
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: rec.body.String()}}}, nil
	}
}

// uriArguments reads the path parameters of t from a resource URI of the
// form rvcontent://<the operation's path below the API root>.
func uriArguments(t Tool, uri string) (map[string]string, bool) {
	rest, ok := strings.CutPrefix(uri, "rvcontent:/")
	if !ok {
		return nil, false
	}
	want, got := strings.Split(strings.TrimPrefix(t.Route.Path, routes.AgentBase), "/"), strings.Split(rest, "/")
	if len(want) != len(got) {
		return nil, false
	}
	args := map[string]string{}
	for i, seg := range want {
		if name, ok := strings.CutPrefix(seg, "{"); ok {
			if got[i] == "" {
				return nil, false
			}
			args[strings.TrimSuffix(name, "}")] = got[i]
		} else if seg != got[i] {
			return nil, false
		}
	}
	return args, true
}
