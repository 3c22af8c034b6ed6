package catalog

import (
	"fmt"
	"net/http"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/studio"
	"rvcontent/shared/kernel/apperr"
)

// The Needs column's values (spec 4.2). The site of a trial-or-plan or
// paid route must also be usable on the plan, except when adding or
// restoring a Studio site (which is how a site becomes usable) and
// activating.
var (
	trialOrPlanSite = billing.Requirement{Need: billing.NeedTrialOrPlan, Site: true}
	paidPlanSite    = billing.Requirement{Need: billing.NeedPaidPlan, Site: true}
	paidPlan        = billing.Requirement{Need: billing.NeedPaidPlan}
	trialOnly       = billing.Requirement{Need: billing.NeedTrial}
)

// prorationDate is the proration_date a Studio change takes.
func prorationDate() Field {
	return integer("proration_date", "The proration_date of a get_studio_quote answer (less than 30 minutes old) to be charged exactly its due_today.", 0, studio.MaxProrationDate)
}

// studioErrors are the errors of a charged Studio change (spec 4.5).
func studioErrors() []Error {
	return []Error{
		errPaymentFailed, errHuman,
		errConflict("another site change is in progress, or the subscription is set to cancel"),
	}
}

// siteOps are sites, Studio sites and scans (spec 4.5, 4.6).
func siteOps() []Operation {
	const tag = "Sites"
	writing := func(name, desc string, max int) Field { return text(name, desc, 0, max).nullable() }
	return []Operation{
		{
			ID: "list_sites", API: AgentAPI, Method: http.MethodGet, Path: "/sites", Group: routes.Sites, Tag: tag,
			Summary:     "list sites",
			Description: "Lists the account's sites: the primary site first, then Studio sites in creation order, archived ones included.",
			Query:       page(), Status: http.StatusOK, Response: listOf("sites", siteShape()),
		},
		{
			ID: "add_studio_site", API: AgentAPI, Method: http.MethodPost, Path: "/sites", Group: routes.Sites, Tag: tag, Needs: paidPlan,
			Summary:     "add Studio site",
			Description: "Adds a Studio site (49.5 USD a month), charging the card on file at once for the rest of the period, and starts its scan.",
			Body: []Field{
				link("site_url", "The website's public http or https address.", sites.MaxWebsiteURL).required(),
				text("site_name", "The brand name.", 1, sites.MaxBrandName).required(),
				text("site_description", "What the product does.", 0, sites.MaxProductDescription),
				link("logo_url", "An https address of the logo.", sites.MaxAvatarURL),
				prorationDate(),
			},
			Status:   http.StatusCreated,
			Response: wrap(prop("site", siteShape()), prop("scan_job_id", str("The site's first scan.", 0, 0)), prop("charged", moneyShape())),
			Fails:    studioErrors(),
		},
		{
			ID: "get_site", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}", Group: routes.Sites, Tag: tag,
			Summary:     "get site",
			Description: "Returns one site with its brand, writing settings, scan status and billing state.",
			Status:      http.StatusOK, Response: one("site", siteShape()),
		},
		{
			ID: "update_site", API: AgentAPI, Method: http.MethodPatch, Path: "/sites/{site_id}", Group: routes.Sites, Tag: tag,
			Summary:     "update brand and writing settings",
			Description: "Changes a site's brand and writing settings; only the fields sent change and null clears a nullable one. Writing settings feed every article written afterwards.",
			Body: []Field{
				text("brand_name", "The brand name.", 1, sites.MaxBrandName),
				link("website_url", "The public http or https address where articles are published; changing it does not rescan.", sites.MaxWebsiteURL),
				text("product_description", "What the product does; null or \"\" clears it.", 0, sites.MaxProductDescription).nullable(),
				link("avatar_url", "An https address of the logo, or null.", sites.MaxAvatarURL).nullable(),
				object("writing", "How articles are written; null or \"\" clears a setting.",
					writing("tone", "Offered: Professional, Friendly, Confident, Conversational, Authoritative, Playful; any text is accepted.", sites.MaxTone),
					writing("writing_style", "Offered: Balanced, Concise and actionable, In-depth and data-driven, Story-led, Step-by-step; any text is accepted.", sites.MaxWritingStyle),
					writing("audience", "Offered: Founders / Entrepreneurs, Marketers, Small business owners, Developers, Agencies; any text is accepted.", sites.MaxWritingAudience),
					// No maxLength: the limit counts the rules once normalised, so a
					// longer text of spaces and blank lines is accepted.
					writing("brand_voice", fmt.Sprintf("House rules, one per line; at most %d characters once normalised (line breaks unified, each line trimmed, blank lines dropped).", sites.MaxBrandVoice), 0),
				),
			},
			Status: http.StatusOK, Response: one("site", siteShape()),
			Example: &Example{Request: map[string]any{"brand_name": "Acme Rockets", "writing": map[string]any{"tone": "Friendly", "audience": "Teachers"}}},
		},
		{
			ID: "remove_studio_site", API: AgentAPI, Method: http.MethodDelete, Path: "/sites/{site_id}", Group: routes.Sites, Tag: tag,
			Summary:     "schedule Studio site removal",
			Description: "Schedules a Studio site's removal at the end of the paid period (nothing is refunded; the site runs until removes_at); the primary site answers conflict.",
			Status:      http.StatusOK, Response: one("site", siteShape()),
			Fails: []Error{errConflict("the primary site cannot be removed, or another site change is in progress")},
		},
		{
			ID: "restore_studio_site", API: AgentAPI, Method: http.MethodPost, Path: "/sites/{site_id}/restore", Group: routes.Sites, Tag: tag, Needs: paidPlan,
			Summary:     "keep or restore Studio site",
			Description: "Cancels a Studio site's scheduled removal at no charge, or brings back an archived one with a prorated charge.",
			Body:        []Field{prorationDate()},
			Status:      http.StatusOK,
			Response:    wrap(prop("site", siteShape()), prop("charged", moneyShape().orNull())),
			Fails:       studioErrors(),
		},
		{
			ID: "get_scan", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/scan", Group: routes.Sites, Tag: tag,
			Summary:     "get scan",
			Description: "Returns the site's latest website scan: brand, analysis, keywords found and articles planned.",
			Status:      http.StatusOK, Response: one("scan", scanShape()),
		},
		{
			ID: "start_scan", API: AgentAPI, Method: http.MethodPost, Path: "/sites/{site_id}/scan", Group: routes.Sites, Tag: tag,
			Summary:     "rerun scan",
			Description: fmt.Sprintf("Reruns the website scan as a site.scan job (answer 202 {job}); without a trial or plan at most %d scans a day, the first included.", scans.DailyLimit),
			Status:      http.StatusAccepted, Response: jobAnswer(),
			Fails: []Error{
				fails(402, apperr.SubscriptionRequired, "the site is archived or past removes_at"),
				errConflict("the Studio site is still pending"),
				fails(429, apperr.RateLimited, fmt.Sprintf("%d scans today without a trial or plan", scans.DailyLimit)),
			},
		},
	}
}
