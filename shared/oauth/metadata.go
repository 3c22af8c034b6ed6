// Package oauth serves the OAuth 2.1 side of the service (spec 5): the
// protected-resource metadata that every 401 points to, and (in its own
// issue) the authorization server.
package oauth

import (
	"net/http"

	"rvcontent/shared/api"
)

// Metadata serves the discovery documents.
type Metadata struct {
	// BaseURL is the service's public address; empty to derive it from the
	// request.
	BaseURL string
}

// ProtectedResource answers GET /.well-known/oauth-protected-resource
// (RFC 9728).
func (m *Metadata) ProtectedResource(w http.ResponseWriter, r *http.Request) {
	base := api.BaseURL(r, m.BaseURL)
	api.JSON(w, http.StatusOK, map[string]any{
		"resource":                 base + "/mcp",
		"authorization_servers":    []string{base},
		"bearer_methods_supported": []string{"header"},
		"resource_name":            "Content marketing service",
	})
}
