package mcpserver

// articleStatuses are the statuses an agent-API article can have.
var articleStatuses = []string{"opportunity", "scheduled", "generating", "finished"}

// contentTools are the tools of research, keywords, rank, credits and
// articles (spec 4.6, 4.2).
var contentTools = []Spec{
	{
		Method: "POST", Path: "/sites/{site_id}/research", Name: "run_research",
		Description: "Researches keywords and article ideas as a research job (answer 202 {job}); free, counts toward the AI rate limit, at most 10 a day without a trial or plan.",
		Body: []Field{
			text("seed", "A topic to research around.", 0, 200),
			integer("ideas", "How many article ideas to return; titles already on the site are never repeated.", 0, 30).withDefault(10),
			flag("save", "true adds the keywords (source discovered) and ideas (status opportunity) to the site.").withDefault(false),
		},
	},
	{
		Method: "GET", Path: "/sites/{site_id}/keywords", Name: "list_keywords",
		Description: "Lists the site's keywords, highest search_volume first.",
		Query: paged(
			oneOf("source", "Only keywords from this source.", "library", "discovered"),
		),
	},
	{
		Method: "POST", Path: "/sites/{site_id}/keywords", Name: "add_keyword",
		Description: "Adds a keyword to the site's library (source library); a name the site already has answers conflict.",
		Body: []Field{
			text("name", "The search phrase; stored lowercase.", 2, 200).required(),
			oneOf("intent", "The searcher's intent.", "Commercial", "Informational", "Transactional", "Navigational"),
			integer("search_volume", "Estimated monthly searches.", 0, 1e9),
			text("tag", "A short label.", 0, 40),
			oneOf("trend", "Where searches are heading.", "Rising", "Steady", "Declining"),
		},
	},
	{
		Method: "DELETE", Path: "/sites/{site_id}/keywords/{keyword_id}", Name: "delete_keyword",
		Description: "Deletes a keyword from the site.",
	},
	{
		Method: "GET", Path: "/sites/{site_id}/rank", Name: "get_rank",
		Description: "Returns keyword coverage: how much of the tracked keywords' searches (or topics) have a finished article, and the keyword market table; it does not measure rankings.",
	},
	{
		Method: "GET", Path: "/sites/{site_id}/credits", Name: "get_credits",
		Description: "Returns the site's credit balances for the current billing period: articles, backlink credits and forum replies.",
	},
	{
		Method: "GET", Path: "/sites/{site_id}/articles", Name: "list_articles",
		Description: "Lists the site's articles: ideas (opportunity), scheduled, generating and finished.",
		Query: paged(
			commaList("status", "Only articles in these statuses.", articleStatuses...),
			text("keyword", "Only articles for this keyword.", 0, 0),
		),
	},
	{
		Method: "POST", Path: "/sites/{site_id}/articles", Name: "create_article",
		Description: "Creates an article idea (status opportunity) or a scheduled article on the site.",
		Body: []Field{
			text("title", "The article's title.", 1, 200).required(),
			text("description", "A short summary.", 0, 1000),
			text("keyword", "The keyword the article targets.", 2, 200),
			list("tags", "Tags, at most 10.", texts(1, 40), 10),
			oneOf("status", "opportunity (an idea) or scheduled (planned to be written).", "opportunity", "scheduled").withDefault("opportunity"),
			day("scheduled_for", "The day it is planned for, YYYY-MM-DD."),
			text("body_markdown", "The article's text in Markdown, when written by hand.", 0, 200000),
		},
	},
	{
		Method: "GET", Path: "/sites/{site_id}/articles/{article_id}", Name: "get_article",
		Description: "Returns one article with its body.",
	},
	{
		Method: "PATCH", Path: "/sites/{site_id}/articles/{article_id}", Name: "update_article",
		Description: "Changes an article; only the fields sent change and null clears a nullable one.",
		Body: []Field{
			text("title", "The article's title.", 1, 200),
			text("description", "A short summary.", 0, 1000).nullable(),
			text("keyword", "The keyword the article targets.", 2, 200).nullable(),
			list("tags", "Tags, at most 10.", texts(1, 40), 10),
			oneOf("status", "opportunity or scheduled, for an unwritten article.", "opportunity", "scheduled"),
			day("scheduled_for", "The day it is planned for, YYYY-MM-DD.").nullable(),
			text("body_markdown", "The article's text in Markdown.", 0, 200000).nullable(),
		},
	},
	{
		Method: "DELETE", Path: "/sites/{site_id}/articles/{article_id}", Name: "delete_article",
		Description: "Deletes an article.",
	},
	{
		Method: "POST", Path: "/sites/{site_id}/articles/{article_id}/generate", Name: "generate_article",
		Description: "Writes the article as an article.generate job (answer 202 {job}), spending 1 article credit (refunded if writing fails); needs a trial or plan.",
	},
	{
		Method: "POST", Path: "/sites/{site_id}/articles/{article_id}/rewrite-section", Name: "rewrite_article_section",
		Description: "Rewrites one passage of a written article, chosen by section heading or exact text, and applies it unless apply is false; free, counts toward the AI rate limit.",
		Body: []Field{
			text("section", "A heading of the body: its content up to the next heading of the same or a higher level is rewritten. Send section or text.", 1, 200),
			text("text", "An exact passage of the body, found once. Send section or text.", 1, 20000),
			text("instructions", "What to change.", 0, 500),
			flag("apply", "false returns the rewrite without storing it.").withDefault(true),
		},
	},
	{
		Method: "GET", Path: "/sites/{site_id}/articles/{article_id}/score", Name: "get_article_score",
		Description: "Returns the article's SEO and GEO score.",
	},
	{
		Method: "POST", Path: "/sites/{site_id}/articles/{article_id}/finish", Name: "finish_article",
		Description: "Marks a hand-written article finished.",
	},
	{
		Method: "POST", Path: "/sites/{site_id}/articles/{article_id}/publish", Name: "publish_article",
		Description: "Pushes a finished article to connected destinations and/or records the URL where it is live (send url, destinations or both).",
		Body: []Field{
			link("url", "The article's live address."),
			list("destinations", "Integration ids to push to.", values("push_platform_1", "push_platform_2"), 10),
		},
	},
}
