package catalog

import (
	"fmt"
	"net/http"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/backlinks"
)

// targetFields are the fields of a backlink target; create requires url
// and anchors.
func targetFields() []Field {
	return []Field{
		link("url", "A page on the site's verified domain.", backlinks.MaxTargetURL),
		list("anchors", "Different anchor texts (ignoring case and spaces).", str("", backlinks.MinAnchor, backlinks.MaxAnchor), backlinks.MinAnchors, backlinks.MaxAnchors),
		list("topic_tags", "Topics; null clears them.", str("", backlinks.MinTag, backlinks.MaxTag), 0, backlinks.MaxTargetTags).nullable(),
		integer("priority", "Higher is placed first.", 1, backlinks.MaxPriority).withDefault(backlinks.DefaultPriority).notNull(),
		integer("max_new_links_per_month", "How many new links a month.", 1, backlinks.MaxMonthlyLinks).withDefault(backlinks.DefaultMonthlyLinks).notNull(),
		flag("active", "Whether the exchange places links to it.").withDefault(true),
	}
}

// backlinkOps are the backlink exchange (spec 4.7): reads work on any
// account, changes need the paid plan.
func backlinkOps() []Operation {
	const tag = "Backlinks"
	const base = "/sites/{site_id}/backlinks"
	noDomain := errConflict("the site has no verified domain, or the domain is suspended")
	return []Operation{
		{
			ID: "get_backlinks", API: AgentAPI, Method: http.MethodGet, Path: base, Group: routes.Backlinks, Tag: tag,
			Summary:     "exchange overview",
			Description: "Returns the site's backlink exchange overview: domain and verification status, settings, credits and link counts.",
			Status:      http.StatusOK, Response: one("backlinks", backlinksShape()),
		},
		{
			ID: "update_backlinks", API: AgentAPI, Method: http.MethodPatch, Path: base, Group: routes.Backlinks, Tag: tag, Needs: paidPlanSite,
			Summary:     "exchange settings",
			Description: "Changes the site's exchange settings; only the fields sent change.",
			Body: []Field{
				flag("opted_in", "Host other members' links in this site's articles; needs a verified domain."),
				integer("max_links_per_article", "Links hosted per article.", 0, backlinks.MaxLinksPerArticle).withDefault(backlinks.DefaultMaxLinks),
				text("niche", "The site's niche; null clears it.", 0, backlinks.MaxNiche).nullable(),
				list("topic_tags", "Topics; null clears them.", str("", backlinks.MinTag, backlinks.MaxTag), 0, backlinks.MaxSiteTags).nullable(),
				list("blocked_categories", "Categories never linked to; null clears them.", enum("", backlinks.Categories...), 0, 0).nullable(),
			},
			Status: http.StatusOK, Response: one("backlinks", backlinksShape()),
			Fails: []Error{noDomain},
		},
		{
			ID: "set_backlink_domain", API: AgentAPI, Method: http.MethodPost, Path: base + "/domain", Group: routes.Backlinks, Tag: tag, Needs: paidPlanSite,
			Summary:     "set domain to verify",
			Description: "Sets the domain to verify and returns the three proof methods (DNS TXT, meta tag, well-known file); any one suffices.",
			Body:        []Field{text("domain", "The site's domain, such as acme.com (a URL's host is used).", 1, 0).required()},
			Status:      http.StatusOK, Response: one("verification", verificationShape()),
		},
		{
			ID: "verify_backlink_domain", API: AgentAPI, Method: http.MethodPost, Path: base + "/domain/verify", Group: routes.Backlinks, Tag: tag, Needs: paidPlanSite,
			Summary:     "check verification",
			Description: "Checks all three domain proof methods now and returns the verification with checks[]; counts toward the AI rate limit.",
			Status:      http.StatusOK, Response: one("verification", verificationShape()),
			Fails: []Error{errAIRateLimited, errConflict("no domain is set")},
		},
		{
			ID: "list_backlink_targets", API: AgentAPI, Method: http.MethodGet, Path: base + "/targets", Group: routes.Backlinks, Tag: tag,
			Summary:     "list targets",
			Description: "Lists the site's backlink targets (pages that should receive links).",
			Query:       page(), Status: http.StatusOK, Response: listOf("targets", targetShape()),
		},
		{
			ID: "create_backlink_target", API: AgentAPI, Method: http.MethodPost, Path: base + "/targets", Group: routes.Backlinks, Tag: tag, Needs: paidPlanSite,
			Summary:     "create target",
			Description: fmt.Sprintf("Adds a backlink target (at most %d per site).", backlinks.MaxTargets),
			Body:        requiring(targetFields(), "url", "anchors"),
			Status:      http.StatusCreated, Response: one("target", targetShape()),
			Fails: []Error{noDomain, errConflict(fmt.Sprintf("the same page is a target already, or the site has %d targets", backlinks.MaxTargets))},
		},
		{
			ID: "update_backlink_target", API: AgentAPI, Method: http.MethodPatch, Path: base + "/targets/{target_id}", Group: routes.Backlinks, Tag: tag, Needs: paidPlanSite,
			Summary:     "update target",
			Description: "Changes a backlink target; only the fields sent change.",
			Body:        targetFields(),
			Status:      http.StatusOK, Response: one("target", targetShape()),
			Fails: []Error{noDomain},
		},
		{
			ID: "delete_backlink_target", API: AgentAPI, Method: http.MethodDelete, Path: base + "/targets/{target_id}", Group: routes.Backlinks, Tag: tag, Needs: paidPlanSite,
			Summary:     "delete target",
			Description: "Deletes a backlink target; links already live stay live.",
			Status:      http.StatusOK, Response: deleted(),
		},
		{
			ID: "list_backlink_placements", API: AgentAPI, Method: http.MethodGet, Path: base + "/placements", Group: routes.Backlinks, Tag: tag,
			Summary:     "list placements",
			Description: "Lists the site's link placements: inbound (links to its targets) and hosted (links its articles carry).",
			Query: paged(
				oneOf("direction", "Only placements in this direction.", "inbound", "hosted"),
				commaList("status", "Only placements in these statuses.", backlinks.PlacementStatuses...),
			),
			Status: http.StatusOK, Response: listOf("placements", placementShape()),
		},
		{
			ID: "remove_backlink_placement", API: AgentAPI, Method: http.MethodDelete, Path: base + "/placements/{placement_id}", Group: routes.Backlinks, Tag: tag,
			Summary:     "remove hosted link",
			Description: "Removes a hosted link (its anchor words stay in the article) and returns the placement as cancelled; inbound placements cannot be removed.",
			Status:      http.StatusOK, Response: one("placement", placementShape()),
			Fails: []Error{errConflict("the placement is inbound or has ended")},
		},
	}
}
