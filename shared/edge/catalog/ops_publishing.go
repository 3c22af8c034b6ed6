package catalog

import (
	"fmt"
	"net/http"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/autopilot"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/kernel/apperr"
)

// errAddOn is the second push platform refused to an account whose plan
// does not include it.
var errAddOn = fails(http.StatusConflict, apperr.IntegrationUnavailable, "push_platform_2 is an add-on of the paid plan")

// publishingOps are autopilot, push integrations and site keys (spec 4.2).
func publishingOps() []Operation {
	const tag = "Publishing"
	const integration = "/sites/{site_id}/integrations/{integration_id}"
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
				// Trimmed, as every string is.
				{Name: "time_of_day", Schema: &Schema{Type: "string", Description: "When it writes, in UTC as HH:MM.", Pattern: `^\s*` + autopilot.TimeOfDayPattern + `\s*$`}},
			},
			Status: http.StatusOK, Response: one("autopilot", autopilotShape()),
			Fails: []Error{fails(http.StatusPaymentRequired, apperr.SubscriptionRequired, "turning it on for a site that is archived or removed")},
		},
		{
			ID: "list_integrations", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/integrations", Group: routes.Content, Tag: tag,
			Summary:     "list integrations",
			Description: "Lists the site's publishing integrations (push platforms) and their state.",
			Query:       page(), Status: http.StatusOK, Response: listOf("integrations", integrationShape()),
		},
		{
			ID: "list_article_destinations", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/articles/{article_id}/destinations", Group: routes.Content, Tag: tag, Beyond: true,
			Summary:     "where an article was pushed",
			Description: "Lists where pushes put the article on the platforms connected now: each platform's post address and when it was last pushed.",
			Query:       page(), Status: http.StatusOK, Response: listOf("destinations", destinationShape()),
		},
		{
			ID: "get_integration", API: AgentAPI, Method: http.MethodGet, Path: integration, Group: routes.Content, Tag: tag,
			Summary:     "get one integration and setup options",
			Description: "Returns one integration and its setup options.",
			Status:      http.StatusOK, Response: one("integration", integrationShape()),
		},
		{
			ID: "connect_integration", API: AgentAPI, Method: http.MethodPost, Path: integration + "/connect", Group: routes.Content, Tag: tag, Needs: trialOrPlanSite,
			Summary:     "start connection",
			Description: "Starts connecting a push platform (the owner finishes it).",
			Status:      http.StatusOK,
			Response: wrap(
				prop("connect", wrap(prop("connect_url", str("The page where the owner enters the platform site's address and token; valid 24 hours, once.", 0, 0)), prop("expires_at", str("", 0, 0)))),
				prop("integration", integrationShape()),
			),
			Fails: []Error{errAddOn},
		},
		{
			ID: "update_integration", API: AgentAPI, Method: http.MethodPatch, Path: integration, Group: routes.Content, Tag: tag, Needs: trialOrPlanSite,
			Summary:     "configure push integration",
			Description: "Configures a push integration (before or after connecting); only the fields sent change and null clears category or author.",
			Body: []Field{
				oneOf("default_status", "Whether pushed articles arrive as drafts or published.", integrations.PushDraft, integrations.PushPublish),
				text("category", "A category id of the platform site (see get_integration).", 1, integrations.MaxOptionID).nullable(),
				text("author", "An author id of the platform site (see get_integration).", 1, integrations.MaxOptionID).nullable(),
			},
			Status: http.StatusOK, Response: one("integration", integrationShape()),
			Fails: []Error{errAddOn},
		},
		{
			ID: "sync_integration", API: AgentAPI, Method: http.MethodPost, Path: integration + "/sync", Group: routes.Content, Tag: tag, Needs: trialOrPlanSite,
			Summary:     "push every missing or changed article",
			Description: "Pushes every missing or changed finished article to the platform as an integration.sync job (answer 202 {job}).",
			Status:      http.StatusAccepted, Response: jobAnswer(),
			Fails: []Error{errConflict("the integration is not connected"), errAddOn},
		},
		{
			ID: "disconnect_integration", API: AgentAPI, Method: http.MethodDelete, Path: integration, Group: routes.Content, Tag: tag,
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
			Description: "Creates a site key (rv_live_...) for the public articles API; the secret is in this answer only.",
			Body:        []Field{text("name", "A label for the key.", 1, sitekeys.MaxName).nullable().example("My CMS")},
			Status:      http.StatusCreated, Response: one("site_key", siteKeyShape()),
			Fails: []Error{errConflict(fmt.Sprintf("the site has %d active keys", sitekeys.MaxPerSite))},
		},
		{
			ID: "revoke_site_key", API: AgentAPI, Method: http.MethodDelete, Path: "/sites/{site_id}/keys/{key_id}", Group: routes.Content, Tag: tag,
			Summary:     "revoke site key",
			Description: "Revokes a site key at once.",
			Status:      http.StatusOK, Response: revoked(),
		},
	}
}
