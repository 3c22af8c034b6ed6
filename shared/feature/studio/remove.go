package studio

import (
	"context"
	"time"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// removalKind is the due-work kind of scheduled Studio site removals.
const removalKind = "site_removal"

// removal is a Studio site's scheduled archival, waiting in the scheduler's
// queue until removes_at.
type removal struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	SiteID    string `dynamodbav:"site_id"`
	RemovesAt string `dynamodbav:"removes_at"`
	GSI1PK    string `dynamodbav:"gsi1pk"`
	GSI1SK    string `dynamodbav:"gsi1sk"`
}

func newRemoval(accountID, siteID string, at time.Time) removal {
	return removal{
		PK: dynamo.AccountPK(accountID), SK: dynamo.RemovalSK(siteID), AccountID: accountID, SiteID: siteID,
		RemovesAt: clock.Format(at), GSI1PK: dynamo.DuePK(removalKind), GSI1SK: dynamo.TimeKey(clock.SortKey(at), accountID+"#"+siteID),
	}
}

// errPrimary is the answer for Studio-only changes to the primary site.
var errPrimary = apperr.New(apperr.Conflict, "The primary site is the site the plan covers; it cannot be removed or restored.")

// Remove schedules a Studio site's removal at the end of the paid period
// (spec 4.5): it keeps running until removes_at, nothing is refunded, the
// subscription stops billing it from the next invoice, and
// site.removal_scheduled is emitted. The primary site is a conflict; a
// site already scheduled is returned as it is. A pending site answers as
// any site change does while its payment runs or waits; once that change
// lapsed it is released first, as a restore does.
func (s *Service) Remove(ctx context.Context, siteID string) (sites.Site, error) {
	p, _ := auth.From(ctx)
	proc, err := s.Billing.Payments()
	if err != nil {
		return sites.Site{}, err
	}
	site, err := s.Sites.Get(ctx, p.AccountID, siteID)
	if err != nil {
		return sites.Site{}, err
	}
	if site.Status == sites.StatusPending && site.Kind == sites.KindStudio {
		// Pending for a change that still runs or waits for the
		// cardholder (409, saying which), or one whose time ran out:
		// released as the scheduled run would, the site is as it was
		// before (gone after an add, archived after a restore).
		if err := s.Billing.ReleaseLapsed(ctx, p.AccountID); err != nil {
			return sites.Site{}, err
		}
		if site, err = s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
			return sites.Site{}, err
		}
	}
	if done, err := removable(site); done || err != nil {
		return site, err
	}
	ch := billing.SiteChange{ID: ids.New(), Kind: billing.ChangeRemove, SiteID: siteID}
	terms, err := s.Billing.BeginSiteChange(ctx, p.AccountID, ch, func(t billing.Terms) error {
		if t.PeriodEnd.IsZero() || t.StudioSites < 1 {
			return apperr.New(apperr.Conflict, "The subscription has no current period to end this site at.")
		}
		return nil
	}, nil)
	if err != nil {
		return sites.Site{}, err
	}
	// Another change of this site (a DELETE or a restore sent at the same
	// time) may have landed between the read above and the lock: read it
	// again under the lock, so the subscription drops the site only once.
	if site, err = s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
		s.abandon(ctx, p.AccountID, ch, nil)
		return sites.Site{}, err
	}
	if done, err := removable(site); done || err != nil {
		s.abandon(ctx, p.AccountID, ch, nil)
		return site, err
	}
	_, err = proc.SetStudioSites(ctx, payments.StudioChange{
		AccountID: p.AccountID, SubscriptionRef: terms.SubscriptionRef, From: terms.StudioSites, To: terms.StudioSites - 1,
		IdempotencyKey: "studio-remove:" + p.AccountID + ":" + ch.ID,
	})
	if err != nil {
		s.abandon(ctx, p.AccountID, ch, nil)
		return sites.Site{}, s.Billing.ChargeError(ctx, p.AccountID, err)
	}
	var out sites.Site
	err = s.Billing.EndSiteChange(ctx, p.AccountID, ch, -1, func(tx *dynamo.Tx, now time.Time) (any, error) {
		change := sites.StudioChange{From: sites.StatusActive, RemovesAt: terms.PeriodEnd}
		sites.ApplyStudio(tx, p.AccountID, siteID, change)
		tx.Put("removal", newRemoval(p.AccountID, siteID, terms.PeriodEnd), "", nil)
		out = change.Applied(site)
		if site.RemovesAt == nil { // set to stop with the subscription: recorded then
			s.Events.Emit(tx, p.AccountID, siteID, "site.removal_scheduled", map[string]any{"site": out})
		}
		activity.Record(tx, now, p, activity.Change{
			Action: "site.removal_scheduled", SiteID: siteID, Resource: activity.Resource{Type: "site", ID: siteID},
			Summary: "Studio site removal scheduled for " + clock.Format(terms.PeriodEnd),
		})
		return out, nil
	})
	if err != nil {
		return sites.Site{}, apperr.Wrap("studio.Remove", err)
	}
	return out, nil
}

// removable checks that site's removal can be scheduled: done (with the
// site as it is) when it is already scheduled, an error for the primary
// site, an archived one or one whose first charge is in flight. A site set
// to stop only with the subscription's scheduled end is removed for good
// (the subscription stops billing it, and resuming it keeps it removed).
func removable(site sites.Site) (done bool, err error) {
	switch {
	case site.Kind == sites.KindPrimary:
		return false, errPrimary
	case site.Status == sites.StatusArchived:
		return false, apperr.New(apperr.Conflict, "This Studio site is already archived.")
	case site.Status == sites.StatusPending:
		return false, billing.ErrSiteChangeInFlight
	case site.RemovesAt != nil && site.RemovedBy != sites.RemovedBySubscription:
		return true, nil
	}
	return false, nil
}
