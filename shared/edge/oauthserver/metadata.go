// Package oauthserver serves the OAuth 2.1 authorization server's
// machine-facing HTTP endpoints (spec 5): the discovery documents (RFC 9728,
// RFC 8414), dynamic client registration (RFC 7591), the token endpoint and
// revocation (RFC 7009). Their answers and errors follow the OAuth RFCs
// rather than the agent API's error body. The rules live in the oauth
// feature; the consent page is one of the owner's pages.
package oauthserver

import (
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/oauth"
	"rvcontent/shared/kernel/apipath"
)

// Metadata serves the discovery documents.
type Metadata struct {
	// BaseURL is the service's public address, which is also the issuer;
	// empty to derive it from the request.
	BaseURL string
}

// Discovery paths: the protected resource's metadata, also at its RFC 9728
// path form for the MCP address and for the agent API root (the two
// resources of oauth.Resources), and the authorization server's.
const (
	ProtectedResourcePath      = api.ResourceMetadataPath
	ProtectedResourceMCPPath   = api.ResourceMetadataPath + apipath.MCP
	ProtectedResourceAgentPath = api.ResourceMetadataPath + apipath.Agent
	AuthorizationServerPath    = "/.well-known/oauth-authorization-server"
)

// Handlers returns the discovery documents by route key, with the CORS
// preflights browser-based clients send before reading them with an
// MCP-Protocol-Version header.
func (m *Metadata) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"GET " + ProtectedResourcePath:          m.ProtectedResource,
		"GET " + ProtectedResourceMCPPath:       m.ProtectedResource,
		"GET " + ProtectedResourceAgentPath:     m.AgentAPIResource,
		"GET " + AuthorizationServerPath:        m.AuthorizationServer,
		"OPTIONS " + ProtectedResourcePath:      machineCORS.Preflight,
		"OPTIONS " + ProtectedResourceMCPPath:   machineCORS.Preflight,
		"OPTIONS " + ProtectedResourceAgentPath: machineCORS.Preflight,
		"OPTIONS " + AuthorizationServerPath:    machineCORS.Preflight,
	}
}

// ProtectedResource answers GET /.well-known/oauth-protected-resource
// (RFC 9728): the MCP address is the resource, the service itself its
// authorization server.
func (m *Metadata) ProtectedResource(w http.ResponseWriter, r *http.Request) {
	m.protectedResource(w, r, 0)
}

// AgentAPIResource answers GET
// /.well-known/oauth-protected-resource/api/agent/v1, the RFC 9728 path
// form for the agent API root: the same document naming that root as the
// resource, so a client of the agent API that checks the resource against
// the address it calls (RFC 9728 3.3) finds its own. The same token works
// on both resources.
func (m *Metadata) AgentAPIResource(w http.ResponseWriter, r *http.Request) {
	m.protectedResource(w, r, 1)
}

// protectedResource writes the protected-resource metadata of the
// resource at index of oauth.Resources.
func (m *Metadata) protectedResource(w http.ResponseWriter, r *http.Request, index int) {
	issuer := api.BaseURL(r, m.BaseURL)
	discovery(w, map[string]any{
		"resource":                 oauth.Resources(issuer)[index],
		"authorization_servers":    []string{issuer},
		"bearer_methods_supported": []string{"header"},
		"scopes_supported":         oauth.SupportedScopes,
		"resource_name":            "Content marketing service",
	})
}

// AuthorizationServer answers GET /.well-known/oauth-authorization-server
// (RFC 8414).
func (m *Metadata) AuthorizationServer(w http.ResponseWriter, r *http.Request) {
	issuer := api.BaseURL(r, m.BaseURL)
	discovery(w, map[string]any{
		"issuer":                                         issuer,
		"authorization_endpoint":                         issuer + oauth.AuthorizePath,
		"token_endpoint":                                 issuer + oauth.TokenPath,
		"registration_endpoint":                          issuer + oauth.RegisterPath,
		"revocation_endpoint":                            issuer + oauth.RevokePath,
		"response_types_supported":                       []string{oauth.ResponseTypeCode},
		"response_modes_supported":                       []string{"query"},
		"grant_types_supported":                          []string{oauth.GrantAuthorizationCode, oauth.GrantRefreshToken},
		"token_endpoint_auth_methods_supported":          []string{oauth.AuthMethodNone},
		"revocation_endpoint_auth_methods_supported":     []string{oauth.AuthMethodNone},
		"code_challenge_methods_supported":               []string{oauth.MethodS256},
		"scopes_supported":                               oauth.SupportedScopes,
		"authorization_response_iss_parameter_supported": true,
	})
}

// discovery writes a discovery document: public, cacheable for an hour and
// readable from browser-based clients.
func discovery(w http.ResponseWriter, doc map[string]any) {
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	api.JSON(w, http.StatusOK, doc)
}
