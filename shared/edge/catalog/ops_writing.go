package catalog

import (
	"net/http"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/publish"
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
			Description: "Writes the article as an article.generate job (answer 202 {job}), spending 1 article credit (refunded if writing fails).",
			Status:      http.StatusAccepted, Response: jobAnswer(),
			Example: &Example{},
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
				text("section", "A heading of the body, as written in body_markdown or as it reads in body_html (a link's text), without case or emphasis marks: its content up to the next heading of the same or a higher level is rewritten. Send section or text.", 1, writing.MaxSectionName),
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
