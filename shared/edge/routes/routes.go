// Package routes is the service's one route table: every endpoint's method,
// path, Lambda group and credential. The CDK stack creates API Gateway routes
// from it, the dev stack mounts the same groups from it, and a test compares
// it with the spec's endpoint index.
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
	Pages           Group = "pages"            // pages a person opens: claim, sign-in, consent, checkout links, connect pages, the dashboard
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

// agent is a route of the agent API, with what it needs when it needs
// something.
func agent(method, path string, g Group, needs ...billing.Requirement) Route {
	auth := Agent
	if method == "POST" && path == "/accounts" {
		auth = None
	}
	r := Route{Method: method, Path: AgentBase + path, Group: g, Auth: auth}
	if len(needs) > 0 {
		r.Needs = needs[0]
	}
	return r
}

// The Needs column's values. The site of a trial-or-plan or paid route
// must also be usable on the plan, except when adding or restoring a
// Studio site (which is how a site becomes usable) and activating.
var (
	trialOrPlanSite = billing.Requirement{Need: billing.NeedTrialOrPlan, Site: true}
	paidPlanSite    = billing.Requirement{Need: billing.NeedPaidPlan, Site: true}
	paidPlan        = billing.Requirement{Need: billing.NeedPaidPlan}
	trial           = billing.Requirement{Need: billing.NeedTrial}
)

// dashboard is a page of the owner's dashboard: no credential (the page
// checks the owner's session).
func dashboard(method, path string) Route {
	return Route{Method: method, Path: path, Group: Pages, Auth: None}
}

func public(method, path string) Route {
	return Route{Method: method, Path: PublicBase + path, Group: Public, Auth: SiteKey}
}

