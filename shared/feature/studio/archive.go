package studio

import (
	"context"
	"errors"
	"log/slog"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// dueBatch bounds the removals one scheduled run archives.
const dueBatch = 50

// ArchiveDue archives every Studio site whose removal time has come
// (spec 3: status archived, site.archived; its articles stay readable).
// It is a scheduled task and safe to run again.
func (s *Service) ArchiveDue(ctx context.Context) error {
	due, err := dynamo.Due[removal](ctx, s.Table, removalKind, clock.SortKey(s.Clock.Now())+"~", dueBatch)
	if err != nil {
		return err
	}
	var errs []error
	for _, r := range due {
		if err := s.archiveDue(ctx, r); err != nil {
			slog.ErrorContext(ctx, "archive a removed Studio site", "account_id", r.AccountID, "site_id", r.SiteID, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (s *Service) archiveDue(ctx context.Context, r removal) error {
	site, err := s.Sites.Get(ctx, r.AccountID, r.SiteID)
	if err != nil && !apperr.Is(err, apperr.NotFound) {
		return err
	}
	if err != nil || site.Status != sites.StatusActive || site.RemovesAt == nil || *site.RemovesAt != r.RemovesAt {
		return s.Table.Delete(ctx, r.PK, r.SK) // restored or gone meanwhile
	}
	_, err = s.archiveNow(ctx, r.AccountID, site)
	return err
}

// archiveNow archives an active Studio site whose removal time passed.
func (s *Service) archiveNow(ctx context.Context, accountID string, site sites.Site) (sites.Site, error) {
	at := s.Clock.Now()
	if site.RemovesAt != nil {
		if t, err := clock.Parse(*site.RemovesAt); err == nil {
			at = t
		}
	}
	tx := &dynamo.Tx{}
	archived := s.Billing.ArchiveIn(tx, accountID, site, at, "its removal time was reached")
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		return sites.Site{}, apperr.Wrap("studio.archive", err)
	}
	return archived, nil
}
