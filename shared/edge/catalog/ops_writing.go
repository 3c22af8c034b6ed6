package catalog

import (
	"net/http"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/autopilot"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/publish"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/writing"
)

// writingOps write, score, finish and publish an article (spec 4.2).
func writingOps() []Operation {
	const tag = "Content"
	const base = "/sites/{site_id}/articles/{article_id}"
	return []Operation{
		{
			ID: "generate_article", API: AgentAPI, Method: http.MethodPost, Path: base + "/generate", Group: routes.Content, Tag: tag, Needs: trialOrPlanSite,
			Summary:     "write article (1 article credit)",
			Description: "Writes the article as an article.generate job (answer 202 {job}), spending 1 article credit (refunded if writing fails); needs a trial or plan.",
			Status:      http.StatusAccepted, Response: jobAnswer(),
			Fails: []Error{
				errCredits("article credits"),
				errConflict("the article is finished, being written, or already has a body"),
			},
		},
		{
			ID: "rewrite_article_section", API: AgentAPI, Method: http.MethodPost, Path: base + "/rewrite-section", Group: routes.Content, Tag: tag,
			Summary:     "rewrite one passage",
			Description: "Rewrites one passage of a written article, chosen by section heading or exact text, and applies it unless apply is false; free, counts toward the AI rate limit.",
			Body: []Field{
				text("section", "A heading of the body: its content up to the next heading of the same or a higher level is rewritten. Send section or text.", 1, writing.MaxSectionName),
				text("text", "An exact passage of the body, found once. Send section or text.", 1, writing.MaxPassage),
				text("instructions", "What to change.", 0, writing.MaxInstructions),
				flag("apply", "false returns the rewrite without storing it.").withDefault(true),
			},
			Status: http.StatusOK,
			Response: wrap(prop("article", articleShape()), prop("rewrite", wrap(
				prop("section", &Schema{Type: "string", Nullable: true, Description: "The heading whose content was rewritten; null for a passage sent as text."}),
				prop("before", str("", 0, 0)), prop("after", str("", 0, 0)),
				prop("applied", &Schema{Type: "boolean"}),
			))),
			Fails: []Error{errAIRateLimited, errModel, errConflict("the article has no body or is being written")},
		},
		{
			ID: "get_article_score", API: AgentAPI, Method: http.MethodGet, Path: base + "/score", Group: routes.Content, Tag: tag,
			Summary:     "SEO and GEO score",
			Description: "Returns the article's SEO and GEO score.",
			Status:      http.StatusOK, Response: one("score", scoreShape()),
		},
		{
			ID: "finish_article", API: AgentAPI, Method: http.MethodPost, Path: base + "/finish", Group: routes.Content, Tag: tag,
			Summary:     "mark hand-written article finished",
			Description: "Marks a hand-written article finished.",
			Status:      http.StatusOK, Response: one("article", articleShape()),
			Fails: []Error{errConflict("the article has no body, is finished already, or is being written")},
		},
		{
			ID: "publish_article", API: AgentAPI, Method: http.MethodPost, Path: base + "/publish", Group: routes.Content, Tag: tag,
			Summary:     "push to destinations, record live URL",
			Description: "Pushes a finished article to connected destinations and/or records the URL where it is live (send url, destinations or both).",
			Body: []Field{
				link("url", "The article's live address, on the site's website or verified backlink domain (also accepted as published_url).", publish.MaxURL),
				list("destinations", "Integration ids to push to.", enum("", publish.Destinations...), 0, publish.MaxDestinations),
			},
			Status:   http.StatusOK,
			Response: wrap(prop("article", articleShape()), prop("results", &Schema{Type: "array", Items: outcomeShape()})),
			Fails:    []Error{errConflict("the article is not finished")},
			Example:  &Example{Request: map[string]any{"url": "https://acme.com/blog/model-rockets"}},
		},
	}
}

