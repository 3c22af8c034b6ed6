package studio

import (
	"context"
	"fmt"
	"time"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

var _ billing.SiteCharges = (*Service)(nil)

// SiteChargePaid completes an addition or a restore whose prorated charge
// waited for the cardholder to authenticate it, now that the processor
// reports it paid (billing.SiteCharges): the pending site becomes active
// as it would have at once, with its credits (and, when added, its scan
// and site.added), recorded as billing's doing.
func (s *Service) SiteChargePaid(ctx context.Context, tx *dynamo.Tx, accountID string, ch billing.SiteChange, t billing.Terms, amount payments.Cents, now time.Time) error {
	site, err := s.Sites.Get(ctx, accountID, ch.SiteID)
	if err != nil {
		return err
	}
	if site.Status != sites.StatusPending {
		return fmt.Errorf("studio: site %s paid for is %s, not pending", site.ID, site.Status)
	}
	p := auth.Service(accountID, "billing")
	switch ch.Kind {
	case billing.ChangeAdd:
		s.added(tx, p, site, t, amount, now)
	case billing.ChangeRestore:
		s.restored(tx, p, site, t, amount, now)
	default:
		return fmt.Errorf("studio: a %s change has no charge to complete", ch.Kind)
	}
	return nil
}
