package research

import (
	"context"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// QuotaScope is the counter of an account's research runs for the no-plan
// daily limit. Every run counts; the limit applies only without a trial or
// plan.
func QuotaScope(accountID string) string { return "research.noplan.daily#" + accountID }

// Service starts research runs for API callers.
type Service struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Sites    *sites.Store
	Jobs     *jobs.Enqueuer
	Counters *ratelimit.Counters
	AI       *ratelimit.AI
	// PlanActive reports whether the account has a trial or plan, which
	// lifts the daily limit. Nil means no account has one.
	PlanActive func(ctx context.Context, accountID string) (bool, error)
}

// Start queues a research job on the caller's site and returns it. It
// counts one call against the account's AI rate limit, and one run
// against the daily limit of an account without a trial or plan (the job
// and the count commit together). Errors: not_found for a site that is not
// the caller's; rate_limited with Retry-After when the AI budget of the
// hour is spent, or when an account without a trial or plan already ran
// DailyLimit today (until 00:00 UTC).
func (s *Service) Start(ctx context.Context, siteID string, req Request) (jobs.Job, error) {
	p, _ := auth.From(ctx)
	if _, err := s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
		return jobs.Job{}, err
	}
	limit := DailyLimit
	if s.PlanActive != nil {
		active, err := s.PlanActive(ctx, p.AccountID)
		if err != nil {
			return jobs.Job{}, apperr.Wrap("research.Start", err)
		}
		if active {
			limit = 0
		}
	}
	req.Actor, req.IP = p.Actor, p.IP
	// The run's AI unit and its place in the day's quota are taken with
	// the job, so a run either limit refuses never holds the other's.
	tx := &dynamo.Tx{}
	unit := s.AI.TakeIn(tx, p.AccountID)
	win := s.Counters.TakeIn(tx, QuotaScope(p.AccountID), ratelimit.Day, limit)
	job := s.Jobs.Add(tx, p.AccountID, siteID, Kind, req)
	activity.Record(tx, s.Clock.Now(), p, activity.Change{
		Action: "site.research_started", SiteID: siteID, Resource: activity.Resource{Type: "site", ID: siteID},
		Summary: summary(req),
	})
	err := s.Table.Commit(ctx, tx, job)
	switch aiSpent := s.AI.Spent(err, p.AccountID, unit); {
	case ratelimit.Exhausted(err, QuotaScope(p.AccountID)):
		e := apperr.Newf(apperr.RateLimited, "Without a trial or plan an account can run research %d times a day. Wait Retry-After seconds, or start a trial.", DailyLimit)
		e.RetryAfter = win.RetryAfter()
		return jobs.Job{}, e
	case aiSpent != nil:
		return jobs.Job{}, aiSpent
	case err != nil:
		return jobs.Job{}, apperr.Wrap("research.Start", err)
	}
	return job, nil
}

func summary(r Request) string {
	s := "Research started"
	if r.Seed != "" {
		s += " around " + nouns.Quoted(r.Seed)
	}
	if r.Save {
		s += "; results will be saved"
	}
	return s
}
