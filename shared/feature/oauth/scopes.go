package oauth

import (
	"slices"
	"strings"

	"rvcontent/shared/kernel/apipath"
)

// Scopes select identity claims only; none narrows access: every token
// reaches the whole account and all its sites (spec 5).
const (
	// ScopeAccount is always granted: the access token's sub claim is the
	// account id.
	ScopeAccount = "account"
	// ScopeEmail adds the owner's email address as the email claim.
	ScopeEmail = "email"
)

// SupportedScopes lists the scopes in discovery documents.
var SupportedScopes = []string{ScopeAccount, ScopeEmail}

// grantScope returns the scope granted for a requested one: account, plus
// email when asked for; scopes the server does not know are left out rather
// than refused.
func grantScope(requested string) string {
	granted := []string{ScopeAccount}
	if slices.Contains(splitScope(requested), ScopeEmail) {
		granted = append(granted, ScopeEmail)
	}
	return strings.Join(granted, " ")
}

// MCPPath is the MCP server's path: the resource tokens are issued for.
const MCPPath = apipath.MCP

// Resources returns the protected resources of issuer a token may be
// issued for (RFC 8707): the MCP address first, then the agent API root.
// One token works on both.
func Resources(issuer string) []string {
	return []string{issuer + MCPPath, issuer + apipath.Agent}
}

// resourceOf returns the canonical resource a request names: the MCP
// address when it names none; false when it names another one.
func resourceOf(issuer, requested string) (string, bool) {
	if requested == "" {
		return issuer + MCPPath, true
	}
	r := strings.TrimRight(requested, "/")
	return r, slices.Contains(Resources(issuer), r)
}

// splitScope returns the scopes of a space-separated scope string.
func splitScope(scope string) []string { return strings.Fields(scope) }
