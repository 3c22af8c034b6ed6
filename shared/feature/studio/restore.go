package studio

import (
	"context"
	"fmt"
	"time"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// Restored is the answer of POST /sites/{site_id}/restore; Charged is nil
// when nothing was charged.
type Restored struct {
	Site    sites.Site      `json:"site"`
	Charged *payments.Money `json:"charged"`
}

// Restore keeps or restores a Studio site (spec 3, 4.5). A site still
// running with a scheduled removal keeps running: the removal is cancelled
// and nothing is charged. An archived site becomes active again for a
// prorated charge (exactly a quote's due_today with its proration_date),
// with a fresh allowance; its articles were never deleted. An active site
// without a scheduled removal is returned as it is. Errors are those of
// adding a site.
func (s *Service) Restore(ctx context.Context, siteID string, prorationDate *int64, requestKey string) (Restored, error) {
	p, _ := auth.From(ctx)
	site, err := s.Sites.Get(ctx, p.AccountID, siteID)
	if err != nil {
		return Restored{}, err
	}
	if site.Status == sites.StatusPending && site.Kind == sites.KindStudio {
		// Pending for a change that still runs (409), or one whose time
		// ran out, such as a restore whose charge waited for the
		// cardholder in vain: undone, the site is as it was before.
		if err := s.Billing.ReleaseLapsed(ctx, p.AccountID); err != nil {
			return Restored{}, err
		}
		if site, err = s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
			return Restored{}, err
		}
	}
	now := s.Clock.Now()
	switch {
	case site.Kind == sites.KindPrimary:
		return Restored{}, errPrimary
	case site.Status == sites.StatusPending:
		return Restored{}, billing.ErrSiteChangeInFlight
	case site.Status == sites.StatusActive && site.RemovesAt == nil:
		return Restored{Site: site}, nil
	case site.Status == sites.StatusActive && site.Usable(now):
		return s.keep(ctx, p, site)
	case site.Status == sites.StatusActive:
		// The removal time passed before the scheduler archived it.
		if site, err = s.archiveNow(ctx, p.AccountID, site); err != nil {
			if dynamo.LostRace(err, "site:"+siteID) {
				return Restored{}, billing.ErrSiteChangeInFlight // the scheduler is archiving it right now
			}
			return Restored{}, err
		}
	}
	return s.restore(ctx, p, site, prorationDate, requestKey)
}

// keep cancels a scheduled removal: the subscription bills the site again
// from the next invoice; nothing is charged now. Studio must be open as
// for adding a site (open): a subscription set to end archives the site at
// the period's end anyway, so keeping it then is a conflict, not a site
// that runs on.
func (s *Service) keep(ctx context.Context, p auth.Principal, site sites.Site) (Restored, error) {
	proc, err := s.Billing.Payments()
	if err != nil {
		return Restored{}, err
	}
	ch := billing.SiteChange{ID: ids.New(), Kind: billing.ChangeKeep, SiteID: site.ID}
	terms, err := s.Billing.BeginSiteChange(ctx, p.AccountID, ch, open, nil)
	if err != nil {
		return Restored{}, err
	}
	// Another change of this site (a restore or a DELETE sent at the same
	// time) may have landed between the caller's read and the lock: read it
	// again under the lock, so the subscription bills the site again only
	// once.
	cur, err := s.Sites.Get(ctx, p.AccountID, site.ID)
	if err != nil {
		s.abandon(ctx, p.AccountID, ch, nil)
		return Restored{}, err
	}
	switch {
	case cur.Status == sites.StatusActive && cur.RemovesAt == nil:
		s.abandon(ctx, p.AccountID, ch, nil)
		return Restored{Site: cur}, nil // kept meanwhile: nothing to charge or change
	case !cur.Usable(s.Clock.Now()):
		s.abandon(ctx, p.AccountID, ch, nil)
		return Restored{}, billing.ErrSiteChangeInFlight // archived meanwhile: a retry restores it
	}
	site = cur
	_, err = proc.SetStudioSites(ctx, payments.StudioChange{
		AccountID: p.AccountID, SubscriptionRef: terms.SubscriptionRef, From: terms.StudioSites, To: terms.StudioSites + 1,
		IdempotencyKey: "studio-keep:" + p.AccountID + ":" + ch.ID,
	})
	if err != nil {
		s.abandon(ctx, p.AccountID, ch, nil)
		return Restored{}, s.Billing.ChargeError(ctx, p.AccountID, err)
	}
	var out Restored
	err = s.Billing.EndSiteChange(ctx, p.AccountID, ch, 1, func(tx *dynamo.Tx, now time.Time) (any, error) {
		change := sites.StudioChange{From: sites.StatusActive, ClearRemoval: true}
		sites.ApplyStudio(tx, p.AccountID, site.ID, change)
		tx.Delete("removal", dynamo.AccountPK(p.AccountID), dynamo.RemovalSK(site.ID), "")
		activity.Record(tx, now, p, activity.Change{
			Action: "site.removal_cancelled", SiteID: site.ID, Resource: activity.Resource{Type: "site", ID: site.ID},
			Summary: "Studio site kept: scheduled removal cancelled, nothing charged",
		})
		out = Restored{Site: change.Applied(site)}
		return out, nil
	})
	if err != nil {
		return Restored{}, apperr.Wrap("studio.Restore", err)
	}
	return out, nil
}

