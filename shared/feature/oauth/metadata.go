// Package oauth is the service's OAuth 2.1 authorization server (spec 5):
// discovery documents (RFC 9728, RFC 8414), dynamic client registration
// (RFC 7591), authorization requests with PKCE S256, the owner's answer on
// the consent page, the token endpoint (authorization code and rotating
// refresh tokens), revocation (RFC 7009), and the authenticator that
// accepts its JWT access tokens next to agent keys. Every app connection
// is a credential of type oauth (package credentials): it shares the
// account's limit, list and one-read lookup with agent keys.
package oauth

import (
	"net/http"

	"rvcontent/shared/edge/api"
)

// The authorization server's paths under the issuer.
const (
	AuthorizePath = "/oauth/authorize"
	ConsentPath   = "/oauth/consent"
	TokenPath     = "/oauth/token"
	RegisterPath  = "/oauth/register"
	RevokePath    = "/oauth/revoke"
)

// Metadata serves the discovery documents.
type Metadata struct {
	// BaseURL is the service's public address, which is also the issuer;
	// empty to derive it from the request.
	BaseURL string
}

// ProtectedResource answers GET /.well-known/oauth-protected-resource
// (RFC 9728): the MCP address is the resource, the service itself its
// authorization server.
func (m *Metadata) ProtectedResource(w http.ResponseWriter, r *http.Request) {
	issuer := api.BaseURL(r, m.BaseURL)
	discovery(w, map[string]any{
		"resource":                 Resources(issuer)[0],
		"authorization_servers":    []string{issuer},
		"bearer_methods_supported": []string{"header"},
		"scopes_supported":         SupportedScopes,
		"resource_name":            "Content marketing service",
	})
}

// AuthorizationServer answers GET /.well-known/oauth-authorization-server
// (RFC 8414).
func (m *Metadata) AuthorizationServer(w http.ResponseWriter, r *http.Request) {
	issuer := api.BaseURL(r, m.BaseURL)
	discovery(w, map[string]any{
		"issuer":                                         issuer,
		"authorization_endpoint":                         issuer + AuthorizePath,
		"token_endpoint":                                 issuer + TokenPath,
		"registration_endpoint":                          issuer + RegisterPath,
		"revocation_endpoint":                            issuer + RevokePath,
		"response_types_supported":                       []string{ResponseTypeCode},
		"response_modes_supported":                       []string{"query"},
		"grant_types_supported":                          []string{GrantAuthorizationCode, GrantRefreshToken},
		"token_endpoint_auth_methods_supported":          []string{AuthMethodNone},
		"revocation_endpoint_auth_methods_supported":     []string{AuthMethodNone},
		"code_challenge_methods_supported":               []string{MethodS256},
		"scopes_supported":                               SupportedScopes,
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
