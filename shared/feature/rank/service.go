package rank

import (
	"context"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/auth"
)

// Service answers GET /sites/{site_id}/rank.
type Service struct {
	Sites    *sites.Store
	Keywords *keywords.Store
	Articles *articles.Store
}

// Get measures the caller's site's keyword coverage now. Errors:
// not_found for a site that is not the caller's.
func (s *Service) Get(ctx context.Context, siteID string) (Rank, error) {
	p, _ := auth.From(ctx)
	var kws []keywords.Keyword
	var arts []articles.Article
	_, err := s.Sites.Within(ctx, p.AccountID, siteID, func(ctx context.Context) (err error) {
		kws, err = s.Keywords.All(ctx, siteID)
		return err
	}, func(ctx context.Context) (err error) {
		arts, err = s.Articles.All(ctx, siteID)
		return err
	})
	if err != nil {
		return Rank{}, err
	}
	return Compute(siteID, kws, arts), nil
}
