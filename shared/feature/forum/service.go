package forum

import (
	"context"
	"time"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// Drafter writes reply drafts; model.Offline and bedrock.Model implement
// it. It returns a *model.Refusal when it declines, and any other error
// when it could not answer.
type Drafter interface {
	DraftReply(ctx context.Context, in model.ReplyInput) (model.ReplyDraft, error)
}

// KeywordSource gives a site's tracked keywords, most important first (the
// keywords feature). Errors: any failure to read them.
type KeywordSource interface {
	SiteKeywords(ctx context.Context, accountID, siteID string) ([]string, error)
}

// ScanReader gives a site's last completed scan (its analysis holds while
// a newer scan waits or after one failed); *scans.Store implements it.
type ScanReader interface {
	LastCompleted(ctx context.Context, accountID, siteID string) (scans.Scan, error)
}

// BillingReader gives the account's billing state; *billing.Service
// implements it.
type BillingReader interface {
	Get(ctx context.Context, accountID string) (billing.Billing, error)
}

// AIBudget is the account's AI rate limit; *ratelimit.AI implements it.
// TakeIn adds one call for account to a transaction, counted only when it
// commits; Spent reads that commit's error: the 429 rate_limited answer
// when the hour's budget was spent, else nil.
type AIBudget interface {
	TakeIn(tx *dynamo.Tx, accountID string) ratelimit.Window
	Spent(err error, accountID string, taken ratelimit.Window) error
}

// Service runs forum presence: settings, sweeps, threads, drafts, replies
// and the scheduled work (automatic sweeps, reply checks).
type Service struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Sites    *sites.Store
	Scans    ScanReader
	Billing  BillingReader
	Credits  *credits.Service
	Events   *eventlog.Writer
	Jobs     *jobs.Enqueuer
	AI       AIBudget
	Platform Platform
	Drafter  Drafter
	// Keywords, when set, adds the site's tracked keywords to sweeps.
	Keywords KeywordSource
}

// site returns the caller and the caller's site, running reads of the
// site's own items at the same time (sites.Store.Within). Errors:
// not_found.
func (s *Service) site(ctx context.Context, siteID string, reads ...func(context.Context) error) (auth.Principal, sites.Site, error) {
	p, _ := auth.From(ctx)
	site, err := s.Sites.Within(ctx, p.AccountID, siteID, reads...)
	return p, site, err
}

// Access values of the settings (spec 2).
const (
	AccessPaid   = "paid"
	AccessTrial  = "trial"
	AccessLapsed = "lapsed"
	AccessNone   = "none"
)

// accessOf says what the account may do with forum presence on site at
// now: paid (all of it), trial (visible, unusable until the plan is paid),
// lapsed (a subscription that is past due or ended, or a site no longer
// usable, such as an archived Studio site: history read-only) or none (a
// Studio site whose first charge waits has not run yet: nothing lapsed).
func accessOf(b billing.Billing, site sites.Site, now time.Time) string {
	switch {
	case b.Paid && site.Usable(now):
		return AccessPaid
	case b.Paid && site.AwaitsFirstCharge():
		return AccessNone
	case b.Paid:
		return AccessLapsed
	case b.Status == billing.StatusTrialing:
		return AccessTrial
	case b.Status == billing.StatusPastDue || b.Status == billing.StatusCanceled:
		return AccessLapsed
	}
	return AccessNone
}

// Settings returns the caller's site's settings with access and credits,
// all read at once beside the site. Errors: not_found.
func (s *Service) Settings(ctx context.Context, siteID string) (Settings, error) {
	p, _ := auth.From(ctx)
	var it settingsItem
	var st standing
	_, site, err := s.site(ctx, siteID, func(ctx context.Context) (err error) {
		it, _, err = s.loadSettings(ctx, p.AccountID, siteID)
		return err
	}, func(ctx context.Context) (err error) {
		st, err = s.standing(ctx, p.AccountID, siteID)
		return err
	})
	if err != nil {
		return Settings{}, err
	}
	return st.add(it.view(), site, s.Clock.Now()), nil
}

// render adds access and credits to the stored settings of site.
func (s *Service) render(ctx context.Context, it settingsItem, site sites.Site) (Settings, error) {
	st, err := s.standing(ctx, it.AccountID, it.SiteID)
	if err != nil {
		return Settings{}, err
	}
	return st.add(it.view(), site, s.Clock.Now()), nil
}

// standing is the account's billing and the site's credits, which the
// settings show as access and credits.
type standing struct {
	billing billing.Billing
	credits credits.Credits
}

// standing reads the account's billing and the site's credits at once.
func (s *Service) standing(ctx context.Context, accountID, siteID string) (st standing, err error) {
	err = par.Do(ctx, func(ctx context.Context) (err error) {
		st.billing, err = s.Billing.Get(ctx, accountID)
		return err
	}, func(ctx context.Context) (err error) {
		st.credits, err = s.Credits.Get(ctx, accountID, siteID)
		return err
	})
	return st, err
}

// add sets v's access (on site at now) and credits.
func (st standing) add(v Settings, site sites.Site, now time.Time) Settings {
	v.Access = accessOf(st.billing, site, now)
	v.Credits = SettingsCredit{Balance: st.credits.ForumReplies.Balance, PeriodEnd: st.credits.PeriodEnd}
	return v
}
