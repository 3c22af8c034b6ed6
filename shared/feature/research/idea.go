package research

import (
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/platform/model"
)

// ideaArticle returns the article an idea becomes, created at now.
func ideaArticle(siteID string, idea model.ArticleIdea, status string, scheduledFor *string, source string, now time.Time) articles.Article {
	kw := idea.Keyword
	a := articles.New(siteID, articles.Draft{
		Title: idea.Title, Description: idea.Description, Keyword: &kw, Status: status, ScheduledFor: scheduledFor,
	}, source, now)
	a.Estimates = &articles.Estimates{TrafficEstimate: idea.TrafficEstimate, Competition: idea.Competition, AISignal: idea.AISignal}
	return a
}