// Table is every route the service serves.
var Table = []Route{
	// Accounts, agent keys, activity (spec 4.3, 4.4) and jobs (4.1).
	agent("POST", "/accounts", Accounts),
	agent("GET", "/account", Accounts),
	agent("POST", "/account/resend-claim", Accounts),
	agent("DELETE", "/account", Accounts),
	agent("GET", "/agent-keys", Accounts),
	agent("POST", "/agent-keys", Accounts),
	agent("DELETE", "/agent-keys/{id}", Accounts),
	agent("GET", "/activity", Accounts),
	agent("GET", "/jobs", Accounts),
	agent("GET", "/jobs/{job_id}", Accounts),

	// Sites, scans (spec 4.5, 4.6).
	agent("GET", "/sites", Sites),
	agent("GET", "/sites/{site_id}", Sites),
	agent("PATCH", "/sites/{site_id}", Sites),
	agent("GET", "/sites/{site_id}/scan", Sites),
	agent("POST", "/sites/{site_id}/scan", Sites),

	// Studio sites (spec 4.5) and billing (spec 4.9).
	agent("POST", "/sites", Sites, paidPlan),
	agent("DELETE", "/sites/{site_id}", Sites),
	agent("POST", "/sites/{site_id}/restore", Sites, paidPlan),
	agent("GET", "/sites/{site_id}/credits", Content),
	agent("GET", "/billing", Billing),
	agent("POST", "/billing/checkout", Billing),
	agent("POST", "/billing/portal", Billing),
	agent("POST", "/billing/activate", Billing, trial),
	agent("GET", "/billing/studio-quote", Billing),
	// The payment processor's webhooks: signed by the processor, no credential.
	{Method: "POST", Path: PaymentsWebhookPath, Group: PaymentsWebhook, Auth: None},

	// Events and webhooks (spec 4.10).
	agent("GET", "/events", Events),
	agent("GET", "/webhooks", Events),
	agent("POST", "/webhooks", Events),
	agent("PATCH", "/webhooks/{webhook_id}", Events),
	agent("DELETE", "/webhooks/{webhook_id}", Events),
	agent("POST", "/webhooks/{webhook_id}/test", Events),
	// Beyond the spec's index: an endpoint's recent delivery attempts.
	agent("GET", "/webhooks/{webhook_id}/deliveries", Events),

	// Content: research, keywords, rank, articles (spec 4.6, 4.2).
	agent("GET", "/sites/{site_id}/articles", Content),
	agent("POST", "/sites/{site_id}/articles", Content),
	agent("GET", "/sites/{site_id}/articles/{article_id}", Content),
	agent("PATCH", "/sites/{site_id}/articles/{article_id}", Content),
	agent("DELETE", "/sites/{site_id}/articles/{article_id}", Content),
	agent("POST", "/sites/{site_id}/articles/{article_id}/generate", Content, trialOrPlanSite),
	agent("POST", "/sites/{site_id}/articles/{article_id}/rewrite-section", Content),
	agent("GET", "/sites/{site_id}/articles/{article_id}/score", Content),
	agent("POST", "/sites/{site_id}/articles/{article_id}/finish", Content),
	agent("POST", "/sites/{site_id}/articles/{article_id}/publish", Content),
	agent("POST", "/sites/{site_id}/research", Content),
	agent("GET", "/sites/{site_id}/keywords", Content),
	agent("POST", "/sites/{site_id}/keywords", Content),
	agent("DELETE", "/sites/{site_id}/keywords/{keyword_id}", Content),
	agent("GET", "/sites/{site_id}/rank", Content),

	// Autopilot, integrations, site keys (spec 4.2).
	agent("GET", "/sites/{site_id}/autopilot", Content),
	agent("PATCH", "/sites/{site_id}/autopilot", Content),
	agent("GET", "/sites/{site_id}/keys", Content),
	agent("POST", "/sites/{site_id}/keys", Content, trialOrPlanSite),
	agent("DELETE", "/sites/{site_id}/keys/{key_id}", Content),
	agent("GET", "/sites/{site_id}/integrations", Content),
	agent("GET", "/sites/{site_id}/integrations/{integration_id}", Content),
	agent("PATCH", "/sites/{site_id}/integrations/{integration_id}", Content, trialOrPlanSite),
	agent("DELETE", "/sites/{site_id}/integrations/{integration_id}", Content),
	agent("POST", "/sites/{site_id}/integrations/{integration_id}/connect", Content, trialOrPlanSite),
	agent("POST", "/sites/{site_id}/integrations/{integration_id}/sync", Content, trialOrPlanSite),

	// Backlink exchange (spec 4.7).
	agent("GET", "/sites/{site_id}/backlinks", Backlinks),
	agent("PATCH", "/sites/{site_id}/backlinks", Backlinks, paidPlanSite),
	agent("POST", "/sites/{site_id}/backlinks/domain", Backlinks, paidPlanSite),
	agent("POST", "/sites/{site_id}/backlinks/domain/verify", Backlinks, paidPlanSite),
	agent("GET", "/sites/{site_id}/backlinks/targets", Backlinks),
	agent("POST", "/sites/{site_id}/backlinks/targets", Backlinks, paidPlanSite),
	agent("PATCH", "/sites/{site_id}/backlinks/targets/{target_id}", Backlinks, paidPlanSite),
	agent("DELETE", "/sites/{site_id}/backlinks/targets/{target_id}", Backlinks, paidPlanSite),
	agent("GET", "/sites/{site_id}/backlinks/placements", Backlinks),
	agent("DELETE", "/sites/{site_id}/backlinks/placements/{placement_id}", Backlinks),

	// Forum presence (spec 4.8).
	agent("GET", "/sites/{site_id}/forum", Forum),
	agent("PATCH", "/sites/{site_id}/forum", Forum, paidPlanSite),
	agent("POST", "/sites/{site_id}/forum/sweeps", Forum, paidPlanSite),
	agent("GET", "/sites/{site_id}/forum/threads", Forum),
	agent("GET", "/sites/{site_id}/forum/threads/{thread_id}", Forum),
	agent("PATCH", "/sites/{site_id}/forum/threads/{thread_id}", Forum, paidPlanSite),
	agent("POST", "/sites/{site_id}/forum/threads/{thread_id}/drafts", Forum, paidPlanSite),
	agent("PATCH", "/sites/{site_id}/forum/drafts/{draft_id}", Forum, paidPlanSite),
	agent("GET", "/sites/{site_id}/forum/replies", Forum),
	agent("POST", "/sites/{site_id}/forum/replies", Forum, paidPlanSite),

	// Public articles API (public-articles-api.md); OPTIONS answers CORS
	// preflights.
	public("GET", "/ping"),
	public("GET", "/articles"),
	public("GET", "/articles/{id}"),
	public("PATCH", "/articles/{id}"),
	public("OPTIONS", "/ping"),
	public("OPTIONS", "/articles"),
	public("OPTIONS", "/articles/{id}"),

	// OAuth metadata and the authorization server's machine endpoints (spec 5).
	{Method: "GET", Path: "/.well-known/oauth-protected-resource", Group: OAuth, Auth: None},
	{Method: "GET", Path: "/.well-known/oauth-protected-resource/mcp", Group: OAuth, Auth: None}, // RFC 9728 path form for the MCP address
	{Method: "GET", Path: "/.well-known/oauth-authorization-server", Group: OAuth, Auth: None},
	{Method: "POST", Path: "/oauth/register", Group: OAuth, Auth: None},
	{Method: "POST", Path: "/oauth/token", Group: OAuth, Auth: None},
	{Method: "POST", Path: "/oauth/revoke", Group: OAuth, Auth: None},
	// CORS preflights of the machine endpoints, for browser-based clients.
	{Method: "OPTIONS", Path: "/oauth/register", Group: OAuth, Auth: None},
	{Method: "OPTIONS", Path: "/oauth/token", Group: OAuth, Auth: None},
	{Method: "OPTIONS", Path: "/oauth/revoke", Group: OAuth, Auth: None},
	// Pages a person opens (spec 4.3, 4.9, 5): the claim page, the
	// service's own checkout links (when the processor's checkout closes
	// before the 7 days a link lasts), the page that finishes connecting a
	// push integration, the OAuth authorization request and consent, owner
	// sign-in, and the owner's dashboard.
	{Method: "GET", Path: "/claim/{token}", Group: Pages, Auth: None},
	{Method: "POST", Path: "/claim/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/checkout/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/integrations/connect/{token}", Group: Pages, Auth: None},
	{Method: "POST", Path: "/integrations/connect/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/oauth/authorize", Group: Pages, Auth: None},
	{Method: "GET", Path: "/oauth/consent", Group: Pages, Auth: None},
	{Method: "POST", Path: "/oauth/consent", Group: Pages, Auth: None},
	{Method: "GET", Path: "/signin", Group: Pages, Auth: None},
	{Method: "POST", Path: "/signin", Group: Pages, Auth: None},
	{Method: "GET", Path: "/signin/verify", Group: Pages, Auth: None},
	{Method: "POST", Path: "/signin/verify", Group: Pages, Auth: None},
	{Method: "POST", Path: "/signout", Group: Pages, Auth: None},
	// The owner's dashboard: pages behind owner sign-in, the person's twin
	// of the agent API (each page runs its reads and actions as agent-API
	// requests of the signed-in owner).
	dashboard("GET", "/dashboard"),
	dashboard("GET", "/dashboard/activity"),
	dashboard("GET", "/dashboard/billing"),
	dashboard("POST", "/dashboard/billing/activate"),
	dashboard("POST", "/dashboard/billing/checkout"),
	dashboard("POST", "/dashboard/billing/portal"),
	dashboard("POST", "/dashboard/billing/sites"),
	dashboard("GET", "/dashboard/settings"),
	dashboard("GET", "/dashboard/settings/agents"),
	dashboard("POST", "/dashboard/settings/agents"),
	dashboard("POST", "/dashboard/settings/agents/{id}/revoke"),
	dashboard("POST", "/dashboard/settings/delete"),
	dashboard("GET", "/dashboard/settings/webhooks"),
	dashboard("POST", "/dashboard/settings/webhooks"),
	dashboard("GET", "/dashboard/settings/webhooks/{webhook_id}"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}/delete"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}/disable"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}/enable"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}/test"),
	dashboard("GET", "/dashboard/sites/{site_id}"),
	dashboard("GET", "/dashboard/sites/{site_id}/activity"),
	dashboard("GET", "/dashboard/sites/{site_id}/articles"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles"),
	dashboard("GET", "/dashboard/sites/{site_id}/articles/{article_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/delete"),
	dashboard("GET", "/dashboard/sites/{site_id}/articles/{article_id}/edit"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/edit"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/finish"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/generate"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/publish"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/rewrite"),
	dashboard("GET", "/dashboard/sites/{site_id}/articles/{article_id}/score"),
	dashboard("GET", "/dashboard/sites/{site_id}/autopilot"),
	dashboard("POST", "/dashboard/sites/{site_id}/autopilot"),
	dashboard("GET", "/dashboard/sites/{site_id}/backlinks"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/domain"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/domain/verify"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/placements/{placement_id}/remove"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/targets"),
	dashboard("GET", "/dashboard/sites/{site_id}/backlinks/targets/{target_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/targets/{target_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/targets/{target_id}/delete"),
	dashboard("GET", "/dashboard/sites/{site_id}/forum"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/sweeps"),
	dashboard("GET", "/dashboard/sites/{site_id}/forum/threads/{thread_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/threads/{thread_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/threads/{thread_id}/draft"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/threads/{thread_id}/edit"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/threads/{thread_id}/reply"),
	dashboard("GET", "/dashboard/sites/{site_id}/integrations"),
	dashboard("POST", "/dashboard/sites/{site_id}/integrations/{integration_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/integrations/{integration_id}/connect"),
	dashboard("POST", "/dashboard/sites/{site_id}/integrations/{integration_id}/disconnect"),
	dashboard("POST", "/dashboard/sites/{site_id}/integrations/{integration_id}/sync"),
	dashboard("POST", "/dashboard/sites/{site_id}/keys"),
	dashboard("POST", "/dashboard/sites/{site_id}/keys/{key_id}/revoke"),
	dashboard("GET", "/dashboard/sites/{site_id}/keywords"),
	dashboard("POST", "/dashboard/sites/{site_id}/keywords"),
	dashboard("POST", "/dashboard/sites/{site_id}/keywords/{keyword_id}/delete"),
	dashboard("GET", "/dashboard/sites/{site_id}/rank"),
	dashboard("POST", "/dashboard/sites/{site_id}/remove"),
	dashboard("POST", "/dashboard/sites/{site_id}/research"),
	dashboard("GET", "/dashboard/sites/{site_id}/research/{job_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/restore"),
	dashboard("POST", "/dashboard/sites/{site_id}/scan"),
	dashboard("GET", "/dashboard/sites/{site_id}/settings"),
	dashboard("POST", "/dashboard/sites/{site_id}/settings"),

	// MCP server (spec 5). Stateless Streamable HTTP: POST carries every
	// message; GET and DELETE answer 405 once the credential is accepted.
	{Method: "POST", Path: MCPPath, Group: MCP, Auth: Agent},
	{Method: "GET", Path: MCPPath, Group: MCP, Auth: Agent},
	{Method: "DELETE", Path: MCPPath, Group: MCP, Auth: Agent},
	{Method: "OPTIONS", Path: MCPPath, Group: MCP, Auth: None}, // CORS preflight
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
