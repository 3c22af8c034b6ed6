package mcpserver

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// catalogBundle is what the endpoint catalog makes for the MCP server
// (make generate writes it; a catalog test keeps it current): every tool's
// definition, with its input and output schemas, then the two OpenAPI
// documents. The function embeds it rather than linking the catalog.
//
//go:embed catalog.json.gz
var catalogBundle []byte

// toolJSON is a tool's definition as the bundle holds it. Its schemas stay
// the JSON they are: the SDK sends them as they are in tools/list, and
// checks them by reading them again, so decoding them into maps would only
// make that slower.
type toolJSON struct {
	mcp.Tool
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
}

// loadTools reads the bundle's tools once (readTools).
var loadTools = sync.OnceValues(readTools)

// readTools reads the bundle's tools, and only them: the documents after
// them (two thirds of the bundle) are neither decompressed nor decoded
// until a resource asks for one (loadDocuments).
func readTools() ([]*mcp.Tool, error) {
	dec, err := bundleDecoder()
	if err != nil {
		return nil, err
	}
	if err := expectKey(dec, "tools"); err != nil {
		return nil, err
	}
	var defs []toolJSON
	if err := dec.Decode(&defs); err != nil {
		return nil, err
	}
	tools := make([]*mcp.Tool, len(defs))
	for i := range defs {
		t := defs[i].Tool
		t.InputSchema = defs[i].InputSchema
		if len(defs[i].OutputSchema) > 0 {
			t.OutputSchema = defs[i].OutputSchema
		}
		tools[i] = &t
	}
	return tools, nil
}

// loadDocuments reads the bundle's OpenAPI documents by API ("agent",
// "public").
var loadDocuments = sync.OnceValues(func() (map[string]string, error) {
	dec, err := bundleDecoder()
	if err != nil {
		return nil, err
	}
	var b struct {
		Tools     json.RawMessage   `json:"tools"`
		Documents map[string]string `json:"documents"`
	}
	if err := dec.Decode(&b); err != nil {
		return nil, err
	}
	return b.Documents, nil
})

// bundleDecoder reads the bundle as it is decompressed.
func bundleDecoder() (*json.Decoder, error) {
	r, err := gzip.NewReader(bytes.NewReader(catalogBundle))
	if err != nil {
		return nil, err
	}
	return json.NewDecoder(r), nil
}

// errBundleShape is a bundle that does not open with its tools.
var errBundleShape = errors.New(`mcpserver: the catalog bundle does not open with "tools": run make generate`)

// expectKey reads the opening of the bundle's object and its first key,
// which must be key.
func expectKey(dec *json.Decoder, key string) error {
	for _, want := range []any{json.Delim('{'), key} {
		tok, err := dec.Token()
		if err == io.EOF || (err == nil && tok != want) {
			return errBundleShape
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// must returns v; it panics when the embedded bundle cannot be read, which
// its tests would have caught.
func must[T any](v T, err error) T {
	if err != nil {
		panic("mcpserver: the catalog bundle cannot be read: " + err.Error())
	}
	return v
}
