package billing

import (
	"context"
	"errors"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// PutActive writes accountID's billing record of an active subscription in
// the period [start, end), set to cancel at its end when canceling.
func (s *Service) PutActive(ctx context.Context, accountID string, start, end time.Time, canceling bool) error {
	return s.Table.Put(ctx, record{PK: dynamo.AccountPK(accountID), SK: dynamo.BillingSK, AccountID: accountID, Status: StatusActive,
		EverPaid: true, HadSubscription: true, PeriodStart: clock.Format(start), PeriodEnd: clock.Format(end), CancelAtPeriodEnd: canceling, Version: 1})
}

// LeaveSiteFollowUp writes accountID's site follow-up of a subscription
// change made at now (the end when ended) as a crash right after the
// change's commit leaves it: nothing of it has run.
func (s *Service) LeaveSiteFollowUp(ctx context.Context, accountID string, now time.Time, ended bool) error {
	f := siteFollow{PK: dynamo.AccountPK(accountID), SK: dynamo.SiteFollowSK, AccountID: accountID, Version: 1,
		GSI1PK: dynamo.DuePK(siteFollowKind), GSI1SK: dynamo.TimeKey(clock.SortKey(now), accountID)}
	if ended {
		f.EndedAt = clock.Format(now)
	}
	return s.Table.Put(ctx, f)
}

// SiteFollowUpLeft reports whether accountID's site follow-up is still
// there.
func (s *Service) SiteFollowUpLeft(ctx context.Context, accountID string) (bool, error) {
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.SiteFollowSK, &siteFollow{})
	if errors.Is(err, dynamo.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