// restore brings an archived site back for a prorated charge; it is
// pending while the charge is in flight.
func (s *Service) restore(ctx context.Context, p auth.Principal, site sites.Site, prorationDate *int64, requestKey string) (Restored, error) {
	proc, err := s.Billing.Payments()
	if err != nil {
		return Restored{}, err
	}
	now := s.Clock.Now()
	ch := billing.SiteChange{ID: ids.New(), Kind: billing.ChangeRestore, SiteID: site.ID}
	var at time.Time
	terms, err := s.Billing.BeginSiteChange(ctx, p.AccountID, ch, func(t billing.Terms) error {
		if err := open(t); err != nil {
			return err
		}
		var problem string
		if at, problem = t.ProrationDate(prorationDate, now); problem != "" {
			return prorationProblem(problem)
		}
		return nil
	}, func(tx *dynamo.Tx, _ billing.Terms) {
		sites.ApplyStudio(tx, p.AccountID, site.ID, sites.StudioChange{From: sites.StatusArchived, To: sites.StatusPending})
	})
	if err != nil {
		return Restored{}, err
	}
	charge, err := proc.SetStudioSites(ctx, payments.StudioChange{
		AccountID: p.AccountID, SubscriptionRef: terms.SubscriptionRef, From: terms.StudioSites, To: terms.StudioSites + 1,
		Prorate: true, ProrationDate: at, IdempotencyKey: chargeKey("studio-restore", p.AccountID, requestKey, ch.ID),
	})
	if err != nil {
		if s.await(ctx, p.AccountID, ch, err) {
			return Restored{}, s.Billing.ChargeError(ctx, p.AccountID, err)
		}
		s.abandon(ctx, p.AccountID, ch, func(tx *dynamo.Tx) {
			sites.ApplyStudio(tx, p.AccountID, site.ID, sites.StudioChange{From: sites.StatusPending, To: sites.StatusArchived})
		})
		return Restored{}, s.Billing.ChargeError(ctx, p.AccountID, err)
	}
	var out Restored
	err = s.Billing.EndSiteChange(ctx, p.AccountID, ch, 1, func(tx *dynamo.Tx, now time.Time) (any, error) {
		out = s.restored(tx, p, site, terms, charge.Amount, now)
		return out, nil
	})
	if err != nil {
		return Restored{}, apperr.Wrap("studio.Restore", err)
	}
	return out, nil
}

// restored adds to tx what a paid restore of site does: it becomes active
// and billed from now, with a fresh allowance for the period of terms,
// site.added (spec 6: a Studio site paid and live, as after its
// site.archived it is again) and an activity entry by p for the charge
// of amount.
func (s *Service) restored(tx *dynamo.Tx, p auth.Principal, site sites.Site, terms billing.Terms, amount payments.Cents, now time.Time) Restored {
	change := sites.StudioChange{From: sites.StatusPending, To: sites.StatusActive, BilledFrom: now, ClearRemoval: true, ClearArchived: true}
	sites.ApplyStudio(tx, p.AccountID, site.ID, change)
	live := change.Applied(site)
	s.Credits.Reset(tx, p.AccountID, site.ID, credits.StudioAllowance, terms.PeriodStart, terms.PeriodEnd)
	s.Events.Emit(tx, p.AccountID, site.ID, "site.added", map[string]any{"site": live})
	activity.Record(tx, now, p, activity.Change{
		Action: "site.restored", SiteID: site.ID, Resource: activity.Resource{Type: "site", ID: site.ID},
		Summary: fmt.Sprintf("Archived Studio site restored; charged %s USD", amount),
	})
	charged := payments.USD(amount)
	return Restored{Site: live, Charged: &charged}
}
