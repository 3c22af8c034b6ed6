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
	if _, err := s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
		return Rank{}, err
	}
	kws, err := s.Keywords.All(ctx, siteID)
	if err != nil {
		return Rank{}, err
	}
	arts, err := s.Articles.All(ctx, siteID)
	if err != nil {
		return Rank{}, err
	}
	return Compute(siteID, kws, arts), nil
}
