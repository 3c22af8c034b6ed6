package audit22f

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestOpenAPIRevalidationComparesEntityTagsAsHTTPDoes: the README's
// OpenAPI documents are "served without a credential (Cache-Control:
// public, max-age=3600, an ETag, ...)": the ETag lets a client or cache
// revalidate for a 304 without the body. If-None-Match was compared as
// one exact string, so the forms RFC 9110 (13.1.2) tells a server to
// honour answered the whole document again: the tag weakened (W/"...", as
// a proxy that compresses the answer hands it back), a list of tags the
// cache holds, and "*". A tag of another version still gets the
// document.
func TestOpenAPIRevalidationComparesEntityTagsAsHTTPDoes(t *testing.T) {
	env := testenv.StartQuiet(t)
	c := env.Client()
	for _, path := range []string{"/api/agent/v1/openapi.json", "/api/public/v1/openapi.json"} {
		// The test client accepts gzip, as Go's does: the agent document
		// (over 64 KB) comes gzipped, with its tag made weak, since the
		// gzip is another representation of the same content.
		first := c.Do(t, "GET", path, nil).Expect(t, http.StatusOK)
		etag := strings.TrimPrefix(first.Header.Get("ETag"), "W/")
		if len(etag) < 3 || etag[0] != '"' {
			t.Fatalf("%s: ETag %q", path, first.Header.Get("ETag"))
		}
		if weak := strings.HasPrefix(first.Header.Get("ETag"), "W/"); weak != (len(first.Body) > 64<<10) {
			t.Errorf("%s: ETag %q for %d bytes: weak exactly when it came gzipped", path, first.Header.Get("ETag"), len(first.Body))
		}
		for _, inm := range []string{etag, "W/" + etag, `"older", ` + etag, "*"} {
			r := c.Do(t, "GET", path, nil, "If-None-Match: "+inm)
			if r.Status != http.StatusNotModified || len(r.Body) != 0 || r.Header.Get("ETag") != etag || r.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("%s If-None-Match %s: %d, ETag %q, %d bytes", path, inm, r.Status, r.Header.Get("ETag"), len(r.Body))
			}
		}
		for _, inm := range []string{`"older"`, `W/"older", "other"`} {
			r := c.Do(t, "GET", path, nil, "If-None-Match: "+inm).Expect(t, http.StatusOK)
			if string(r.Body) != string(first.Body) {
				t.Errorf("%s If-None-Match %s: not the document", path, inm)
			}
		}
	}
}

// TestAgentOpenAPIDocumentHasWhatTheREADMESays: the README's agent
// document has "every operation of the spec's endpoint index (and GET
// /webhooks/{webhook_id}/deliveries and GET
// /sites/{site_id}/articles/{article_id}/destinations)", "the
// Idempotency-Key header of every POST, PATCH and DELETE" and
// "x-mcp-tool names each operation's MCP tool (every operation but POST
// /accounts)". The README named only the deliveries operation beside the
// index, though the document (and the MCP tools) have the destinations
// one too, and named the Idempotency-Key header only on POST, though the
// document declares it, and the API honours it, on PATCH and DELETE as
// well; the README now says both. The tools the document names are
// exactly the MCP server's.
func TestAgentOpenAPIDocumentHasWhatTheREADMESays(t *testing.T) {
	env, acct := testenv.StartQuietAccount(t)
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Parameters map[string]struct {
				Name string `json:"name"`
				In   string `json:"in"`
			} `json:"parameters"`
		} `json:"components"`
	}
	env.Client().Do(t, "GET", "/api/agent/v1/openapi.json", nil).Expect(t, http.StatusOK).Decode(t, &doc)
	named := map[string]bool{}
	for path, item := range doc.Paths {
		for method, raw := range item {
			if method != "get" && method != "post" && method != "patch" && method != "delete" {
				continue
			}
			var op struct {
				Tool       string `json:"x-mcp-tool"`
				Parameters []struct {
					Ref  string `json:"$ref"`
					Name string `json:"name"`
					In   string `json:"in"`
				} `json:"parameters"`
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatal(err)
			}
			what := strings.ToUpper(method) + " " + path
			if (op.Tool == "") != (what == "POST /accounts") {
				t.Errorf("%s: x-mcp-tool %q", what, op.Tool)
			}
			if op.Tool != "" {
				named[op.Tool] = true
			}
			keyed := false
			for _, p := range op.Parameters {
				if p.Ref != "" {
					c := doc.Components.Parameters[p.Ref[strings.LastIndex(p.Ref, "/")+1:]]
					p.Name, p.In = c.Name, c.In
				}
				keyed = keyed || (p.In == "header" && p.Name == "Idempotency-Key")
			}
			if keyed != (method != "get") {
				t.Errorf("%s: Idempotency-Key declared %v", what, keyed)
			}
		}
	}
	for _, extra := range []string{"list_webhook_deliveries", "list_article_destinations"} {
		if !named[extra] {
			t.Errorf("no operation of tool %s", extra)
		}
	}
	r, a := mcpPost(t, acct.Client, "application/json", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`)
	var list struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(a.Result, &list); err != nil || a.Error != nil {
		t.Fatalf("tools/list: %s", r.Body)
	}
	served := map[string]bool{}
	for _, tool := range list.Tools {
		served[tool.Name] = true
		if !named[tool.Name] {
			t.Errorf("tool %s is no operation's x-mcp-tool", tool.Name)
		}
	}
	for name := range named {
		if !served[name] {
			t.Errorf("x-mcp-tool %s is not served", name)
		}
	}
}
