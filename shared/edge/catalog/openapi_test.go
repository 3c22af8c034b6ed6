package catalog

import (
	"context"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// Each document loads as OpenAPI 3.1 and is valid, its examples fitting
// their schemas (kin-openapi's validation; make test also runs
// openapi-spec-validator on the files).
func TestDocumentsAreValidOpenAPI31(t *testing.T) {
	for _, api := range []API{AgentAPI, PublicAPI} {
		b, err := OpenAPI(api)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := openapi3.NewLoader().LoadFromData(b)
		if err != nil {
			t.Fatalf("%s: %v", OpenAPIFiles[api], err)
		}
		if !doc.IsOpenAPI31OrLater() {
			t.Errorf("%s: openapi %q", OpenAPIFiles[api], doc.OpenAPI)
		}
		if err := doc.Validate(context.Background()); err != nil {
			t.Errorf("%s: %v", OpenAPIFiles[api], err)
		}
	}
}
