package mcpserver

// siteTools are the tools of the site and scan endpoints (spec 4.5, 4.6).
var siteTools = []Spec{
	{
		Method: "GET", Path: "/sites", Name: "list_sites",
		Description: "Lists the account's sites: the primary site first, then Studio sites in creation order, archived ones included.",
		Query:       page(),
	},
	{
		Method: "POST", Path: "/sites", Name: "add_studio_site",
		Description: "Adds a Studio site (49.5 USD a month), charging the card on file at once for the rest of the period, and starts its scan; needs the paid plan.",
		Body: []Field{
			link("site_url", "The website's public http or https address.").required(),
			text("site_name", "The brand name.", 1, 120).required(),
			text("site_description", "What the product does.", 0, 2000),
			link("logo_url", "An https address of the logo."),
			integer("proration_date", "The proration_date of a get_studio_quote answer (less than 30 minutes old) to be charged exactly its due_today.", 0, 1<<40),
		},
	},
	{
		Method: "GET", Path: "/sites/{site_id}", Name: "get_site",
		Description: "Returns one site with its brand, writing settings, scan status and billing state.",
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}", Name: "update_site",
		Description: "Changes a site's brand and writing settings; only the fields sent change and null clears a nullable one. Writing settings feed every article written afterwards.",
		Body: []Field{
			text("brand_name", "The brand name.", 1, 120),
			link("website_url", "The public http or https address where articles are published; changing it does not rescan."),
			text("product_description", "What the product does.", 0, 2000).nullable(),
			link("avatar_url", "An https address of the logo, or null.").nullable(),
			object("writing", "How articles are written.",
				text("tone", "Offered: Professional, Friendly, Confident, Conversational, Authoritative, Playful; any text is accepted.", 0, 80).nullable(),
				text("writing_style", "Offered: Balanced, Concise and actionable, In-depth and data-driven, Story-led, Step-by-step; any text is accepted.", 0, 80).nullable(),
				text("audience", "Offered: Founders / Entrepreneurs, Marketers, Small business owners, Developers, Agencies; any text is accepted.", 0, 160).nullable(),
				text("brand_voice", "House rules, one per line.", 0, 4000).nullable(),
			),
		},
	},
	{
		Method: "DELETE", Path: "/sites/{site_id}", Name: "remove_studio_site",
		Description: "Schedules a Studio site's removal at the end of the paid period (nothing is refunded; the site runs until removes_at); the primary site answers conflict.",
	},
	{
		Method: "POST", Path: "/sites/{site_id}/restore", Name: "restore_studio_site",
		Description: "Cancels a Studio site's scheduled removal at no charge, or brings back an archived one with a prorated charge; needs the paid plan.",
		Body: []Field{
			integer("proration_date", "The proration_date of a get_studio_quote answer (less than 30 minutes old) to be charged exactly its due_today.", 0, 1<<40),
		},
	},
	{
		Method: "GET", Path: "/sites/{site_id}/scan", Name: "get_scan",
		Description: "Returns the site's latest website scan: brand, analysis, keywords found and articles planned.",
	},
	{
		Method: "POST", Path: "/sites/{site_id}/scan", Name: "start_scan",
		Description: "Reruns the website scan as a site.scan job (answer 202 {job}); without a trial or plan at most 3 scans a day.",
	},
}
