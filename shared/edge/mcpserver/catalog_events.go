package mcpserver

// eventTools are the tools of the event feed and webhook endpoints (spec
// 4.10).
var eventTools = []Spec{
	{
		Method: "GET", Path: "/events", Name: "list_events",
		Description: "Reads the account's event stream (kept 30 days), oldest first; keep calling with next_cursor, which is always set, to poll.",
		Query: []Field{
			timestamp("since", "Start at this ISO 8601 timestamp (first call only)."),
			text("cursor", "The next_cursor of the previous call.", 0, 0),
			commaList("types", "Only these event types, such as site.scan_completed."),
			text("site_id", "Only events of this site.", 0, 0),
			integer("limit", "Events per call.", 1, 100).withDefault(50),
		},
	},
	{
		Method: "GET", Path: "/webhooks", Name: "list_webhooks",
		Description: "Lists the account's webhook endpoints, without their secrets.",
		Query:       page(),
	},
	{
		Method: "POST", Path: "/webhooks", Name: "create_webhook",
		Description: "Creates a webhook endpoint (at most 10 per account); its signing secret is in this answer only.",
		Body: []Field{
			link("url", "A public https address that receives the events.").required(),
			list("events", `Event types to receive, or ["*"] for all.`, texts(1, 0), 0).required(),
			text("description", "A note for people.", 0, 200),
		},
	},
	{
		Method: "PATCH", Path: "/webhooks/{webhook_id}", Name: "update_webhook",
		Description: "Changes a webhook endpoint; only the fields sent change; enabled true re-enables a disabled one.",
		Body: []Field{
			link("url", "A public https address that receives the events."),
			list("events", `Event types to receive, or ["*"] for all.`, texts(1, 0), 0),
			text("description", "A note for people; null clears it.", 0, 200).nullable(),
			flag("enabled", "Whether events are delivered."),
		},
	},
	{
		Method: "DELETE", Path: "/webhooks/{webhook_id}", Name: "delete_webhook",
		Description: "Deletes a webhook endpoint; deliveries in flight are dropped.",
	},
	{
		Method: "POST", Path: "/webhooks/{webhook_id}/test", Name: "test_webhook",
		Description: "Sends a signed webhook.test event to the endpoint now and returns how the delivery went.",
	},
	{
		Method: "GET", Path: "/webhooks/{webhook_id}/deliveries", Name: "list_webhook_deliveries",
		Description: "Lists the endpoint's delivery attempts of the last 30 days, newest first.",
		Query:       page(),
	},
}
