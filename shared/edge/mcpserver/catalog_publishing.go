package mcpserver

// publishingTools are the tools of autopilot, push integrations and site
// keys (spec 4.2).
var publishingTools = []Spec{
	{
		Method: "GET", Path: "/sites/{site_id}/autopilot", Name: "get_autopilot",
		Description: "Returns the site's autopilot settings: whether it writes scheduled articles by itself, and at what pace.",
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}/autopilot", Name: "update_autopilot",
		Description: "Turns the site's autopilot on or off and sets its pace; only the fields sent change and none may be null.",
		Body: []Field{
			flag("enabled", "Whether autopilot writes scheduled articles by itself."),
			integer("weekly_cadence", "Articles a week.", 1, 14),
			list("days", "Days it writes on: mon, tue, wed, thu, fri, sat, sun (full names accepted).", texts(3, 9), 14),
			timeOfDay("time_of_day", "When it writes, in UTC as HH:MM."),
		},
	},
	{
		Method: "GET", Path: "/sites/{site_id}/integrations", Name: "list_integrations",
		Description: "Lists the site's publishing integrations (push platforms) and their state.",
	},
	{
		Method: "GET", Path: "/sites/{site_id}/integrations/{integration_id}", Name: "get_integration",
		Description: "Returns one integration and its setup options.",
	},
	{
		Method: "POST", Path: "/sites/{site_id}/integrations/{integration_id}/connect", Name: "connect_integration",
		Description: "Starts connecting a push platform (the owner finishes it); needs a trial or plan.",
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}/integrations/{integration_id}", Name: "update_integration",
		Description: "Configures a push integration (before or after connecting); only the fields sent change and null clears category or author; needs a trial or plan.",
		Body: []Field{
			oneOf("default_status", "Whether pushed articles arrive as drafts or published.", "draft", "publish"),
			text("category", "A category id of the platform site (see get_integration).", 1, 200).nullable(),
			text("author", "An author id of the platform site (see get_integration).", 1, 200).nullable(),
		},
	},
	{
		Method: "POST", Path: "/sites/{site_id}/integrations/{integration_id}/sync", Name: "sync_integration",
		Description: "Pushes every missing or changed finished article to the platform as an integration.sync job (answer 202 {job}); needs a trial or plan.",
	},
	{
		Method: "DELETE", Path: "/sites/{site_id}/integrations/{integration_id}", Name: "disconnect_integration",
		Description: "Disconnects a push integration.",
	},
	{
		Method: "GET", Path: "/sites/{site_id}/keys", Name: "list_site_keys",
		Description: "Lists the site's keys for the public articles API (without their secrets).",
		Query:       page(),
	},
	{
		Method: "POST", Path: "/sites/{site_id}/keys", Name: "create_site_key",
		Description: "Creates a site key (rv_live_...) for the public articles API; the secret is in this answer only; needs a trial or plan.",
		Body: []Field{
			text("name", "A label for the key.", 1, 60).nullable(),
		},
	},
	{
		Method: "DELETE", Path: "/sites/{site_id}/keys/{key_id}", Name: "revoke_site_key",
		Description: "Revokes a site key at once.",
	},
}
