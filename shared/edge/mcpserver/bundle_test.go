package mcpserver

import (
	"encoding/json"
	"testing"
)

// The tools read alone are the bundle's tools, schemas included as the
// JSON objects the catalog wrote; the documents read after them are both
// OpenAPI documents.
func TestToolsReadWithoutTheDocuments(t *testing.T) {
	tools, err := readTools()
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) < 50 {
		t.Fatalf("%d tools", len(tools))
	}
	for _, tool := range tools {
		var in, out struct {
			Type string `json:"type"`
		}
		raw, _ := tool.InputSchema.(json.RawMessage)
		if err := json.Unmarshal(raw, &in); err != nil || in.Type != "object" {
			t.Errorf("%s: input schema %.80s (%v)", tool.Name, raw, err)
		}
		raw, _ = tool.OutputSchema.(json.RawMessage)
		if err := json.Unmarshal(raw, &out); err != nil || out.Type != "object" {
			t.Errorf("%s: output schema %.80s (%v)", tool.Name, raw, err)
		}
		if tool.Description == "" || tool.Annotations == nil {
			t.Errorf("%s: description %q, annotations %v", tool.Name, tool.Description, tool.Annotations)
		}
	}
	docs, err := loadDocuments()
	if err != nil {
		t.Fatal(err)
	}
	for _, api := range []string{"agent", "public"} {
		var doc struct {
			OpenAPI string `json:"openapi"`
		}
		if err := json.Unmarshal([]byte(docs[api]), &doc); err != nil || doc.OpenAPI == "" {
			t.Errorf("document %s: %.80s (%v)", api, docs[api], err)
		}
	}
}

// BenchmarkColdServer is what the MCP function's first authenticated
// request pays in a new instance before it can answer: reading the tools
// from the embedded bundle and registering them with the SDK's server.
func BenchmarkColdServer(b *testing.B) {
	for b.Loop() {
		tools, err := readTools()
		if err != nil {
			b.Fatal(err)
		}
		var ts []Tool
		for _, def := range tools {
			ts = append(ts, Tool{Def: def})
		}
		New(Options{Tools: ts}).build()
	}
}
