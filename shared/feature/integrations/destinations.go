package integrations

import (
	"context"
	"errors"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// Destination is where a push put an article: the platform, the address
// the platform gave the post, and when it was last pushed.
type Destination struct {
	// Destination is the platform (an integration id).
	Destination string `json:"destination"`
	// URL is the post's address on the platform, as the platform gave it.
	URL string `json:"url"`
	// PushedAt is when the article was last pushed there.
	PushedAt string `json:"pushed_at"`
}

// Destinations returns where the caller's site's article is on the
// platforms connected now, in the order integrations list (a platform
// that never got it, or was connected again since, is not listed).
// Errors: not_found for the site or the article.
func (s *Service) Destinations(ctx context.Context, siteID, articleID string) ([]Destination, error) {
	p, _ := auth.From(ctx)
	records := make([]record, len(Order))
	found := make([]bool, len(Order))
	// The site, the article and the integrations are read at once; then
	// what each connection pushed of the article.
	_, err := s.Sites.Within(ctx, p.AccountID, siteID, func(ctx context.Context) error {
		_, err := s.Articles.Get(ctx, siteID, articleID)
		return err
	}, func(ctx context.Context) error {
		fns := make([]func(context.Context) error, len(Order))
		for i, platform := range Order {
			fns[i] = func(ctx context.Context) (err error) {
				records[i], found[i], err = s.stored(ctx, siteID, platform)
				return err
			}
		}
		return par.Do(ctx, fns...)
	})
	if err != nil {
		return nil, err
	}
	pushes := make([]*pushed, len(Order))
	var reads []func(context.Context) error
	for i, r := range records {
		if !found[i] || !r.connected() {
			continue
		}
		reads = append(reads, func(ctx context.Context) error {
			var it pushed
			err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.PushSK(r.Platform, r.ConnectionID, articleID), &it)
			if errors.Is(err, dynamo.ErrNotFound) {
				return nil
			}
			if err != nil {
				return apperr.Wrap("integrations.Destinations", err)
			}
			pushes[i] = &it
			return nil
		})
	}
	if len(reads) > 0 {
		if err := par.Do(ctx, reads...); err != nil {
			return nil, err
		}
	}
	out := []Destination{}
	for i, it := range pushes {
		if it != nil {
			out = append(out, Destination{Destination: Order[i], URL: it.URL, PushedAt: it.PushedAt})
		}
	}
	return out, nil
}
