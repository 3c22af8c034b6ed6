package writing

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// errStale stops a generation path that no longer owns the article: it is
// not generating under this job any more (another path ended it).
var errStale = apperr.New(apperr.Conflict, "The article is no longer being written by this job.")

// result is an article.generate job's result.
type result struct {
	Article      articles.Article `json:"article"`
	CreditsSpent int              `json:"credits_spent"`
}

// complete stores the draft, its body rendered (body), as the finished
// article, with article.generated and article.finished, the job's
// completion and the watch's removal, in one transaction.
func (s *Service) complete(ctx context.Context, run *jobs.Run, in jobInput, site sites.Site, d model.ArticleDraft, body editing.Body) (any, error) {
	now := s.Clock.Now()
	var res result
	_, err := s.Articles.Change(ctx, in.SiteID, in.ArticleID, func(a *articles.Article) error {
		if a.Status != articles.StatusGenerating || a.GenerationJobID != run.Job.ID {
			return errStale
		}
		editing.Set(a, body)
		a.Description = d.Description
		if len(d.Tags) > 0 {
			a.Tags = d.Tags
		}
		a.Status, a.GenerationJobID = articles.StatusFinished, ""
		at := clock.Format(now)
		a.FinishedAt = &at
		a.Slug = articles.Slug(a.Title, a.ID)
		editing.SetSEOScore(a, site)
		return nil
	}, func(tx *dynamo.Tx, _, after articles.Article) error {
		res = result{Article: after.WithoutBody(), CreditsSpent: in.Credits}
		s.Events.Emit(tx, run.AccountID, in.SiteID, "article.generated", map[string]any{
			"article": res.Article, "job_id": run.Job.ID, "trigger": in.Trigger, "credits_spent": in.Credits,
		})
		s.Events.Emit(tx, run.AccountID, in.SiteID, "article.finished", map[string]any{"article": res.Article, "trigger": in.Trigger})
		activity.Record(tx, now, in.principal(run.AccountID), activity.Change{
			Action: "article.generated", SiteID: in.SiteID, Resource: activity.Resource{Type: "article", ID: after.ID},
			Summary: fmt.Sprintf("Article %q written (%d words, SEO score %.0f)", after.Title, after.WordCount, *after.SEOScore),
		})
		unwatch(tx, run.AccountID, in.ArticleID, run.Job.ID)
		run.CompleteIn(tx, now, res)
		return nil
	})
	switch {
	case err == nil:
		return res, nil
	case errors.Is(err, errStale):
		return nil, err // fails the job: whoever ended the generation cleaned up
	case errors.Is(err, articles.ErrNotFound):
		return nil, s.giveUp(ctx, run.AccountID, run.Job.ID, in, run, errDeleted)
	}
	// Anything else (a race, the table) is retried as an internal error.
	return nil, fmt.Errorf("store the written article: %v", err)
}

// Errors a generation fails with.
var (
	errDeleted     = jobs.Error{Code: "not_found", Message: "The article was deleted before it was written. The credit was refunded."}
	errModelFailed = jobs.Error{Code: "generation_failed", Message: "The article could not be written after several attempts. The credit was refunded; try again later."}
)

// writerActor is the actor of the service's own generation records.
const writerActor = "article writer"

// giveUpAttempts bounds giveUp's retries after losing a race.
const giveUpAttempts = 5

// giveUp ends generation jobID without an article: the article goes back
// to scheduled, the credit is refunded (when its period is still current)
// and article.generation_failed is recorded, with the job's failure (run,
// when the job is running) and the watch's removal, in one transaction.
// When another path already ended the generation, only the job fails.
func (s *Service) giveUp(ctx context.Context, accountID, jobID string, in jobInput, run *jobs.Run, jobErr jobs.Error) error {
	for attempt := 1; ; attempt++ {
		err := s.giveUpOnce(ctx, accountID, jobID, in, run, jobErr)
		if err == nil || attempt >= giveUpAttempts || !dynamo.LostRace(err, "article", "credits", "watch") {
			return err
		}
	}
}

func (s *Service) giveUpOnce(ctx context.Context, accountID, jobID string, in jobInput, run *jobs.Run, jobErr jobs.Error) error {
	now := s.Clock.Now()
	tx := &dynamo.Tx{}
	fail := func(e jobs.Error) {
		if run != nil {
			run.FailIn(tx, now, e)
		}
	}
	prep, err := s.Articles.Prepare(ctx, in.SiteID, in.ArticleID, func(a *articles.Article) error {
		if a.Status != articles.StatusGenerating || a.GenerationJobID != jobID {
			return errStale
		}
		a.Status, a.GenerationJobID = articles.StatusScheduled, ""
		return nil
	})
	switch {
	case errors.Is(err, errStale):
		if run == nil {
			return s.dropWatch(ctx, accountID, in.ArticleID, jobID)
		}
		fail(jobErr)
		return s.Table.Commit(ctx, tx, nil)
	case err == nil:
		prep.PutIn(tx)
	case !errors.Is(err, articles.ErrNotFound):
		return err
	}
	found := err == nil // else the article was deleted meanwhile
	refunded, err := s.Credits.RefundIn(ctx, tx, in.spent(accountID))
	if err != nil {
		return err
	}
	if refunded == 0 {
		jobErr.Message = strings.Replace(jobErr.Message, "The credit was refunded", "Its credit was not refunded: the billing period it belonged to has ended", 1)
	}
	fail(jobErr)
	unwatch(tx, accountID, in.ArticleID, jobID)
	s.Events.Emit(tx, accountID, in.SiteID, "article.generation_failed", map[string]any{
		"article_id": in.ArticleID, "job_id": jobID, "trigger": in.Trigger, "error": jobErr, "credits_refunded": refunded,
	})
	activity.Record(tx, now, auth.Service(accountID, writerActor), activity.Change{
		Action: "article.generation_failed", SiteID: in.SiteID, Resource: activity.Resource{Type: "article", ID: in.ArticleID},
		Summary: failureSummary(prep.After.Title, found, refunded),
	})
	return s.Table.Commit(ctx, tx, nil)
}

// failureSummary is the activity entry of a writing that ended without an
// article: which article (title; found is false when it was deleted
// meanwhile) and how many article credits went back.
func failureSummary(title string, found bool, refunded int) string {
	credits := "no article credit was refunded (its billing period has ended)"
	switch {
	case refunded == 1:
		credits = "1 article credit refunded"
	case refunded > 1:
		credits = fmt.Sprintf("%d article credits refunded", refunded)
	}
	if !found {
		return "Writing stopped: the article was deleted; " + credits
	}
	return fmt.Sprintf("Writing of %q failed; %s", title, credits)
}
