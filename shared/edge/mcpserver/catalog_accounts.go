package mcpserver

// accountTools are the tools of the account, agent-key, activity and job
// endpoints (spec 4.3, 4.4, 4.1).
var accountTools = []Spec{
	{
		Method: "GET", Path: "/account", Name: "get_account",
		Description: "Returns the account this credential belongs to; a cheap way to check the credential.",
	},
	{
		Method: "POST", Path: "/account/resend-claim", Name: "resend_claim_email",
		Description: "Emails the owner a new claim link (at most 3 a day; conflict once the account is claimed) and returns {sent, claim_url}.",
	},
	{
		Method: "DELETE", Path: "/account", Name: "delete_account",
		Description: "Always answers human_required with action_url: only the signed-in owner can delete the account.",
	},
	{
		Method: "GET", Path: "/agent-keys", Name: "list_agent_keys",
		Description: "Lists the account's active agent keys and OAuth connections, oldest first.",
		Query:       page(),
	},
	{
		Method: "POST", Path: "/agent-keys", Name: "create_agent_key",
		Description: "Creates an agent key (at most 25 keys and connections per account) and emails the owner; the secret key is in this answer only.",
		Body: []Field{
			text("name", "The agent's name.", 2, 60).required(),
			text("operator", "Who runs the agent.", 0, 100),
			link("contact_url", "An https page where the agent's operator can be reached."),
		},
	},
	{
		Method: "DELETE", Path: "/agent-keys/{id}", Name: "revoke_agent_key",
		Description: "Revokes an agent key or disconnects an OAuth app at once and disables the webhook endpoints it created; a credential may revoke itself.",
	},
	{
		Method: "GET", Path: "/activity", Name: "list_activity",
		Description: "Lists the activity log (who changed what, through which credential), newest first, kept 365 days.",
		Query: paged(
			text("actor_id", "Only entries of this actor (an agent key or OAuth connection id).", 0, 0),
			text("site_id", "Only entries about this site.", 0, 0),
			timestamp("since", "Only entries at or after this ISO 8601 timestamp."),
		),
	},
	{
		Method: "GET", Path: "/jobs", Name: "list_jobs",
		Description: "Lists the account's asynchronous jobs (scans, research, writing, syncs, sweeps), newest first.",
		Query: paged(
			text("site_id", "Only jobs of this site.", 0, 0),
			text("kind", "Only jobs of this kind, such as site.scan, research or article.generate.", 0, 0),
			oneOf("status", "Only jobs in this status.", "queued", "running", "completed", "failed"),
		),
	},
	{
		Method: "GET", Path: "/jobs/{job_id}", Name: "get_job",
		Description: "Returns a job with its status, result once completed, or error once failed; wait holds the answer until the job ends.",
		Query: []Field{
			integer("wait", "Seconds to wait for the job to end before answering (the answer comes after at most 25 seconds).", 0, 30).withDefault(0),
		},
	},
}
