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

// sharesEmail reports whether a granted scope gives the app the owner's
// email address (the access token's email claim).
func sharesEmail(scope string) bool { return slices.Contains(splitScope(scope), ScopeEmail) }

// SharesEmail reports whether the app gets the owner's email address (the
// access token's email claim) once the owner approves r: the consent page
// says so.
func (r Request) SharesEmail() bool { return sharesEmail(r.Scope) }

// MCPPath is the MCP server's path: the resource tokens are issued for.
const MCPPath = apipath.MCP

// Resources returns the protected resources of issuer a token may be
// issued for (RFC 8707): the MCP address first, then the agent API root.
// One token works on both.
func Resources(issuer string) []string {
	return []string{issuer + MCPPath, issuer + apipath.Agent}
}

// resourceOf returns the canonical resource a request names: the MCP
// address when it names none; false when it names another one. Scheme and
// host compare in any case (RFC 3986 6.2.2.1: HTTPS://HOST/mcp is the MCP
// address), the path exactly.
func resourceOf(issuer, requested string) (string, bool) {
	if requested == "" {
		return issuer + MCPPath, true
	}
	r := caseNormal(strings.TrimRight(requested, "/"))
	for _, res := range Resources(issuer) {
		if caseNormal(res) == r {
			return res, true
		}
	}
	return r, false
}

// caseNormal returns URL u with its scheme and authority in lowercase, as
// RFC 3986 6.2.2.1 compares them; the rest stays as written.
func caseNormal(u string) string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return u
	}
	authority, path, hasPath := strings.Cut(rest, "/")
	out := strings.ToLower(scheme) + "://" + strings.ToLower(authority)
	if hasPath {
		out += "/" + path
	}
	return out
}

// splitScope returns the scopes of a space-separated scope string.
func splitScope(scope string) []string { return strings.Fields(scope) }
