package catalog

import (
	"fmt"
	"net/http"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/model"
)

// articleFields are an article's writable fields; create requires title.
func articleFields(patch bool) []Field {
	maybeNull := func(f Field) Field {
		if patch {
			return f.nullable()
		}
		return f
	}
	status := oneOf("status", "opportunity (an idea) or scheduled (planned to be written); an unwritten article moves only between the two.", articles.StatusOpportunity, articles.StatusScheduled)
	if !patch {
		status = status.withDefault(articles.StatusOpportunity)
	}
	return []Field{
		text("title", "The article's title.", 1, articles.MaxTitle).example("How to launch a model rocket safely"),
		maybeNull(text("description", "A short summary.", 0, articles.MaxDescription)),
		maybeNull(text("keyword", "The keyword the article targets.", articles.MinKeyword, articles.MaxKeyword)),
		maybeNull(list("tags", fmt.Sprintf("Tags, at most %d once duplicates are dropped (ignoring case, the first spelling kept); in PATCH, null empties them.", articles.MaxTags), str("", 1, articles.MaxTag), 0, articles.MaxTagItems)),
		status,
		maybeNull(day("scheduled_for", "The day it is planned for, YYYY-MM-DD.")),
		maybeNull(text("body_markdown", "The article's text in Markdown (rendered to body_html), without images: a Markdown image or an <img> tag is refused.", 0, articles.MaxBody)),
	}
}

