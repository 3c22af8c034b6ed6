package liveurls

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Sources of article.published that this package records.
const SourceSiteKey = "site_key"

// ResultRecorded is article.published's result for a recorded URL.
const ResultRecorded = "recorded"

// ErrArticleNotFound answers a report about an article that is not a
// finished article of the key's site.
var ErrArticleNotFound = apperr.NotFoundf("Article not found")

// ErrNotUUID answers an article id that is not a UUID (spec 4: 500).
var ErrNotUUID = apperr.New(apperr.Internal, "Internal error")

// Recorder validates and records live-URL reports.
type Recorder struct {
	Articles *articles.Store
	Events   *eventlog.Writer
	Clock    clock.Clock
	// Verified tells the site's verified backlink domain; nil: none.
	Verified VerifiedDomains
}

// Report is one live-URL report made with a site key.
type Report struct {
	Site      sites.Site
	AccountID string
	ArticleID string
	Body      []byte
	// By is who reported, for the activity log.
	By auth.Principal
}

// A report that raced another write of the article is tried again. The
// public API has no 409 to answer a race with (spec 7), so reports that
// arrive together (a plugin sending a site's URLs at once) are written one
// after another, each retry after a backoff.Pause, for as long as
// retryFor: a count of attempts would give up sooner on a loaded machine,
// where each write takes longer and twenty reports at once lose more
// rounds.
const retryFor = 5 * time.Second

// Record validates r in the spec's order (body, public address, own
// domain: all before the article is looked up), then sets the finished
// article's published_url. updated_at moves and article.published
// {source site_key, result recorded} is recorded with it. Reporting the URL
// the article already has changes nothing and returns the article as it is,
// so a repeated report yields the same answer.
func (rc *Recorder) Record(ctx context.Context, r Report) (articles.Article, error) {
	url, err := ReadURL(r.Body)
	if err != nil {
		return articles.Article{}, err
	}
	verified := ""
	if rc.Verified != nil {
		d, ok, err := rc.Verified.VerifiedDomain(ctx, r.AccountID, r.Site.ID)
		if err != nil {
			return articles.Article{}, apperr.Wrap("liveurls.Record", err)
		}
		if ok {
			verified = d
		}
	}
	if err := CheckURL(url, Domains(r.Site, verified)); err != nil {
		return articles.Article{}, err
	}
	if !ids.Valid(r.ArticleID) {
		return articles.Article{}, ErrNotUUID
	}
	give := time.Now().Add(retryFor)
	for attempt := 1; ; attempt++ {
		a, err := rc.set(ctx, r, url)
		if errors.Is(err, articles.ErrChanged) && time.Now().Before(give) {
			if err := backoff.Pause(ctx, attempt, backoff.LongestPause); err != nil {
				return articles.Article{}, apperr.Wrap("liveurls.Record", err)
			}
			continue
		}
		return a, err
	}
}

// errSame stops a change that would write what is already there.
var errSame = errors.New("liveurls: same URL")

func (rc *Recorder) set(ctx context.Context, r Report, url string) (articles.Article, error) {
	var current articles.Article
	a, err := rc.Articles.Change(ctx, r.Site.ID, r.ArticleID, func(a *articles.Article) error {
		if a.Status != articles.StatusFinished {
			return ErrArticleNotFound
		}
		if a.PublishedURL != nil && *a.PublishedURL == url {
			current = *a
			return errSame
		}
		now := clock.Format(rc.Clock.Now())
		a.PublishedURL = &url
		a.PublishedAt = &now
		return nil
	}, func(tx *dynamo.Tx, _, after articles.Article) error {
		rc.Events.Emit(tx, r.AccountID, r.Site.ID, "article.published", map[string]any{
			"article_id": after.ID, "source": SourceSiteKey, "url": url, "result": ResultRecorded,
		})
		activity.Record(tx, rc.Clock.Now(), r.By, activity.Change{
			Action: "article.published", SiteID: r.Site.ID, Resource: activity.Resource{Type: "article", ID: after.ID},
			Summary: fmt.Sprintf("Live URL of %s recorded: %s", nouns.Quoted(after.Title), url),
		})
		return nil
	})
	switch {
	case errors.Is(err, errSame):
		return current, nil
	case errors.Is(err, articles.ErrNotFound):
		return articles.Article{}, ErrArticleNotFound
	case err != nil:
		return articles.Article{}, apperr.Wrap("liveurls.Record", err)
	}
	return a, nil
}
