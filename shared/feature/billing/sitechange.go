package billing

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"rvcontent/shared/platform/payments"

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
				if l.Invoice != "" {
					return nil, siteChargeWaiting(until)
				}
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
		if delta > 0 {
			s.stopWithCancellation(r, tx, now)
		}
		if writes == nil {
			return nil, nil
		}
		return writes(tx, now)
	})
	return err
}

// ReleaseLapsed undoes and releases the account's site change whose lock
// ran out (its request died, or its charge waited for the cardholder past
// its time: see AwaitSiteCharge), so a site it left pending is as before
// (dropStale). While the change still runs it answers as BeginSiteChange
// would; with no change, nothing happens.
func (s *Service) ReleaseLapsed(ctx context.Context, accountID string) error {
	_, err := s.change(ctx, accountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		l := r.Lock
		if l == nil {
			return nil, errNoChange
		}
		if until, ok := parse(l.Until); ok && until.After(now) {
			if l.Invoice != "" {
				return nil, siteChargeWaiting(until)
			}
			return nil, ErrSiteChangeInFlight
		}
		s.dropStale(ctx, accountID, *l)
		r.Lock = nil
		return nil, nil
	})
	return err
}

// siteLockKind is the due-work kind of the accounts' site changes, due
// when their lock lapses.
const siteLockKind = "billing_site_lock"

// lockDue is the due mark of the account's site change in flight: it is
// due when the change's lock lapses, and goes with the lock (see
// dueSiteLock), so the scheduled run (ReleaseLapsedLocks) reads only the
// accounts whose change lapsed.
type lockDue struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	GSI1PK    string `dynamodbav:"gsi1pk"`
	GSI1SK    string `dynamodbav:"gsi1sk"`
}

// due names the due mark l needs: its change and when it lapses; "" for
// no change.
func (l *siteLock) due() string {
	if l == nil {
		return ""
	}
	return l.ID + "@" + l.Until
}

// dueSiteLock adds to tx the due mark of r's site change when it is not
// the one the record had (before, see due): put when a change takes the
// lock or its lapse moves, deleted with the lock.
func (r *record) dueSiteLock(tx *dynamo.Tx, before string) {
	if r.Lock.due() == before {
		return
	}
	if r.Lock == nil {
		tx.Delete("site_lock", dynamo.AccountPK(r.AccountID), dynamo.SiteLockSK, "")
		return
	}
	until, _ := parse(r.Lock.Until)
	tx.Put("site_lock", lockDue{
		PK: dynamo.AccountPK(r.AccountID), SK: dynamo.SiteLockSK, AccountID: r.AccountID,
		GSI1PK: dynamo.DuePK(siteLockKind), GSI1SK: dynamo.TimeKey(clock.SortKey(until), r.AccountID),
	}, "", nil)
}

// ReleaseLapsedLocks releases every site change whose lock lapsed (its
// request died, or its charge waited for the cardholder past its time;
// see ReleaseLapsed), so the site it left pending is as before: a
// scheduled task, safe to run again; it reads only the accounts whose
// change lapsed.
func (s *Service) ReleaseLapsedLocks(ctx context.Context) error {
	run, err := dynamo.DrainDue(ctx, s.Table, siteLockKind, clock.SortKey(s.Clock.Now())+"~", siteFollowWorkers, func(ctx context.Context, m lockDue) error {
		err := s.ReleaseLapsed(ctx, m.AccountID)
		switch {
		case errors.Is(err, ErrAccountGone):
			return s.Table.Delete(ctx, m.PK, m.SK)
		case apperr.Is(err, apperr.Conflict):
			return nil // taken again meanwhile: its mark moved with it
		case err != nil:
			slog.ErrorContext(ctx, "release a lapsed site change", "account_id", m.AccountID, "err", err)
		}
		return err
	})
	if run.More {
		slog.InfoContext(ctx, "lapsed site changes left for the next run", "done", run.Handled, "failed", run.Failed)
	}
	return err
}

// dropStale undoes what a site change that died left behind: a pending
// site it was adding is deleted, one it was restoring is archived again.
func (s *Service) dropStale(ctx context.Context, accountID string, l siteLock) {
	var tx dynamo.Tx
	if !undoIn(&tx, accountID, l.Kind, l.SiteID) {
		return
	}
	if err := s.Table.Commit(ctx, &tx, nil); err != nil {
		slog.WarnContext(ctx, "drop a stale site change", "account_id", accountID, "change", l.ID, "err", err)
	}
}