// contentOps are research, keywords, rank, credits and articles (spec
// 4.6, 4.2).
func contentOps() []Operation {
	const tag = "Content"
	return []Operation{
		{
			ID: "run_research", API: AgentAPI, Method: http.MethodPost, Path: "/sites/{site_id}/research", Group: routes.Content, Tag: tag,
			Summary: "run research",
			Description: fmt.Sprintf("Researches keywords and article ideas as a research job (answer 202 {job}); free, counts toward the AI rate limit, at most %d a day without a trial or plan. "+
				"The completed job's result has keywords[] {name, tag, search_volume, traffic_estimate, intent, trend} (up to %d), ideas[] {title, description, keyword, traffic_estimate, competition, ai_signal} "+
				"and saved {keywords, articles} (null when save was false); the numbers are model estimates for planning, not measured data.", research.DailyLimit, research.MaxKeywords),
			Body: []Field{
				text("seed", "A topic to research around.", 0, research.MaxSeed),
				integer("ideas", "How many article ideas to return; titles already on the site are never repeated.", 0, research.MaxIdeas).withDefault(research.DefaultIdeas),
				flag("save", "true adds the keywords (source discovered) and ideas (status opportunity) to the site.").withDefault(false),
			},
			Status: http.StatusAccepted, Response: jobAnswer(),
			Fails: []Error{errAIRateLimited, fails(429, apperr.RateLimited, fmt.Sprintf("%d research runs today without a trial or plan", research.DailyLimit))},
		},
		{
			ID: "list_keywords", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/keywords", Group: routes.Content, Tag: tag,
			Summary:     "list keywords",
			Description: "Lists the site's keywords, highest search_volume first.",
			Query:       paged(oneOf("source", "Only keywords from this source.", "library", "discovered")),
			Status:      http.StatusOK, Response: listOf("keywords", keywordShape()),
		},
		{
			ID: "add_keyword", API: AgentAPI, Method: http.MethodPost, Path: "/sites/{site_id}/keywords", Group: routes.Content, Tag: tag,
			Summary:     "add keyword",
			Description: "Adds a keyword to the site's library (source library); a name the site already has answers conflict.",
			Body: []Field{
				// No maxLength: the limit counts the stored form, so a longer
				// text of spaces or decomposed accents is accepted.
				text("name", fmt.Sprintf("The search phrase; stored trimmed, inner whitespace collapsed, lowercase and NFC-composed, which must then hold %d to %d characters.", keywords.MinName, keywords.MaxName), keywords.MinName, 0).required().example("model rocket kits"),
				{Name: "intent", Schema: &Schema{Type: "string", Description: "The searcher's intent (any case): " + joinValues(model.Intents) + "."}},
				integer("search_volume", "Estimated monthly searches.", 0, keywords.MaxSearchVolume).withDefault(0),
				text("tag", "A short label.", 0, keywords.MaxTag),
				{Name: "trend", Schema: &Schema{Type: "string", Description: "Where searches are heading (any case): " + joinValues(model.Trends) + "; default Steady."}},
			},
			Status: http.StatusCreated, Response: one("keyword", keywordShape()),
			Fails: []Error{errConflict("the site already has a keyword of that name")},
		},
		{
			ID: "delete_keyword", API: AgentAPI, Method: http.MethodDelete, Path: "/sites/{site_id}/keywords/{keyword_id}", Group: routes.Content, Tag: tag,
			Summary:     "delete keyword",
			Description: "Deletes a keyword from the site.",
			Status:      http.StatusOK, Response: deleted(),
		},
		{
			ID: "get_rank", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/rank", Group: routes.Content, Tag: tag,
			Summary:     "keyword coverage",
			Description: "Returns keyword coverage: how much of the tracked keywords' searches (or topics) have a finished article, and the keyword market table; it does not measure rankings.",
			Status:      http.StatusOK, Response: one("rank", rankShape()),
		},
		{
			ID: "get_credits", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/credits", Group: routes.Content, Tag: tag,
			Summary:     "credit balances",
			Description: "Returns the site's credit balances for the current billing period: articles, backlink credits and forum replies.",
			Status:      http.StatusOK, Response: one("credits", creditsShape()),
		},
		{
			ID: "list_articles", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/articles", Group: routes.Content, Tag: tag,
			Summary:     "list articles",
			Description: "Lists the site's articles: ideas (opportunity), scheduled, generating and finished.",
			Query: paged(
				commaList("status", "Only articles in these statuses.", articles.Statuses...),
				text("keyword", "Only articles for this keyword.", 0, 0),
			),
			Status: http.StatusOK, Response: listOf("articles", articleShape()),
			Example: &Example{},
		},
		{
			ID: "create_article", API: AgentAPI, Method: http.MethodPost, Path: "/sites/{site_id}/articles", Group: routes.Content, Tag: tag,
			Summary:     "create idea or scheduled article",
			Description: "Creates an article idea (status opportunity) or a scheduled article on the site.",
			Body:        requiring(articleFields(false), "title"),
			Status:      http.StatusCreated, Response: one("article", articleShape()),
			Example: &Example{Request: map[string]any{"title": "How to launch a model rocket safely", "keyword": "model rocket launch", "status": "scheduled", "scheduled_for": "2026-12-01"}},
		},
		{
			ID: "get_article", API: AgentAPI, Method: http.MethodGet, Path: "/sites/{site_id}/articles/{article_id}", Group: routes.Content, Tag: tag,
			Summary:     "get article",
			Description: "Returns one article with its body.",
			Status:      http.StatusOK, Response: one("article", articleShape()),
		},
		{
			ID: "update_article", API: AgentAPI, Method: http.MethodPatch, Path: "/sites/{site_id}/articles/{article_id}", Group: routes.Content, Tag: tag,
			Summary:     "update article",
			Description: "Changes an article; only the fields sent change and null clears a nullable one.",
			Body:        articleFields(true),
			Status:      http.StatusOK, Response: one("article", articleShape()),
			Fails: []Error{errConflict("the article is being written, or status or an empty body was sent for a finished article")},
		},
		{
			ID: "delete_article", API: AgentAPI, Method: http.MethodDelete, Path: "/sites/{site_id}/articles/{article_id}", Group: routes.Content, Tag: tag,
			Summary:     "delete article",
			Description: "Deletes an article.",
			Status:      http.StatusOK, Response: deleted(),
			Fails: []Error{errConflict("the article is being written")},
		},
	}
}
