package catalog

import (
	"fmt"
	"net/http"
	"regexp"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
)

// actorFilter is GET /activity's actor_id: the id of an actor, a UUID in
// any case (an agent key, an app connection, a site key, or the owner's
// account id), or the service's own; the service refuses any other value
// with 422 (activity.Log.List), so the document does too.
func actorFilter() Field {
	f := text("actor_id", "Only entries of this actor: the id of an agent key, an app connection, a site key or the owner (the account's id), or "+auth.ServiceID+" for the service's own work.", 0, 0)
	f.Schema.Pattern = `^(?:` + regexp.QuoteMeta(auth.ServiceID) + `|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$`
	return f
}

// Page sizes (spec 4.1).
const (
	defaultLimit = api.DefaultLimit
	maxLimit     = api.MaxLimit
)

// agentFields are the agent's fields of POST /accounts (under agent) and
// POST /agent-keys. The optional ones take null as omitted, as the service
// reads them: BodySchema says so of a POST's own fields, and these are also
// the fields of POST /accounts' nested agent object, which it does not
// reach.
func agentFields() []Field {
	return []Field{
		text("name", "The agent's name.", accounts.MinAgentName, accounts.MaxAgentName).required().example("My agent"),
		text("operator", "Who runs the agent.", 0, accounts.MaxOperator).nullable(),
		link("contact_url", "An https page where the agent's operator can be reached.", accounts.MaxURL).nullable(),
	}
}

