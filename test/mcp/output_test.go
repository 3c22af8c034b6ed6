package mcp

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// outputSchemas are the output schemas a session's server lists, by tool,
// resolved; read once per session.
var outputSchemas sync.Map // *sdk.ClientSession → func() (map[string]*jsonschema.Resolved, error)

// schemasOf returns the output schemas of the session's server, listing
// the tools at the first call (session calls it at once, while the
// credential works).
func schemasOf(cs *sdk.ClientSession) (map[string]*jsonschema.Resolved, error) {
	load, _ := outputSchemas.LoadOrStore(cs, sync.OnceValues(func() (map[string]*jsonschema.Resolved, error) {
		out := map[string]*jsonschema.Resolved{}
		for tool, err := range cs.Tools(context.Background(), nil) {
			if err != nil {
				return nil, err
			}
			b, _ := json.Marshal(tool.OutputSchema)
			var s jsonschema.Schema
			if err := json.Unmarshal(b, &s); err != nil {
				return nil, err
			}
			r, err := s.Resolve(nil)
			if err != nil {
				return nil, err
			}
			out[tool.Name] = r
		}
		return out, nil
	}))
	return load.(func() (map[string]*jsonschema.Resolved, error))()
}

// checkOutput fails the test unless a successful result's structured
// content fits the output schema the server lists for the tool.
func checkOutput(t testing.TB, cs *sdk.ClientSession, tool string, content map[string]any) {
	t.Helper()
	schemas, err := schemasOf(cs)
	if err != nil {
		t.Fatalf("output schemas: %v", err)
	}
	s, ok := schemas[tool]
	if !ok {
		t.Fatalf("%s lists no output schema", tool)
	}
	if err := s.Validate(content); err != nil {
		b, _ := json.Marshal(content)
		t.Errorf("%s: the result does not fit its output schema: %v\n%.1500s", tool, err, b)
	}
}