// publishingOps are autopilot, push integrations and site keys (spec 4.2).
func publishingOps() []Operation {
	const tag = "Publishing"
	const one_ = "/sites/{site_id}/integrations/{integration_id}"
	return []Operation{
		{
			ID: "get_autopilot", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/autopilot", Group: routes.Content, Tag: tag,
			Summary:     "get autopilot",
			Description: "Returns the site's autopilot settings: whether it writes scheduled articles by itself, and at what pace.",
			Status:      http.StatusOK, Response: one("autopilot", autopilotShape()),
		},
		{
			ID: "update_autopilot", API: AgentAPI, Method: http.MethodPatch, Path: "/sites/{site_id}/autopilot", Group: routes.Content, Tag: tag,
			Summary:     "turn on or off and set pace",
			Description: "Turns the site's autopilot on or off and sets its pace; only the fields sent change and none may be null.",
			Body: []Field{
				flag("enabled", "Whether autopilot writes scheduled articles by itself."),
				integer("weekly_cadence", "Articles a week.", autopilot.MinCadence, autopilot.MaxCadence),
				list("days", "Days it writes on: mon, tue, wed, thu, fri, sat, sun (full names accepted).", str("", 1, 0), 1, autopilot.MaxDays),
				{Name: "time_of_day", Schema: &Schema{Type: "string", Description: "When it writes, in UTC as HH:MM."}},
			},
			Status: http.StatusOK, Response: one("autopilot", autopilotShape()),
			Fails: []Error{{Status: 402, Code: "subscription_required", When: "turning it on for a site that is archived or removed"}},
		},
		{
			ID: "list_integrations", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/integrations", Group: routes.Content, Tag: tag,
			Summary:     "list integrations",
			Description: "Lists the site's publishing integrations (push platforms) and their state.",
			Status:      http.StatusOK, Response: listOf("integrations", integrationShape()),
		},
		{
			ID: "get_integration", API: AgentAPI, Method: http.MethodGet, Path: one_, Group: routes.Content, Tag: tag,
			Summary:     "get one integration and setup options",
			Description: "Returns one integration and its setup options.",
			Status:      http.StatusOK, Response: one("integration", integrationShape()),
		},
		{
			ID: "connect_integration", API: AgentAPI, Method: http.MethodPost, Path: one_ + "/connect", Group: routes.Content, Tag: tag, Needs: trialOrPlanSite,
			Summary:     "start connection",
			Description: "Starts connecting a push platform (the owner finishes it); needs a trial or plan.",
			Status:      http.StatusOK,
			Response: wrap(
				prop("connect", wrap(prop("connect_url", str("The page where the owner enters the platform site's address and token; valid 24 hours, once.", 0, 0)), prop("expires_at", str("", 0, 0)))),
				prop("integration", integrationShape()),
			),
			Fails: []Error{{Status: 409, Code: "integration_unavailable", When: "push_platform_2 is an add-on of the paid plan"}},
		},
		{
			ID: "update_integration", API: AgentAPI, Method: http.MethodPatch, Path: one_, Group: routes.Content, Tag: tag, Needs: trialOrPlanSite,
			Summary:     "configure push integration",
			Description: "Configures a push integration (before or after connecting); only the fields sent change and null clears category or author; needs a trial or plan.",
			Body: []Field{
				oneOf("default_status", "Whether pushed articles arrive as drafts or published.", integrations.PushDraft, integrations.PushPublish),
				text("category", "A category id of the platform site (see get_integration).", 1, integrations.MaxOptionID).nullable(),
				text("author", "An author id of the platform site (see get_integration).", 1, integrations.MaxOptionID).nullable(),
			},
			Status: http.StatusOK, Response: one("integration", integrationShape()),
			Fails: []Error{{Status: 409, Code: "integration_unavailable", When: "push_platform_2 is an add-on of the paid plan"}},
		},
		{
			ID: "sync_integration", API: AgentAPI, Method: http.MethodPost, Path: one_ + "/sync", Group: routes.Content, Tag: tag, Needs: trialOrPlanSite,
			Summary:     "push every missing or changed article",
			Description: "Pushes every missing or changed finished article to the platform as an integration.sync job (answer 202 {job}); needs a trial or plan.",
			Status:      http.StatusAccepted, Response: jobAnswer(),
			Fails: []Error{errConflict("the integration is not connected"), {Status: 409, Code: "integration_unavailable", When: "push_platform_2 is an add-on of the paid plan"}},
		},
		{
			ID: "disconnect_integration", API: AgentAPI, Method: http.MethodDelete, Path: one_, Group: routes.Content, Tag: tag,
			Summary:     "disconnect push integration",
			Description: "Disconnects a push integration.",
			Status:      http.StatusOK, Response: one("integration", integrationShape()),
		},
		{
			ID: "list_site_keys", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/keys", Group: routes.Content, Tag: tag,
			Summary:     "list site keys",
			Description: "Lists the site's keys for the public articles API (without their secrets).",
			Query:       page(), Status: http.StatusOK, Response: listOf("site_keys", siteKeyShape()),
		},
		{
			ID: "create_site_key", API: AgentAPI, Method: http.MethodPost, Path: "/sites/{site_id}/keys", Group: routes.Content, Tag: tag, Needs: trialOrPlanSite,
			Summary:     "create site key",
			Description: "Creates a site key (rv_live_...) for the public articles API; the secret is in this answer only; needs a trial or plan.",
			Body:        []Field{text("name", "A label for the key.", 1, sitekeys.MaxName).nullable().example("My CMS")},
			Status:      http.StatusCreated, Response: one("site_key", siteKeyShape()),
			Fails: []Error{errConflict("the site has 20 active keys")},
		},
		{
			ID: "revoke_site_key", API: AgentAPI, Method: http.MethodDelete, Path: "/sites/{site_id}/keys/{key_id}", Group: routes.Content, Tag: tag,
			Summary:     "revoke site key",
			Description: "Revokes a site key at once.",
			Status:      http.StatusOK, Response: revoked(),
		},
	}
}
