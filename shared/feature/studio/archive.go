package studio

import (
	"context"
	"log/slog"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// archiveWorkers is how many removals a run archives at once.
const archiveWorkers = 8

// ArchiveDue archives every Studio site whose removal time has come
// (spec 3: status archived, site.archived; its articles stay readable),
// however many are due. It is a scheduled task and safe to run again: a
// site another run (or a restore) changed first is not an error.
func (s *Service) ArchiveDue(ctx context.Context) error {
	run, err := dynamo.DrainDue(ctx, s.Table, removalKind, clock.SortKey(s.Clock.Now())+"~", archiveWorkers, func(ctx context.Context, r removal) error {
		err := s.archiveDue(ctx, r)
		if dynamo.LostRace(err, "site:"+r.SiteID) {
			slog.DebugContext(ctx, "Studio site changed by another run", "account_id", r.AccountID, "site_id", r.SiteID)
			return nil
		}
		if err != nil {
			slog.ErrorContext(ctx, "archive a removed Studio site", "account_id", r.AccountID, "site_id", r.SiteID, "err", err)
		}
		return err
	})
	if run.More {
		slog.InfoContext(ctx, "Studio site removals left for the next run", "archived", run.Handled, "failed", run.Failed)
	}
	return err
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
		if dynamo.LostRace(err, "site:"+site.ID) {
			return sites.Site{}, err // the site changed meanwhile: the caller decides
		}
		return sites.Site{}, apperr.Wrap("studio.archive", err)
	}
	return archived, nil
}
