package editing

import (
	"context"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Errors of Finish.
var (
	errAlreadyFinished = apperr.New(apperr.Conflict, "The article is already finished.")
	errNoBody          = apperr.New(apperr.Conflict, "The article has no body. Write it with PATCH .../articles/{article_id} (body_markdown), or let the service write it with POST .../generate.")
)

// Finish marks the caller's hand-written article finished: it must have a
// body and be neither finished nor being written (409 conflict otherwise).
// It sets finished_at and seo_score, and records article.finished with
// the caller's trigger. Another write of the article meanwhile (a PATCH of
// its tags) is no conflict: it is finished as it is then (see again).
// Errors: not_found, conflict.
func (s *Service) Finish(ctx context.Context, siteID, id string) (articles.Article, error) {
	p, site, err := s.site(ctx, siteID)
	if err != nil {
		return articles.Article{}, err
	}
	return again(ctx, func() (articles.Article, error) { return s.finish(ctx, p, site, siteID, id) })
}

// finish is one attempt of Finish.
func (s *Service) finish(ctx context.Context, p auth.Principal, site sites.Site, siteID, id string) (articles.Article, error) {
	now := s.Clock.Now()
	return s.Store.Change(ctx, siteID, id, func(a *articles.Article) error {
		switch {
		case a.Status == articles.StatusGenerating:
			return errGenerating
		case a.Status == articles.StatusFinished:
			return errAlreadyFinished
		case !a.Written():
			return errNoBody
		}
		a.Status = articles.StatusFinished
		at := clock.Format(now)
		a.FinishedAt = &at
		a.Slug = articles.Slug(a.Title, a.ID)
		SetSEOScore(a, site)
		return nil
	}, func(tx *dynamo.Tx, _, after articles.Article) error {
		s.Events.Emit(tx, p.AccountID, siteID, "article.finished", map[string]any{"article": after.WithoutBody(), "trigger": articles.TriggerOf(p)})
		activity.Record(tx, now, p, activity.Change{
			Action: "article.finished", SiteID: siteID, Resource: activity.Resource{Type: "article", ID: id},
			Summary: "Article " + nouns.Quoted(after.Title) + " marked finished",
		})
		return nil
	})
}
