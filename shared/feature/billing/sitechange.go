package billing

import (
	"context"
	"log/slog"
	"time"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// SiteLockTTL is how long a site change may hold the account's lock before
// another may take over (the holder died).
const SiteLockTTL = 2 * time.Minute

// Kinds of site change.
const (
	ChangeAdd     = "add"
	ChangeRemove  = "remove"
	ChangeKeep    = "keep"
	ChangeRestore = "restore"
)

// SiteChange is one Studio site change in flight: adding, removing or
// restoring a site changes the subscription's quantity, so an account makes
// one at a time.
type SiteChange struct {
	ID     string
	Kind   string
	SiteID string
}

// ErrSiteChangeInFlight is returned while another site change runs.
var ErrSiteChangeInFlight = apperr.New(apperr.Conflict, "Another site change is in progress on this account. Retry in a few seconds.")

// BeginSiteChange takes the account's site-change lock for ch once check
// accepts the subscription's terms, and commits writes (for example the
// pending site) with it. It returns the terms, ErrSiteChangeInFlight, or
// check's error.
func (s *Service) BeginSiteChange(ctx context.Context, accountID string, ch SiteChange, check func(Terms) error, writes func(*dynamo.Tx, Terms)) (Terms, error) {
	var t Terms
	_, err := s.change(ctx, accountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		if l := r.Lock; l != nil {
			if until, ok := parse(l.Until); ok && until.After(now) {
				return nil, ErrSiteChangeInFlight
			}
			s.dropStale(ctx, accountID, *l)
		}
		t = r.terms(now)
		if err := check(t); err != nil {
			return nil, err
		}
		r.Lock = &siteLock{ID: ch.ID, Kind: ch.Kind, SiteID: ch.SiteID, Until: clock.Format(now.Add(SiteLockTTL))}
		if writes != nil {
			writes(tx, t)
		}
		return nil, nil
	})
	return t, err
}

// EndSiteChange releases ch's lock, adds delta to the Studio site count and
// commits writes with them; writes returns the request's result, stored
// for an idempotent replay.
func (s *Service) EndSiteChange(ctx context.Context, accountID string, ch SiteChange, delta int, writes func(*dynamo.Tx, time.Time) (any, error)) error {
	_, err := s.change(ctx, accountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		if r.Lock != nil && r.Lock.ID == ch.ID {
			r.Lock = nil
		}
		r.StudioSites += delta
		if r.StudioSites < 0 {
			r.StudioSites = 0
		}
		if writes == nil {
			return nil, nil
		}
		return writes(tx, now)
	})
	return err
}

// dropStale undoes what a site change that died left behind: a pending
// site it was adding is deleted, one it was restoring is archived again.
func (s *Service) dropStale(ctx context.Context, accountID string, l siteLock) {
	var tx dynamo.Tx
	switch l.Kind {
	case ChangeAdd:
		sites.DeletePending(&tx, accountID, l.SiteID)
	case ChangeRestore:
		sites.ApplyStudio(&tx, accountID, l.SiteID, sites.StudioChange{From: sites.StatusPending, To: sites.StatusArchived})
	default:
		return
	}
	if err := s.Table.Commit(ctx, &tx, nil); err != nil {
		slog.WarnContext(ctx, "drop a stale site change", "account_id", accountID, "change", l.ID, "err", err)
	}
}
