package credits

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// A renewal is due the moment a period ends, but the payment processor
// reports it later (Stripe's webhook, the simulated processor's scheduled
// run), and only then does billing grant the new period's credits. In
// between, a subscription that renews is already in the new period (README
// "Period ends"), so its sites' balances are that period's: GET
// /sites/{site_id}/credits shows the new period's bounds and allowance, and
// the first spend in it grants that allowance (credits.reset) and takes the
// credit from it. Billing's grant, once the renewal is reported, finds the
// period granted and keeps its balances, spent ones included.

// Period is a billing period of a site and the allowance it grants the
// site.
type Period struct {
	Start, End time.Time
	Allowance  Allowance
}

// Periods tells which period a site whose balances are of an ended period
// is in. The billing service supplies it.
type Periods interface {
	// Renewed returns the period the site is in now when its account's
	// subscription renews past the period of the balances held, which
	// ended at held, and the processor has not reported that renewal
	// yet; ok is false otherwise (the subscription was set to end, is
	// past due, ended, or the site is granted nothing).
	Renewed(ctx context.Context, accountID, siteID string, held time.Time) (p Period, ok bool, err error)
}

// renewed returns the balances it stands for now: when its period has
// ended and the subscription renewed past it (see Periods), the new
// period's grant, not yet written; ok is false when it is current.
func (s *Service) renewed(ctx context.Context, it item) (next item, ok bool, err error) {
	if s.Periods == nil || s.Clock == nil {
		return item{}, false, nil
	}
	held, err := clock.Parse(it.PeriodEnd)
	if err != nil || held.After(s.Clock.Now()) {
		return item{}, false, nil
	}
	p, ok, err := s.Periods.Renewed(ctx, it.AccountID, it.SiteID, held)
	if err != nil || !ok {
		return item{}, false, apperr.Wrap("credits: the period after "+it.PeriodEnd, err)
	}
	return newItem(it.PK, it.SK, it.AccountID, it.SiteID, p.Allowance, p.Start, p.End), true, nil
}

// roll writes next, the grant of the period the site renewed into, in
// place of it, the balances of the period that ended, with its
// credits.reset: once, as the write holds only while the balances are
// it's (a concurrent roll or grant fails it on "credits").
func (s *Service) roll(ctx context.Context, it, next item) error {
	next.RolledFrom = it.PeriodEnd
	tx := &dynamo.Tx{}
	tx.Put("credits", next, it.samePeriod(), map[string]types.AttributeValue{
		":period": &types.AttributeValueMemberS{Value: it.periodKey()},
	})
	s.emitReset(tx, next)
	return s.Table.Commit(ctx, tx, nil)
}

// Skipped reports whether the period starting at start went by before the
// processor reported it, with no credits.reset: the site's balances were
// rolled over it, from a period ending at or before start into one
// starting after it (see roll). Billing records its credits.reset when
// its report comes.
func (s *Service) Skipped(ctx context.Context, accountID, siteID string, start time.Time) (bool, error) {
	it, found, err := s.read(ctx, accountID, siteID)
	if err != nil || !found || it.RolledFrom == "" {
		return false, err
	}
	at := clock.Format(start)
	return it.RolledFrom <= at && at < it.PeriodStart, nil
}

// Held returns the balances stored for site as they are, without rolling
// them into a period the subscription renewed into (see Periods): what
// billing's grant of a reported renewal compares its period with.
func (s *Service) Held(ctx context.Context, accountID, siteID string) (Credits, error) {
	it, found, err := s.read(ctx, accountID, siteID)
	if err != nil || !found {
		return Credits{SiteID: siteID}, err
	}
	return it.view(), nil
}
