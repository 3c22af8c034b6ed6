package forum

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// lockedRetry is how long an automatic sweep waits when a sweep of the
// site is running.
const lockedRetry = time.Hour

// SweepDue starts the automatic sweeps that are due (a scheduled task):
// one a day per site with forum presence and automatic sweeps on, while
// the account is on the paid plan and the site usable; otherwise the
// sweep is skipped and tried again a day later. Automatic sweeps do not
// count toward the AI rate limit.
func (s *Service) SweepDue(ctx context.Context) error {
	due, err := queryDue[settingsItem](ctx, s.Table, dueSweepKind, s.Clock.Now(), dueBatch)
	if err != nil {
		return err
	}
	var errs []error
	for _, it := range due {
		if err := s.autoSweep(ctx, it); err != nil {
			slog.ErrorContext(ctx, "automatic forum sweep", "site_id", it.SiteID, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (s *Service) autoSweep(ctx context.Context, it settingsItem) error {
	now := s.Clock.Now()
	ok, err := s.eligible(ctx, it, now)
	if err != nil {
		return err
	}
	if ok && !it.locked(now) {
		_, err := s.queueSweep(ctx, auth.Service(it.AccountID, "automatic forum sweeps"), it.SiteID, true)
		if err == nil || !apperr.Is(err, apperr.Conflict) {
			return err
		}
	}
	wait := SweepEvery
	if it.locked(now) {
		wait = lockedRetry
	}
	it.schedule(now)
	if it.GSI1PK != "" {
		it.setDue(now.Add(wait))
	}
	tx := &dynamo.Tx{}
	s.putSettings(tx, it, true)
	if err := s.Table.Commit(ctx, tx, nil); err != nil && !dynamo.LostRace(err, "forum") {
		return err
	}
	return nil
}

// eligible reports whether an automatic sweep of the site may run: paid
// plan, usable site, feature and automatic sweeps on.
func (s *Service) eligible(ctx context.Context, it settingsItem, now time.Time) (bool, error) {
	if !it.Enabled || !it.SweepEnabled {
		return false, nil
	}
	b, err := s.Billing.Get(ctx, it.AccountID)
	if err != nil || !b.Paid {
		return false, err
	}
	site, err := s.Sites.Get(ctx, it.AccountID, it.SiteID)
	if apperr.Is(err, apperr.NotFound) {
		return false, nil
	}
	return err == nil && site.Usable(now), err
}

// queryDue returns up to limit items of kind's due-work queue whose due
// time is at or before now.
func queryDue[T any](ctx context.Context, t *dynamo.Table, kind string, now time.Time, limit int) ([]T, error) {
	items, err := dynamo.Due[T](ctx, t, kind, clock.SortKey(now)+"~", limit)
	if err != nil {
		return nil, apperr.Wrap("forum.due", err)
	}
	return items, nil
}
