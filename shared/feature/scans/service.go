package scans

import (
	"context"
	"fmt"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Service starts and reads scans for API callers.
type Service struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Jobs     *jobs.Enqueuer
	Counters *ratelimit.Counters
	Sites    *sites.Store
	Store    *Store
	// PlanActive reports whether the account has a trial or plan, which
	// lifts the daily scan limit. Nil means no account has one.
	PlanActive func(ctx context.Context, accountID string) (bool, error)
}

// Get returns the latest scan of the caller's site. Errors: not_found.
func (s *Service) Get(ctx context.Context, siteID string) (Scan, error) {
	who, _ := auth.From(ctx)
	return s.Store.Get(ctx, who.AccountID, siteID)
}

// Start queues a new scan of the caller's site and returns its job.
// Errors: not_found for a site that is not the caller's; conflict while a
// Studio site's payment is in flight; subscription_required for an
// archived site; rate_limited (with Retry-After until the next UTC day)
// when an account without a trial or plan already started DailyLimit
// scans today.
func (s *Service) Start(ctx context.Context, siteID string) (jobs.Job, error) {
	who, _ := auth.From(ctx)
	site, err := s.Sites.Get(ctx, who.AccountID, siteID)
	if err != nil {
		return jobs.Job{}, err
	}
	if err := scannable(site, s.Clock); err != nil {
		return jobs.Job{}, err
	}
	limit := DailyLimit
	if s.PlanActive != nil {
		active, err := s.PlanActive(ctx, who.AccountID)
		if err != nil {
			return jobs.Job{}, apperr.Wrap("scans.Start", err)
		}
		if active {
			limit = 0
		}
	}
	tx := &dynamo.Tx{}
	job, win := Queue(tx, s.Jobs, s.Counters, who.AccountID, siteID, limit)
	sites.SetScanStatusIn(tx, who.AccountID, siteID, sites.ScanQueued)
	activity.Record(tx, s.Clock.Now(), who, activity.Change{
		Action: "site.scan_started", SiteID: siteID, Resource: activity.Resource{Type: "site", ID: siteID},
		Summary: fmt.Sprintf("Scan of %s started", deref(site.WebsiteURL)),
	})
	err = s.Table.Commit(ctx, tx, job)
	switch {
	case ratelimit.Exhausted(err, QuotaScope(who.AccountID)):
		e := apperr.Newf(apperr.RateLimited, "Without a trial or plan an account can run %d scans a day, the first one included. Wait Retry-After seconds, or start a trial.", DailyLimit)
		e.RetryAfter = win.RetryAfter()
		return jobs.Job{}, e
	case dynamo.FailedOn(err, "site"):
		return jobs.Job{}, sites.ErrNotFound
	case err != nil:
		return jobs.Job{}, apperr.Wrap("scans.Start", err)
	}
	return job, nil
}

// scannable says why a site cannot be scanned now, if it cannot.
func scannable(site sites.Site, c clock.Clock) error {
	switch {
	case site.Status == sites.StatusPending:
		return apperr.New(apperr.Conflict, "This Studio site's payment is still in flight; scan it once it is active.")
	case !site.Usable(c.Now()):
		return apperr.New(apperr.SubscriptionRequired, "This site is archived or its removal date has passed; restore it with POST /sites/{site_id}/restore before scanning.")
	case site.WebsiteURL == nil || *site.WebsiteURL == "":
		return apperr.New(apperr.Conflict, "This site has no website_url; set one with PATCH /sites/{site_id}, then scan.")
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
