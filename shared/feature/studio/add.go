package studio

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/scans"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// Added is the answer of POST /sites.
type Added struct {
	Site      sites.Site     `json:"site"`
	ScanJobID string         `json:"scan_job_id"`
	Charged   payments.Money `json:"charged"`
}

// Add adds a Studio site (spec 4.5): the site is created pending with the
// account's site-change lock, the card is charged the prorated price for
// the rest of the period (exactly the quote's due_today when in carries the
// quote's proration_date), and only then is the site made active, its
// credits granted and its scan started, with site.added. A declined charge
// (payment_failed) or one needing authentication (human_required) leaves
// nothing behind. requestKey is the request's Idempotency-Key, if any.
func (s *Service) Add(ctx context.Context, in AddInput, requestKey string) (Added, error) {
	p, _ := auth.From(ctx)
	proc, err := s.Billing.Payments()
	if err != nil {
		return Added{}, err
	}
	now := s.Clock.Now()
	id := ids.New()
	item := sites.NewStudio(p.AccountID, id, in.SiteURL, in.SiteName, in.Description, in.LogoURL, s.DashboardURL, now)
	ch := billing.SiteChange{ID: id, Kind: billing.ChangeAdd, SiteID: id}
	var at time.Time
	terms, err := s.Billing.BeginSiteChange(ctx, p.AccountID, ch, func(t billing.Terms) error {
		if err := open(t); err != nil {
			return err
		}
		var problem string
		if at, problem = t.ProrationDate(in.ProrationDate, now); problem != "" {
			return prorationProblem(problem)
		}
		return nil
	}, func(tx *dynamo.Tx, _ billing.Terms) { tx.PutNew("site", item) })
	if err != nil {
		return Added{}, err
	}
	charge, err := proc.SetStudioSites(ctx, payments.StudioChange{
		AccountID: p.AccountID, SubscriptionRef: terms.SubscriptionRef, From: terms.StudioSites, To: terms.StudioSites + 1,
		Prorate: true, ProrationDate: at, IdempotencyKey: chargeKey("studio-add", p.AccountID, requestKey, id),
	})
	if err != nil {
		if s.await(ctx, p.AccountID, ch, err) {
			return Added{}, s.Billing.ChargeError(ctx, p.AccountID, err)
		}
		s.abandon(ctx, p.AccountID, ch, func(tx *dynamo.Tx) { sites.DeletePending(tx, p.AccountID, id) })
		return Added{}, s.Billing.ChargeError(ctx, p.AccountID, err)
	}
	var out Added
	err = s.Billing.EndSiteChange(ctx, p.AccountID, ch, 1, func(tx *dynamo.Tx, now time.Time) (any, error) {
		out = s.added(tx, p, item.Site, terms, charge.Amount, now)
		return out, nil
	})
	if err != nil {
		return Added{}, apperr.Wrap("studio.Add", err)
	}
	return out, nil
}

// added adds to tx what a paid Studio site's addition does: pending site
// becomes active and billed from now, its scan starts, it gets its
// credits for the period of terms, with site.added and an activity entry
// by p for the charge of amount.
func (s *Service) added(tx *dynamo.Tx, p auth.Principal, pending sites.Site, terms billing.Terms, amount payments.Cents, now time.Time) Added {
	id := pending.ID
	change := sites.StudioChange{From: sites.StatusPending, To: sites.StatusActive, BilledFrom: now}
	sites.ApplyStudio(tx, p.AccountID, id, change)
	site := change.Applied(pending)
	job, _ := scans.Queue(tx, s.Jobs, s.Counters, p.AccountID, id, 0)
	s.Credits.Reset(tx, p.AccountID, id, credits.StudioAllowance, terms.PeriodStart, terms.PeriodEnd)
	s.Events.Emit(tx, p.AccountID, id, "site.added", map[string]any{"site": site})
	url := ""
	if site.WebsiteURL != nil {
		url = *site.WebsiteURL
	}
	activity.Record(tx, now, p, activity.Change{
		Action: "site.created", SiteID: id, Resource: activity.Resource{Type: "site", ID: id},
		Summary: fmt.Sprintf("Studio site added for %s; charged %s USD", url, amount),
	})
	return Added{Site: site, ScanJobID: job.ID, Charged: payments.USD(amount)}
}

// await keeps site change ch, and the pending site it holds, when its
// charge failed with err because the processor keeps it waiting for the
// cardholder to authenticate it (payments.AuthenticationError): the
// change completes when the processor reports it paid (SiteChargePaid),
// or lapses. It reports whether ch is kept.
func (s *Service) await(ctx context.Context, accountID string, ch billing.SiteChange, err error) bool {
	var waiting *payments.AuthenticationError
	if !errors.As(err, &waiting) {
		return false
	}
	if werr := s.Billing.AwaitSiteCharge(ctx, accountID, ch, waiting.Invoice); werr != nil {
		slog.ErrorContext(ctx, "keep a site change waiting for the cardholder", "account_id", accountID, "change", ch.ID, "invoice", waiting.Invoice, "err", werr)
		return false
	}
	return true
}

// abandon releases a site change whose charge failed, undoing its writes.
func (s *Service) abandon(ctx context.Context, accountID string, ch billing.SiteChange, undo func(*dynamo.Tx)) {
	err := s.Billing.EndSiteChange(ctx, accountID, ch, 0, func(tx *dynamo.Tx, _ time.Time) (any, error) {
		if undo != nil {
			undo(tx)
		}
		return nil, nil
	})
	if err != nil {
		slog.ErrorContext(ctx, "release a failed site change; its lock expires by itself", "account_id", accountID, "change", ch.ID, "err", err)
	}
}
