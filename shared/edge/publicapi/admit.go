package publicapi

import (
	"context"
	"errors"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/par"
)

// errNoPlan refuses a key whose site is not active on a trial or plan.
var errNoPlan = errors.New("publicapi: site not active on a trial or plan")

// admit returns the key's site when it is active on a trial or plan now
// (spec 7, 402): the account has a trial whose card check has not failed,
// the plan, or a failed payment still in its 48-hour grace; the site is
// active and not past its removal; and a Studio site's account is on the
// paid plan (a Studio site is billed by the plan, so a trial never covers
// one). A site that no longer exists refuses the key (401). The site and
// the account's billing are read at once.
func (s *Server) admit(ctx context.Context, h sitekeys.Holder) (sites.Site, error) {
	var site sites.Site
	var working bool
	var status string
	err := par.Do(ctx, func(ctx context.Context) (err error) {
		site, err = s.Sites.Get(ctx, h.AccountID, h.SiteID)
		return err
	}, func(ctx context.Context) (err error) {
		working, status, err = s.Billing.Standing(ctx, h.AccountID)
		return err
	})
	if apperr.Is(err, apperr.NotFound) {
		return sites.Site{}, sitekeys.ErrUnauthorized
	}
	if err != nil {
		return sites.Site{}, err
	}
	if !working || !site.Usable(s.Clock.Now()) {
		return sites.Site{}, errNoPlan
	}
	if site.Kind == sites.KindStudio && status != billing.StatusActive && status != billing.StatusPastDue {
		return sites.Site{}, errNoPlan
	}
	return site, nil
}
