package research

import (
	"context"
	"time"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/platform/model"
)

// ApplyBatch commits batch i of p alone, as an attempt that dies after it.
func (s *Plans) ApplyBatch(ctx context.Context, p *Plan, i int) error { return s.batch(ctx, p, i) }

// IdeaArticle is ideaArticle for the package's external tests.
func IdeaArticle(siteID string, idea model.ArticleIdea, status string, source string, now time.Time) articles.Article {
	return ideaArticle(siteID, idea, status, nil, source, now)
}

// Lock is lock for the package's external tests.
func (s *Plans) Lock(ctx context.Context, siteID, jobID string, deadline time.Time) (func(), error) {
	return s.lock(ctx, siteID, jobID, deadline)
}
