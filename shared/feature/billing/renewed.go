package billing

import (
	"context"
	"time"

	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

var _ credits.Periods = (*Service)(nil)

// Renewed is credits.Periods: between a period's end and the processor's
// report of its renewal, an active subscription not set to end is in the
// period the renewal starts (periodAt), and a site whose balances are of
// a period that ended at held or before is in that period, with the
// allowance the renewal grants it (the plan's for the primary site, the
// Studio allowance for a Studio site usable then). Any other account or
// site is not (ok false): the period the processor reported still runs,
// or the subscription is set to end, past due or ended, and the balances
// stay as they were left.
func (s *Service) Renewed(ctx context.Context, accountID, siteID string, held time.Time) (credits.Period, bool, error) {
	r, err := s.load(ctx, accountID)
	if err != nil {
		return credits.Period{}, false, err
	}
	now := s.Clock.Now()
	_, reported, ok := r.period()
	if !ok || reported.After(now) {
		return credits.Period{}, false, nil
	}
	start, end, ok := r.periodAt(now)
	if !ok || !end.After(now) || held.After(start) {
		return credits.Period{}, false, nil
	}
	site, err := s.Sites.Get(ctx, accountID, siteID)
	if err != nil {
		return credits.Period{}, false, err
	}
	a, ok := allowance(site, credits.PlanAllowance, start)
	if !ok {
		return credits.Period{}, false, nil
	}
	return credits.Period{Start: start, End: end, Allowance: a}, true, nil
}

// grantPrimary adds to tx the grant of a for the renewed period [start,
// end) to the primary site, unless its balances are of that period or a
// later one already: the period began before the processor reported it
// and the site spent from it (credits.Periods), so it keeps its balances,
// spent ones included, and its one credits.reset. When the site's
// balances were rolled over the period (a later one's first spend came
// before its report: credits.Skipped), its credits.reset is recorded now,
// balances untouched.
func (s *Service) grantPrimary(ctx context.Context, tx *dynamo.Tx, accountID string, site sites.Site, a credits.Allowance, start, end time.Time) error {
	granted, err := s.grantedFrom(ctx, accountID, site.ID, start)
	if err != nil {
		return err
	}
	if !granted {
		s.Credits.ResetOnce(tx, accountID, site.ID, a, start, end)
		return nil
	}
	skipped, err := s.Credits.Skipped(ctx, accountID, site.ID, start)
	if skipped {
		s.Credits.ResetPast(tx, accountID, site.ID, a, start, end)
	}
	return err
}

// grantedFrom reports whether the balances stored for site are of a
// period starting at start or later.
func (s *Service) grantedFrom(ctx context.Context, accountID, siteID string, start time.Time) (bool, error) {
	have, err := s.Credits.Held(ctx, accountID, siteID)
	if err != nil {
		return false, err
	}
	return have.PeriodStart != nil && *have.PeriodStart >= clock.Format(start), nil
}