// accountOps are accounts, agent keys, activity (spec 4.3, 4.4) and jobs
// (4.1).
func accountOps() []Operation {
	const tag = "Accounts"
	return []Operation{
		{
			ID: "create_account", API: AgentAPI, Method: http.MethodPost, Path: "/accounts", Group: routes.Accounts, Tag: tag, Anonymous: true,
			Summary:     "create account (no auth)",
			Description: "Creates the account, its primary site and an agent key, starts the website scan and emails the owner a claim link. Needs no credential; the agent key is in this answer only.",
			Body: []Field{
				text("email", "The owner's email, in ASCII before the @ (mail is sent to no other); disposable addresses are refused.", 0, accounts.MaxEmail).required().example("owner@example.com"),
				link("site_url", "The website's public http or https address.", accounts.MaxURL).required().example("https://acme.com"),
				text("site_name", "The brand name; read from the site when omitted.", 1, sites.MaxBrandName),
				text("site_description", "What the product does; written from the site when omitted.", 0, sites.MaxProductDescription),
				object("agent", "The agent creating the account.", agentFields()...).required(),
			},
			Status: http.StatusCreated,
			Response: wrap(
				prop("account", accountShape()), prop("site", siteShape()),
				prop("scan_job_id", str("The first scan's job.", 0, 0)),
				prop("agent_key", agentKeyShape()),
				prop("claim_url", str("The link the owner opens to claim the account (also emailed).", 0, 0)),
			),
			Fails: []Error{
				fails(409, apperr.AccountExists, "the email already has an account"),
				fails(429, apperr.RateLimited, "too many accounts from this address this hour"),
			},
			Example: &Example{
				Request: map[string]any{"email": "owner@example.com", "site_url": "https://acme.com", "agent": map[string]any{"name": "My agent"}},
			},
		},
		{
			ID: "get_account", API: AgentAPI, Method: http.MethodGet, Path: "/account", Group: routes.Accounts, Tag: tag,
			Summary:     "get account",
			Description: "Returns the account this credential belongs to; a cheap way to check the credential.",
			Status:      http.StatusOK, Response: one("account", accountShape()),
		},
		{
			ID: "resend_claim_email", API: AgentAPI, Method: http.MethodPost, Path: "/account/resend-claim", Group: routes.Accounts, Tag: tag,
			Summary:     "resend claim email",
			Description: fmt.Sprintf("Emails the owner a new claim link (at most %d a day; conflict once the account is claimed) and returns {sent, claim_url}.", accounts.MaxClaimResends),
			Status:      http.StatusOK,
			Response:    wrap(prop("sent", &Schema{Type: "boolean"}), prop("claim_url", str("", 0, 0))),
			Fails: []Error{
				errConflict("the account is already claimed"),
				fails(429, apperr.RateLimited, fmt.Sprintf("%d claim emails were sent today", accounts.MaxClaimResends)),
			},
		},
		{
			ID: "delete_account", API: AgentAPI, Method: http.MethodDelete, Path: "/account", Group: routes.Accounts, Tag: tag,
			Summary:     "delete account (owner only)",
			Description: "Always answers human_required with action_url: only the signed-in owner can delete the account.",
			Status:      http.StatusOK, Response: &Schema{Type: "object", Description: "Never answered: see 403 human_required."},
			Fails: []Error{fails(403, apperr.HumanRequired, "always: only the signed-in owner can delete the account (action_url: the dashboard's settings)")},
		},
		{
			ID: "list_agent_keys", API: AgentAPI, Method: http.MethodGet, Path: "/agent-keys", Group: routes.Accounts, Tag: tag,
			Summary:     "list keys and connections",
			Description: "Lists the account's active agent keys and OAuth connections, oldest first.",
			Query:       page(), Status: http.StatusOK, Response: listOf("agent_keys", agentKeyShape()),
		},
		{
			ID: "create_agent_key", API: AgentAPI, Method: http.MethodPost, Path: "/agent-keys", Group: routes.Accounts, Tag: tag,
			Summary:     "create key",
			Description: fmt.Sprintf("Creates an agent key (at most %d keys and connections per account) and emails the owner; the secret key is in this answer only.", credentials.MaxActive),
			Body:        agentFields(), Status: http.StatusCreated, Response: one("agent_key", agentKeyShape()),
			Fails: []Error{errConflict(fmt.Sprintf("the account has %d active keys and connections", credentials.MaxActive))},
		},
		{
			ID: "revoke_agent_key", API: AgentAPI, Method: http.MethodDelete, Path: "/agent-keys/{id}", Group: routes.Accounts, Tag: tag,
			Summary:     "revoke key or connection",
			Description: "Revokes an agent key or disconnects an OAuth app at once and disables the webhook endpoints it created; a credential may revoke itself.",
			Status:      http.StatusOK, Response: revoked(),
		},
		{
			ID: "list_activity", API: AgentAPI, Method: http.MethodGet, Path: "/activity", Group: routes.Accounts, Tag: tag,
			Summary:     "activity log",
			Description: "Lists the activity log (who changed what, through which credential), newest first, kept 365 days.",
			Query: paged(
				actorFilter(),
				text("site_id", "Only entries about this site.", 0, 0),
				timestamp("since", "Only entries at or after this ISO 8601 timestamp."),
			),
			Status: http.StatusOK, Response: listOf("activity", activityShape()),
			Fails: []Error{errSiteFilter},
		},
		{
			ID: "get_job", API: AgentAPI, Method: http.MethodGet, Path: "/jobs/{job_id}", Group: routes.Accounts, Tag: "Jobs",
			Summary:     "get job",
			Description: "Returns a job with its status, result once completed, or error once failed; wait holds the answer until the job ends.",
			Query: []Field{
				integer("wait", fmt.Sprintf("Seconds to wait for the job to end before answering (the answer comes after at most %d seconds).", int(jobs.MaxWait.Seconds())), 0, jobs.MaxWaitParam).withDefault(0),
			},
			Status: http.StatusOK, Response: one("job", jobShape()),
			Example: &Example{Response: map[string]any{"job": map[string]any{
				"id": "0195f5a4-7b7e-7c3a-9d51-3c1e2f4a5b6c", "kind": "article.generate", "status": "completed", "site_id": "0195f5a4-7b7e-7c3a-9d51-3c1e2f4a0001",
				"created_at": "2026-11-26T09:00:00.000000Z", "started_at": "2026-11-26T09:00:01.000000Z", "finished_at": "2026-11-26T09:00:09.000000Z",
				"updated_at": "2026-11-26T09:00:09.000000Z", "attempts": 1, "result": map[string]any{"credits_spent": 1}, "error": nil,
			}}},
		},
		{
			ID: "list_jobs", API: AgentAPI, Method: http.MethodGet, Path: "/jobs", Group: routes.Accounts, Tag: "Jobs",
			Summary:     "list jobs",
			Description: "Lists the account's asynchronous jobs (scans, research, writing, syncs, sweeps), newest first.",
			Query: paged(
				text("site_id", "Only jobs of this site.", 0, 0),
				commaList("kind", "Only jobs of these kinds.", jobs.Kinds...),
				commaList("status", "Only jobs in these statuses.", jobs.Statuses...),
			),
			Status: http.StatusOK, Response: listOf("jobs", jobShape()),
			Fails: []Error{errSiteFilter},
		},
	}
}
