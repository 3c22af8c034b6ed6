package mcpserver

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// catalogBundle is what the endpoint catalog makes for the MCP server
// (make generate writes it; a catalog test keeps it current): every tool's
// definition, with its input and output schemas, and the two OpenAPI
// documents. The function embeds it rather than linking the catalog.
//
//go:embed catalog.json.gz
var catalogBundle []byte

// bundle is the catalog bundle, read at its first use.
type bundle struct {
	Tools     []*mcp.Tool       `json:"tools"`
	Documents map[string]string `json:"documents"`
}

var loadBundle = sync.OnceValues(func() (*bundle, error) {
	r, err := gzip.NewReader(bytes.NewReader(catalogBundle))
	if err != nil {
		return nil, err
	}
	js, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var b bundle
	if err := json.Unmarshal(js, &b); err != nil {
		return nil, err
	}
	return &b, nil
})

// theBundle returns the catalog bundle; it panics when the embedded file
// cannot be read, which its tests would have caught.
func theBundle() *bundle {
	b, err := loadBundle()
	if err != nil {
		panic("mcpserver: the catalog bundle cannot be read: " + err.Error())
	}
	return b
}
