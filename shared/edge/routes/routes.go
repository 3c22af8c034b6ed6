// Package routes is the service's one route table: every endpoint's method,
// path, Lambda group and credential. The CDK stack creates API Gateway routes
// from it, the dev stack mounts the same groups from it, and the groups bind
// their handlers to it. The routes of the two APIs are generated from the
// endpoint catalog (package catalog, operations.go), with each one's plan
// requirement and path parameter kinds; the machine routes (OAuth, the
// payment webhook, the MCP server, the OpenAPI documents) are below and the
// owner's pages in pages.go.
package routes

import (
	"strings"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apipath"
)

// Group names one Lambda function that serves a group of endpoints.
type Group string

// The endpoint groups, one Lambda function each.
const (
	Accounts        Group = "accounts"         // accounts, agent keys, activity, jobs
	Sites           Group = "sites"            // sites and scans
	Content         Group = "content"          // research, keywords, articles, rank, autopilot, integrations, site keys, credits
	Backlinks       Group = "backlinks"        // backlink exchange
	Forum           Group = "forum"            // forum presence
	Billing         Group = "billing"          // billing and Studio quotes
	Events          Group = "events"           // events feed and webhooks
	Public          Group = "public"           // public articles API
	OAuth           Group = "oauth"            // OAuth metadata, registration, token and revocation (JSON)
	Pages           Group = "pages"            // pages a person opens: claim, sign-in, consent, checkout and portal links, connect pages, the dashboard
	MCP             Group = "mcp"              // MCP server
	PaymentsWebhook Group = "payments-webhook" // the payment processor's webhooks
)

// Auth says which credential a route needs.
type Auth int

// Credential kinds.
const (
	None    Auth = iota // no credential (account creation, metadata, owner pages)
	Agent               // agent key or OAuth access token, Bearer only
	SiteKey             // site key, Bearer or X-Api-Key
)

// Route is one endpoint.
type Route struct {
	// Op names the operation of the endpoint catalog the route serves (the
	// MCP tool's name); empty outside the two APIs.
	Op     string
	Method string
	Path   string // full path from the base URL, with {name} parameters
	Group  Group
	Auth   Auth
	// Needs is what the account must have (spec 4.2, Needs column), and
	// whether the route's site must be usable on the plan; the zero value
	// needs nothing.
	Needs billing.Requirement
}

// Pattern returns the route as a net/http ServeMux pattern ("GET /path").
func (r Route) Pattern() string { return r.Method + " " + r.Path }

// Key returns the route as an API Gateway route key ("GET /path").
func (r Route) Key() string { return r.Method + " " + r.Path }

// Params returns the names of the path's parameters in order.
func (r Route) Params() []string {
	var names []string
	for _, seg := range strings.Split(r.Path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			names = append(names, strings.TrimSuffix(strings.TrimPrefix(seg, "{"), "}"))
		}
	}
	return names
}

// AgentBase is the agent API's root path.
const AgentBase = apipath.Agent

// PublicBase is the public articles API's root path.
const PublicBase = apipath.Public

// MCPPath is the MCP server's address.
const MCPPath = apipath.MCP

// PaymentsWebhookPath is where the payment processor sends its webhooks.
const PaymentsWebhookPath = "/webhooks/payments"

// DefaultGroup serves every request no route matches (API Gateway's $default
// route): a JSON 404.
const DefaultGroup = Accounts

// Table is every route the service serves: the two APIs' (from the
// catalog), the machine routes and the owner's pages.
var Table = join(apiRoutes, machineRoutes, pageRoutes)

// AgentOpenAPIPath and PublicOpenAPIPath are where the two APIs' OpenAPI
// documents are served.
const (
	AgentOpenAPIPath  = AgentBase + "/openapi.json"
	PublicOpenAPIPath = PublicBase + "/openapi.json"
)

// OpenCheckoutSession opens the processor's checkout behind a checkout
// link token: 200 {url}, or the API's error body (404 not_found, 409
// conflict, 503 unavailable).
var OpenCheckoutSession = Route{Method: "POST", Path: "/checkout/{token}/session", Group: Billing, Auth: None}

