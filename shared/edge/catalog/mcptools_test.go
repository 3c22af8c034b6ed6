package catalog

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// Every tool's input and output schemas are valid JSON Schemas (they
// resolve, $defs included); the input is an object requiring the path
// parameters, offering idempotency_key on a POST only; the output is an
// object.
func TestSchemas(t *testing.T) {
	for _, tool := range Tools() {
		name := tool.ID
		ri, ro := resolve(t, name+" input", tool.ToolInputSchema()), resolve(t, name+" output", tool.ToolOutputSchema())
		if ri == nil || ro == nil {
			continue
		}
		in, out := ri.Schema(), ro.Schema()
		if in.Type != "object" || out.Type != "object" {
			t.Errorf("%s: input type %q, output type %q", name, in.Type, out.Type)
		}
		required := strings.Join(in.Required, ",")
		for _, p := range tool.Params() {
			if !strings.Contains(","+required+",", ","+p.Name+",") || in.Properties[p.Name].Type != "string" {
				t.Errorf("%s: path parameter %q is not a required string", name, p.Name)
			}
		}
		_, hasKey := in.Properties[IdempotencyArgument]
		if hasKey != Keyed(tool.Method) {
			t.Errorf("%s: idempotency_key offered %v on a %s", name, hasKey, tool.Method)
		}
	}
}

// The limits of a tool's arguments are the domain's (through the catalog):
// a title over articles.MaxTitle is refused by the schema.
func TestInputLimitsAreTheDomains(t *testing.T) {
	s := resolve(t, "create_article", opNamed(t, "create_article").ToolInputSchema())
	long := strings.Repeat("x", 201)
	if err := s.Validate(map[string]any{"site_id": "0195f5a4-7b7e-7c3a-9d51-3c1e2f4a5b6c", "title": long}); err == nil {
		t.Error("a 201-character title fits the input schema")
	}
	if err := s.Validate(map[string]any{"site_id": "0195f5a4-7b7e-7c3a-9d51-3c1e2f4a5b6c", "title": "Fine", "tags": "a,b"}); err == nil {
		t.Error("tags as a string fit the input schema")
	}
	l := resolve(t, "list_articles", opNamed(t, "list_articles").ToolInputSchema())
	for _, status := range []any{"scheduled,finished", []any{"scheduled", "finished"}} {
		if err := l.Validate(map[string]any{"site_id": "s", "status": status}); err != nil {
			t.Errorf("status %v: %v", status, err)
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

// opNamed returns the operation id.
func opNamed(t *testing.T, id string) Operation {
	t.Helper()
	o, ok := ByID(id)
	if !ok {
		t.Fatalf("no operation %s", id)
	}
	return o
}