// undoIn adds to tx the undoing of a site change of kind that left site
// siteID pending, while it is: an addition's site is deleted, a restore's
// archived again. It reports whether a change of kind leaves a site
// pending.
func undoIn(tx *dynamo.Tx, accountID, kind, siteID string) bool {
	switch kind {
	case ChangeAdd:
		sites.DeletePending(tx, accountID, siteID)
	case ChangeRestore:
		sites.ApplyStudio(tx, accountID, siteID, sites.StudioChange{From: sites.StatusPending, To: sites.StatusArchived})
	default:
		return false
	}
	return true
}

// waitingInvoice is the invoice of r's site change whose charge waits for
// the cardholder to authenticate it at now (AwaitSiteCharge); "" when none
// waits, or its wait has lapsed.
func (r *record) waitingInvoice(now time.Time) string {
	l := r.Lock
	if l == nil || l.Invoice == "" {
		return ""
	}
	if until, ok := parse(l.Until); !ok || !until.After(now) {
		return ""
	}
	return l.Invoice
}

// siteChargeWaiting refuses a site change while an earlier one waits,
// until until, for the cardholder to authenticate its charge.
func siteChargeWaiting(until time.Time) error {
	return apperr.New(apperr.Conflict, "Another site change on this account is waiting for the cardholder to authenticate its payment, with the link its answer gave; it takes effect once paid. Retry after that, or after it lapses at "+clock.Format(until)+".")
}

// SiteCharges completes a site change whose charge the processor kept
// waiting for the cardholder (payments.AuthenticationError) once it reports
// that charge paid. The Studio sites supply it.
type SiteCharges interface {
	// SiteChargePaid adds to tx what site change ch does once its charge
	// of amount is paid at now, on the subscription's terms t: the site
	// it holds becomes active, with what goes with it.
	SiteChargePaid(ctx context.Context, tx *dynamo.Tx, accountID string, ch SiteChange, t Terms, amount payments.Cents, now time.Time) error
}

// AwaitSiteCharge keeps ch's lock, and what ch wrote with it (the pending
// site), while its charge, the processor's invoice, waits for the
// cardholder to authenticate it: until the processor reports the invoice
// paid (then SiteCharges completes ch), or until the processor drops the
// change (payments.PendingChangeLife, or the period's end when that comes
// first, as Stripe's pending updates expire), when the lock is stale and
// the next scheduled run (ReleaseLapsedLocks), or the next site change
// before it, undoes ch (dropStale). It fails when ch no longer
// holds the lock.
func (s *Service) AwaitSiteCharge(ctx context.Context, accountID string, ch SiteChange, invoice string) error {
	_, err := s.change(ctx, accountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		if r.Lock == nil || r.Lock.ID != ch.ID {
			return nil, ErrSiteChangeInFlight
		}
		until := now.Add(payments.PendingChangeLife)
		if end := r.terms(now).PeriodEnd; end.After(now) && end.Before(until) {
			until = end
		}
		r.Lock.Invoice, r.Lock.Until = invoice, clock.Format(until)
		return nil, nil
	})
	return err
}

// settleSiteCharge completes the site change whose charge waited for the
// cardholder when paid invoice ev is that charge: SiteCharges adds its
// effects to tx, the lock is released and the subscription bills one more
// Studio site. It reports whether it did.
func (s *Service) settleSiteCharge(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time, ev payments.Event) (bool, error) {
	l := r.Lock
	if l == nil || l.Invoice == "" || l.Invoice != ev.Invoice || s.SiteCharges == nil {
		return false, nil
	}
	ch := SiteChange{ID: l.ID, Kind: l.Kind, SiteID: l.SiteID}
	if err := s.SiteCharges.SiteChargePaid(ctx, tx, r.AccountID, ch, r.terms(now), ev.Amount, now); err != nil {
		return false, err
	}
	r.Lock = nil
	r.StudioSites++
	s.stopWithCancellation(r, tx, now)
	return true, nil
}

// stopWithCancellation makes a Studio site that a change made running (an
// addition, a keep or a restore) stop with the subscription when its
// cancellation was scheduled while the change was in flight (a charge
// that waited for the cardholder): the cancellation skipped the site
// then, as it was not running yet, so it gets removes_at at the period's
// end and its site.removal_scheduled now, like every running Studio site
// (see followOne).
func (s *Service) stopWithCancellation(r *record, tx *dynamo.Tx, now time.Time) {
	if r.CancelAtPeriodEnd {
		s.followSites(tx, r.AccountID, now, siteChange{})
	}
}
