package writing

import (
	"context"
	"errors"
	"fmt"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/platform/dynamo"
)

// jobInput is an article.generate job's input: what to write, who asked
// (and from which address), and where its credit came from (for a
// refund).
// The watch item of the generation keeps a copy.
type jobInput struct {
	ArticleID   string     `json:"article_id" dynamodbav:"article_id"`
	SiteID      string     `json:"site_id" dynamodbav:"site_id"`
	Trigger     string     `json:"trigger" dynamodbav:"trigger"`
	Actor       auth.Actor `json:"actor" dynamodbav:"actor"`
	IP          string     `json:"ip,omitempty" dynamodbav:"ip,omitempty"`
	Credits     int        `json:"credits" dynamodbav:"credits"`
	PeriodStart string     `json:"period_start" dynamodbav:"period_start"`
}

// spent is the credit spend the job's input records.
func (in jobInput) spent(accountID string) credits.Spent {
	return credits.Spent{
		SpendRequest: credits.SpendRequest{AccountID: accountID, SiteID: in.SiteID, Kind: credits.Articles, N: in.Credits},
		PeriodStart:  in.PeriodStart,
	}
}

// principal is who asked for the generation, and the address the request
// came from, for the activity log.
func (in jobInput) principal(accountID string) auth.Principal {
	return auth.Principal{AccountID: accountID, Actor: in.Actor, IP: in.IP}
}

// Errors of Generate.
var (
	errBeingWritten    = apperr.New(apperr.Conflict, "The article is already being written. Wait for its job to end.")
	errAlreadyFinished = apperr.New(apperr.Conflict, "The article is already finished.")
	errHasBody         = apperr.New(apperr.Conflict, "The article already has a body. Finish it with POST .../finish, or clear body_markdown with PATCH to have the service write it.")
)

// Generate starts writing article id of the site for p (trigger api,
// dashboard or autopilot, from p's actor): in one transaction it spends one
// article credit, moves the article to generating and creates the
// article.generate job it returns (the job is the response an idempotent
// request replays). Only ideas and scheduled articles without a body can
// be generated. Another write of the article between its read and the
// spend (a PATCH of its tags or title) is no conflict: the generation
// starts again from the article as it is then (backoff.Retry), and only
// an article that keeps changing answers the race's conflict. Errors:
// not_found; conflict (finished, being written, has a body, or changed at
// the same moment); insufficient_credits.
func (s *Service) Generate(ctx context.Context, p auth.Principal, siteID, id string) (jobs.Job, error) {
	if _, err := s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
		return jobs.Job{}, err
	}
	return backoff.Retry(ctx, func(err error) bool { return errors.Is(err, articles.ErrChanged) }, func() (jobs.Job, error) {
		return s.generate(ctx, p, siteID, id)
	})
}

// generate is one attempt of Generate; articles.ErrChanged when another
// write of the article came between its read and the spend's commit.
func (s *Service) generate(ctx context.Context, p auth.Principal, siteID, id string) (jobs.Job, error) {
	prep, err := s.Articles.Prepare(ctx, siteID, id, func(a *articles.Article) error {
		switch {
		case a.Status == articles.StatusGenerating:
			return errBeingWritten
		case a.Status == articles.StatusFinished:
			return errAlreadyFinished
		case a.Written():
			return errHasBody
		}
		a.Status = articles.StatusGenerating
		return nil
	})
	if err != nil {
		return jobs.Job{}, err
	}
	trigger := articles.TriggerOf(p)
	var job jobs.Job
	_, err = s.Credits.Spend(ctx, credits.SpendRequest{AccountID: p.AccountID, SiteID: siteID, Kind: credits.Articles, N: CreditsPerArticle},
		func(tx *dynamo.Tx, spent credits.Spent) (any, error) {
			in := jobInput{ArticleID: id, SiteID: siteID, Trigger: trigger, Actor: p.Actor, IP: p.IP, Credits: spent.N, PeriodStart: spent.PeriodStart}
			job = s.Jobs.Add(tx, p.AccountID, siteID, Kind, in)
			prep.After.GenerationJobID = job.ID
			prep.PutIn(tx)
			s.watch(tx, p.AccountID, job.ID, in)
			activity.Record(tx, s.Clock.Now(), p, activity.Change{
				Action: "article.generation_started", SiteID: siteID, Resource: activity.Resource{Type: "article", ID: id},
				Summary: fmt.Sprintf("Writing of %q started (1 article credit)", prep.After.Title),
			})
			return job, nil
		})
	if articles.LostArticle(err) {
		return jobs.Job{}, articles.ErrChanged
	}
	if err != nil {
		return jobs.Job{}, apperr.Wrap("writing.Generate", err)
	}
	return job, nil
}
