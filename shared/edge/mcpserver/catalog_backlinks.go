package mcpserver

// placementStatuses are the statuses of a backlink placement.
var placementStatuses = []string{"reserved", "placed", "live", "lost", "expired", "cancelled"}

// blockedCategories are the categories a site may refuse to link to.
var blockedCategories = []string{"gambling", "adult", "crypto", "cannabis", "loans", "pharma", "weapons", "tobacco", "politics", "dating"}

// targetFields are the fields of a backlink target; create requires url
// and anchors.
func targetFields() []Field {
	anchors := list("anchors", "3 to 5 different anchor texts.", texts(2, 80), 5)
	three := 3
	anchors.Schema.MinItems = &three
	return []Field{
		link("url", "A page on the site's verified domain."),
		anchors,
		list("topic_tags", "Topics, at most 10.", texts(2, 40), 10),
		integer("priority", "Higher is placed first.", 1, 10).withDefault(5),
		integer("max_new_links_per_month", "How many new links a month.", 1, 10).withDefault(4),
		flag("active", "Whether the exchange places links to it.").withDefault(true),
	}
}

// backlinkTools are the tools of the backlink exchange (spec 4.7): reads
// work on any account, changes need the paid plan.
var backlinkTools = []Spec{
	{
		Method: "GET", Path: "/sites/{site_id}/backlinks", Name: "get_backlinks",
		Description: "Returns the site's backlink exchange overview: domain and verification status, settings, credits and link counts.",
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}/backlinks", Name: "update_backlinks",
		Description: "Changes the site's exchange settings; only the fields sent change; needs the paid plan.",
		Body: []Field{
			flag("opted_in", "Host other members' links in this site's articles; needs a verified domain."),
			integer("max_links_per_article", "Links hosted per article.", 0, 2),
			text("niche", "The site's niche; null clears it.", 0, 120).nullable(),
			list("topic_tags", "Topics, at most 15.", texts(2, 40), 15),
			list("blocked_categories", "Categories never linked to.", values(blockedCategories...), 0),
		},
	},
	{
		Method: "POST", Path: "/sites/{site_id}/backlinks/domain", Name: "set_backlink_domain",
		Description: "Sets the domain to verify and returns the three proof methods (DNS TXT, meta tag, well-known file); any one suffices; needs the paid plan.",
		Body: []Field{
			text("domain", "The site's domain, such as acme.com.", 1, 253).required(),
		},
	},
	{
		Method: "POST", Path: "/sites/{site_id}/backlinks/domain/verify", Name: "verify_backlink_domain",
		Description: "Checks all three domain proof methods now and returns the verification with checks[]; counts toward the AI rate limit; needs the paid plan.",
	},
	{
		Method: "GET", Path: "/sites/{site_id}/backlinks/targets", Name: "list_backlink_targets",
		Description: "Lists the site's backlink targets (pages that should receive links).",
		Query:       page(),
	},
	{
		Method: "POST", Path: "/sites/{site_id}/backlinks/targets", Name: "create_backlink_target",
		Description: "Adds a backlink target (at most 25 per site); needs the paid plan.",
		Body:        requiring(targetFields(), "url", "anchors"),
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}/backlinks/targets/{target_id}", Name: "update_backlink_target",
		Description: "Changes a backlink target; only the fields sent change; needs the paid plan.",
		Body:        targetFields(),
	},
	{
		Method: "DELETE", Path: "/sites/{site_id}/backlinks/targets/{target_id}", Name: "delete_backlink_target",
		Description: "Deletes a backlink target; links already live stay live; needs the paid plan.",
	},
	{
		Method: "GET", Path: "/sites/{site_id}/backlinks/placements", Name: "list_backlink_placements",
		Description: "Lists the site's link placements: inbound (links to its targets) and hosted (links its articles carry).",
		Query: paged(
			oneOf("direction", "Only placements in this direction.", "inbound", "hosted"),
			commaList("status", "Only placements in these statuses.", placementStatuses...),
		),
	},
	{
		Method: "DELETE", Path: "/sites/{site_id}/backlinks/placements/{placement_id}", Name: "remove_backlink_placement",
		Description: "Removes a hosted link (its anchor words stay in the article) and returns the placement as cancelled; inbound placements cannot be removed.",
	},
}
