package writing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/articles/editing"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/model"
)

// Run is the article.generate job's runner: it writes the article with the
// site's writing settings, brand, description and scan analysis, then
// finishes it (complete). A model failure is retried up to the job's
// attempts; after the last one the generation is given up (giveUp).
// Nothing here depends on the credential that started the job, so work
// already started finishes even if that credential is revoked.
func (s *Service) Run(ctx context.Context, run *jobs.Run) (any, error) {
	var in jobInput
	if err := json.Unmarshal(run.Input, &in); err != nil || in.ArticleID == "" {
		return nil, apperr.New(apperr.BadRequest, "The job's input is not an article to write.")
	}
	a, err := s.Articles.Get(ctx, in.SiteID, in.ArticleID)
	switch {
	case errors.Is(err, articles.ErrNotFound):
		return nil, s.giveUp(ctx, run.AccountID, run.Job.ID, in, run, errDeleted)
	case err != nil:
		return nil, fmt.Errorf("read the article: %v", err)
	case a.Status != articles.StatusGenerating || a.GenerationJobID != run.Job.ID:
		return nil, errStale
	}
	site, err := s.Sites.Get(ctx, run.AccountID, in.SiteID)
	if err != nil {
		return nil, fmt.Errorf("read the site: %v", err)
	}
	brief, err := s.brief(ctx, run.AccountID, site, a)
	if err != nil {
		return nil, fmt.Errorf("prepare the brief: %v", err)
	}
	draft, body, err := s.write(ctx, brief)
	if err != nil {
		if run.Job.Attempts < jobs.MaxAttempts {
			return nil, fmt.Errorf("write the article (attempt %d): %v", run.Job.Attempts, err)
		}
		return nil, s.giveUp(ctx, run.AccountID, run.Job.ID, in, run, errModelFailed)
	}
	return s.complete(ctx, run, in, site, draft, body)
}

// write asks the writer for the article.
func (s *Service) write(ctx context.Context, b model.ArticleBrief) (model.ArticleDraft, editing.Body, error) {
	d, err := s.Writer.WriteArticle(ctx, b)
	if err != nil {
		return model.ArticleDraft{}, editing.Body{}, err
	}
	if len([]rune(d.Description)) > articles.MaxDescription {
		d.Description = string([]rune(d.Description)[:articles.MaxDescription])
	}
	if len(d.BodyMarkdown) > articles.MaxBody {
		return model.ArticleDraft{}, editing.Body{}, errTooLong
	}
	body := editing.Render(d.BodyMarkdown) // once, for the size check and the article
	if !body.Fits() {
		return model.ArticleDraft{}, editing.Body{}, errTooLong
	}
	if editing.HasImages(d.BodyMarkdown) {
		return model.ArticleDraft{}, editing.Body{}, errors.New("the written body has an image, and articles carry text only")
	}
	return d, body, nil
}

// errTooLong is a written body too long to store.
var errTooLong = errors.New("the written body is longer than an article may be")
