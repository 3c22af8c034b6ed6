package publicapi

import (
	"context"
	"errors"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
)

// errNoPlan refuses a key whose site is not active on a trial or plan.
var errNoPlan = errors.New("publicapi: site not active on a trial or plan")

// admit returns the key's site when it is active on a trial or plan now
// (spec 7, 402): the account has a trial whose card check has not failed,
// the plan, or a failed payment still in its 48-hour grace; the site is
// active and not past its removal; and a Studio site's account is on the
// paid plan (a Studio site is billed by the plan, so a trial never covers
// one). A site that no longer exists refuses the key (401).
func (s *Server) admit(ctx context.Context, h sitekeys.Holder) (sites.Site, error) {
	site, err := s.Sites.Get(ctx, h.AccountID, h.SiteID)
	if apperr.Is(err, apperr.NotFound) {
		return sites.Site{}, sitekeys.ErrUnauthorized
	}
	if err != nil {
		return sites.Site{}, err
	}
	working, err := s.Billing.PlanActive(ctx, h.AccountID)
	if err != nil {
		return sites.Site{}, err
	}
	if !working || !site.Usable(s.Clock.Now()) {
		return sites.Site{}, errNoPlan
	}
	if site.Kind == sites.KindStudio {
		b, err := s.Billing.Get(ctx, h.AccountID)
		if err != nil {
			return sites.Site{}, err
		}
		if b.Status != billing.StatusActive && b.Status != billing.StatusPastDue {
			return sites.Site{}, errNoPlan
		}
	}
	return site, nil
}
