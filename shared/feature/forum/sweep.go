package forum

import (
	"context"
	"time"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// SweepLease is how long a sweep holds its site's lock: a sweep whose
// worker died stops blocking the next one after it.
const SweepLease = 15 * time.Minute

// SweepResult is a forum.sweep job's result and the data of
// forum.sweep_completed.
type SweepResult struct {
	ThreadsSeen          int `json:"threads_seen"`
	OpportunitiesCreated int `json:"opportunities_created"`
}

// locked reports whether a sweep of the site runs at now.
func (it settingsItem) locked(now time.Time) bool {
	return it.SweepJobID != "" && it.SweepUntil > clock.SortKey(now)
}

// errSweepRunning refuses a second concurrent sweep.
func errSweepRunning(jobID string) error {
	return apperr.Newf(apperr.Conflict, "A sweep of this site is already running (job %s). Wait for it to end (GET /jobs/%s?wait=30).", jobID, jobID)
}

// StartSweep starts a forum.sweep job on the caller's site (spec 4.8). It
// needs forum presence enabled, counts toward the account's AI rate limit,
// and refuses a second sweep while one runs. Errors: not_found, conflict,
// rate_limited.
func (s *Service) StartSweep(ctx context.Context, siteID string) (jobs.Job, error) {
	p, _, err := s.site(ctx, siteID)
	if err != nil {
		return jobs.Job{}, err
	}
	it, _, err := s.loadSettings(ctx, p.AccountID, siteID)
	if err != nil {
		return jobs.Job{}, err
	}
	if !it.Enabled {
		return jobs.Job{}, apperr.New(apperr.Conflict, `Forum presence is off for this site. Turn it on with PATCH /sites/{site_id}/forum {"enabled": true}, then sweep.`)
	}
	if it.locked(s.Clock.Now()) {
		return jobs.Job{}, errSweepRunning(it.SweepJobID)
	}
	return s.queueSweep(ctx, p, siteID, false)
}

// queueSweep takes the site's sweep lock and queues the job in one
// transaction, reading the settings again after a lost race. A manual
// sweep takes its AI-rate-limit unit in the same transaction, so only a
// sweep that starts spends one: one that loses the lock to a concurrent
// sweep is a conflict, never rate_limited. An automatic sweep takes no
// unit and sets the next one a day later.
func (s *Service) queueSweep(ctx context.Context, p auth.Principal, siteID string, automatic bool) (jobs.Job, error) {
	for attempt := 0; attempt < 3; attempt++ {
		it, exists, err := s.loadSettings(ctx, p.AccountID, siteID)
		if err != nil {
			return jobs.Job{}, err
		}
		now := s.Clock.Now()
		if !exists || !it.Enabled {
			return jobs.Job{}, apperr.New(apperr.Conflict, "Forum presence was turned off for this site at the same moment.")
		}
		if it.locked(now) {
			return jobs.Job{}, errSweepRunning(it.SweepJobID)
		}
		tx := &dynamo.Tx{}
		var unit ratelimit.Window
		if !automatic {
			unit = s.AI.TakeIn(tx, p.AccountID)
		}
		job := s.Jobs.Add(tx, p.AccountID, siteID, SweepKind, nil)
		it.SweepJobID, it.SweepUntil = job.ID, clock.SortKey(now.Add(SweepLease))
		summary := "Forum sweep started"
		if automatic {
			it.setDue(now.Add(SweepEvery))
			summary = "Automatic forum sweep started"
		}
		s.putSettings(tx, it, true)
		record(tx, now, p, siteID, "forum.sweep_started", "job", job.ID, summary)
		err = s.Table.Commit(ctx, tx, job)
		if dynamo.LostRace(err, "forum") {
			continue
		}
		if !automatic {
			if spent := s.AI.Spent(err, p.AccountID, unit); spent != nil {
				return jobs.Job{}, spent
			}
		}
		if err != nil {
			return jobs.Job{}, apperr.Wrap("forum.StartSweep", err)
		}
		return job, nil
	}
	return jobs.Job{}, errSettingsRace
}
