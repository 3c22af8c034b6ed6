package editing

import (
	"context"
	"net/url"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/score"
	"rvcontent/shared/feature/sites"
)

// ScoreOf scores the article on its site (package score's rules): the
// site's brand name and website host feed the entity and citation checks.
func ScoreOf(a articles.Article, site sites.Site) score.Score {
	in := score.Input{
		Title: a.Title, Slug: a.Slug, Description: a.Description, Body: a.BodyMarkdown, WordCount: a.WordCount,
	}
	if a.Keyword != nil {
		in.Keyword = *a.Keyword
	}
	if site.BrandName != nil {
		in.Brand = *site.BrandName
	}
	if site.WebsiteURL != nil {
		if u, err := url.Parse(*site.WebsiteURL); err == nil && u.Hostname() != "" {
			in.SiteHosts = []string{u.Hostname()}
		}
	}
	sc := score.Of(in)
	sc.ArticleID = a.ID
	return sc
}

// Score scores the caller's article, written or not (GET .../score).
// Errors: not_found.
func (s *Service) Score(ctx context.Context, siteID, id string) (score.Score, error) {
	var a articles.Article
	_, site, err := s.site(ctx, siteID, func(ctx context.Context) (err error) {
		a, err = s.Store.Get(ctx, siteID, id)
		return err
	})
	if err != nil {
		return score.Score{}, err
	}
	return ScoreOf(a, site), nil
}

// SetBodyOn sets the article's Markdown body and what derives from it
// (SetBody) and, for a finished article, its seo_score as computed on
// site: a finished article's score follows every change of its text, the
// backlink exchange's links included.
func SetBodyOn(a *articles.Article, body string, site sites.Site) {
	SetBody(a, body)
	if a.Status == articles.StatusFinished {
		SetSEOScore(a, site)
	}
}

// SetSEOScore stores the article's SEO score as computed on site.
func SetSEOScore(a *articles.Article, site sites.Site) {
	v := float64(ScoreOf(*a, site).SEO.Score)
	a.SEOScore = &v
}