// OpenPortalSession opens a session of the processor's billing portal
// behind a portal link token: 200 {url}, or the API's error body (404
// not_found, 409 conflict, 503 unavailable).
var OpenPortalSession = Route{Method: "POST", Path: "/portal/{token}/session", Group: Billing, Auth: None}

// machineRoutes are the routes outside the two APIs that machines call.
var machineRoutes = []Route{
	// The OpenAPI documents of the two APIs: public, no credential.
	{Method: "GET", Path: AgentOpenAPIPath, Group: Accounts, Auth: None},
	{Method: "GET", Path: PublicOpenAPIPath, Group: Public, Auth: None},

	// The payment processor's webhooks: signed by the processor, no credential.
	{Method: "POST", Path: PaymentsWebhookPath, Group: PaymentsWebhook, Auth: None},

	// The opening of a checkout or portal link for its page (GET
	// /checkout/{token}, GET /portal/{token}): the billing function opens
	// the processor's session behind the token (the credential) and
	// answers {url}, so the pages function links no payment processor's
	// client.
	OpenCheckoutSession,
	OpenPortalSession,

	// OAuth metadata and the authorization server's machine endpoints (spec 5).
	{Method: "GET", Path: "/.well-known/oauth-protected-resource", Group: OAuth, Auth: None},
	{Method: "GET", Path: "/.well-known/oauth-protected-resource/mcp", Group: OAuth, Auth: None},          // RFC 9728 path form for the MCP address
	{Method: "GET", Path: "/.well-known/oauth-protected-resource/api/agent/v1", Group: OAuth, Auth: None}, // and for the agent API root
	{Method: "GET", Path: "/.well-known/oauth-authorization-server", Group: OAuth, Auth: None},
	{Method: "POST", Path: "/oauth/register", Group: OAuth, Auth: None},
	{Method: "POST", Path: "/oauth/token", Group: OAuth, Auth: None},
	{Method: "POST", Path: "/oauth/revoke", Group: OAuth, Auth: None},
	// CORS preflights of the machine endpoints, for browser-based clients.
	{Method: "OPTIONS", Path: "/.well-known/oauth-protected-resource", Group: OAuth, Auth: None},
	{Method: "OPTIONS", Path: "/.well-known/oauth-protected-resource/mcp", Group: OAuth, Auth: None},
	{Method: "OPTIONS", Path: "/.well-known/oauth-protected-resource/api/agent/v1", Group: OAuth, Auth: None},
	{Method: "OPTIONS", Path: "/.well-known/oauth-authorization-server", Group: OAuth, Auth: None},
	{Method: "OPTIONS", Path: "/oauth/register", Group: OAuth, Auth: None},
	{Method: "OPTIONS", Path: "/oauth/token", Group: OAuth, Auth: None},
	{Method: "OPTIONS", Path: "/oauth/revoke", Group: OAuth, Auth: None},

	// MCP server (spec 5). Stateless Streamable HTTP: POST carries every
	// message; GET and DELETE answer 405 once the credential is accepted.
	{Method: "POST", Path: MCPPath, Group: MCP, Auth: Agent},
	{Method: "GET", Path: MCPPath, Group: MCP, Auth: Agent},
	{Method: "DELETE", Path: MCPPath, Group: MCP, Auth: Agent},
	{Method: "OPTIONS", Path: MCPPath, Group: MCP, Auth: None}, // CORS preflight
}

// join returns the lists one after another.
func join(lists ...[]Route) []Route {
	var out []Route
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// ForGroup returns the routes of group g in table order.
func ForGroup(g Group) []Route {
	var out []Route
	for _, r := range Table {
		if r.Group == g {
			out = append(out, r)
		}
	}
	return out
}

// Groups returns every group that has at least one route, in table order.
func Groups() []Group {
	seen := map[Group]bool{}
	var out []Group
	for _, r := range Table {
		if !seen[r.Group] {
			seen[r.Group] = true
			out = append(out, r.Group)
		}
	}
	return out
}

// AgentGroups returns the groups that serve agent-API routes (the MCP
// server's tools run in them), in table order.
func AgentGroups() []Group {
	seen := map[Group]bool{}
	var out []Group
	for _, r := range Table {
		if r.Auth == Agent && r.Group != MCP && !seen[r.Group] {
			seen[r.Group] = true
			out = append(out, r.Group)
		}
	}
	return out
}
