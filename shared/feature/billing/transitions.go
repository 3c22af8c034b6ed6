package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// appliedRetention is how long an applied processor event id is kept to
// drop redeliveries (processors retry for a few days).
const appliedRetention = 30 * 24 * time.Hour

// applied marks a processor event as applied.
type applied struct {
	PK   string `dynamodbav:"pk"`
	SK   string `dynamodbav:"sk"`
	Type string `dynamodbav:"type"`
	TTL  int64  `dynamodbav:"ttl"`
}

// ErrAlreadySubscribed is returned for a checkout completed while the
// account already has a current subscription (whose new subscription is
// cancelled at the processor).
var ErrAlreadySubscribed = apperr.New(apperr.Conflict, "This account already has a subscription.")

// ErrTrialUsed is returned for a trial checkout completed after the
// account's earlier subscription ended (a checkout opened before it began):
// a trial is for an account that never had a subscription (spec 3), so
// its subscription is cancelled at the processor.
var ErrTrialUsed = apperr.New(apperr.Conflict, "This account had a subscription, so it cannot start a trial; start the plan with a new checkout link.")

// ProcessorEvent applies one processor event to the account's billing
// state (spec 3): each event at most once, together with its events,
// credit grants and activity entries.
func (s *Service) ProcessorEvent(ctx context.Context, ev payments.Event) error {
	if ev.AccountID == "" || ev.ID == "" {
		return fmt.Errorf("billing: processor event without account or id")
	}
	if ev.Type == payments.SubscriptionUpdated || ev.Type == payments.CheckoutCompleted {
		ev = s.current(ctx, ev)
	}
	_, err := s.change(ctx, ev.AccountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		tx.PutNew("applied", applied{PK: dynamo.PaymentEventsPK(ev.AccountID), SK: ev.ID, Type: string(ev.Type), TTL: now.Add(appliedRetention).Unix()})
		return nil, s.transition(ctx, r, tx, now, ev)
	})
	if dynamo.FailedOn(err, "applied") {
		return nil // delivered again: already applied
	}
	if errors.Is(err, ErrAccountGone) {
		return s.gone(ctx, ev)
	}
	if errors.Is(err, ErrAlreadySubscribed) || errors.Is(err, ErrTrialUsed) {
		// A checkout the account cannot take (a second one while it has a
		// subscription, a trial after one ended: two sessions were open
		// at once): the processor started a subscription anyway, so it is
		// cancelled at once and charges nothing more, and what it charged
		// is refunded.
		if cerr := s.cancelReported(ctx, ev); cerr != nil {
			return cerr
		}
	}
	return err
}

// cancelReported cancels at once, at the processor, the subscription ev
// reports, unless it has ended. When ev is a completed checkout whose
// subscription started active (mode plan: its first month is charged at
// once), that charge is refunded in full too: the account cannot have
// what it paid for.
func (s *Service) cancelReported(ctx context.Context, ev payments.Event) error {
	ref := ev.Subscription.Ref
	if ref == "" || s.Processor == nil {
		return nil
	}
	if ev.Type != payments.SubscriptionEnded && ev.Subscription.Status != payments.StatusCanceled {
		if err := s.Processor.CancelNow(ctx, ev.AccountID, ref); err != nil {
			return apperr.Wrap("billing: cancel a subscription the account cannot have", err)
		}
	}
	if ev.Type == payments.CheckoutCompleted && ev.Subscription.Status == payments.StatusActive {
		if err := s.Processor.Refund(ctx, ev.AccountID, ref); err != nil {
			return apperr.Wrap("billing: refund a subscription the account cannot have", err)
		}
	}
	return nil
}

// errCheckoutOfDeleted refuses a checkout completed for a deleted account.
var errCheckoutOfDeleted = apperr.New(apperr.Conflict, "This account was deleted, so there is nothing to pay here.")

// gone answers processor event ev of a deleted account: a subscription it
// reports that has not ended (a checkout the owner completed on a page
// opened before the deletion) is cancelled at once at the processor, so
// nothing is charged for an account that no longer exists, and a
// completed checkout is refused (conflict). Any other event needs nothing.
func (s *Service) gone(ctx context.Context, ev payments.Event) error {
	if err := s.cancelReported(ctx, ev); err != nil {
		return err
	}
	if ev.Type == payments.CheckoutCompleted {
		return errCheckoutOfDeleted
	}
	return nil
}

// current returns ev with what the processor holds now: for an update,
// the scheduled cancellation and the card on file, as updates arrive in
// any order (Stripe delivers webhooks unordered, and a cancel and a resume
// sent together race), so the state follows the processor, not the
// snapshot of whichever event came last; for a completed checkout that
// names no card (Stripe's), the card the owner entered. When the
// processor cannot be asked, the event's snapshot stands.
func (s *Service) current(ctx context.Context, ev payments.Event) payments.Event {
	if s.Processor == nil || ev.Subscription.Ref == "" || (ev.Type == payments.CheckoutCompleted && ev.Subscription.Card != nil) {
		return ev
	}
	now, err := s.Processor.Subscription(ctx, ev.AccountID, ev.Subscription.Ref)
	if err != nil {
		slog.WarnContext(ctx, "read the subscription an event is about", "account_id", ev.AccountID, "type", ev.Type, "err", err)
		return ev
	}
	if now.Card != nil {
		ev.Subscription.Card = now.Card
	}
	if ev.Type == payments.SubscriptionUpdated {
		ev.Subscription.CancelAtPeriodEnd = now.CancelAtPeriodEnd
	}
	return ev
}

// transition is the state machine: it changes r for ev and adds what goes
// with it to tx.
func (s *Service) transition(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time, ev payments.Event) error {
	sub := ev.Subscription
	if ev.Type != payments.CheckoutCompleted && (sub.Ref == "" || sub.Ref != r.SubscriptionRef) {
		return nil // about another (older) subscription: recorded as applied, nothing else
	}
	switch ev.Type {
	case payments.CheckoutCompleted:
		return s.checkoutCompleted(ctx, r, tx, now, ev)
	case payments.InvoicePaid:
		noted := r.notePaid(ev.Invoice)
		if r.trialInvoice(ev) {
			return nil // the trial's own invoice of 0 USD: it pays nothing
		}
		settled, err := s.settleSiteCharge(ctx, r, tx, now, ev)
		if err != nil {
			return err
		}
		err = s.invoicePaid(ctx, r, tx, now, sub)
		if errors.Is(err, errNoChange) && (noted || settled) {
			return nil // nothing else changes, but the invoice is paid
		}
		return err
	case payments.InvoiceFailed:
		if slices.Contains(r.PaidInvoices, ev.Invoice) {
			// A decline reported after the same invoice's payment (Stripe
			// delivers webhooks in any order): the invoice is paid.
			return errNoChange
		}
		return s.invoiceFailed(ctx, r, tx, now, sub)
	case payments.SubscriptionUpdated:
		if r.Status == StatusCanceled && ev.Subscription.Ref == r.SubscriptionRef {
			// An update of the subscription reported after its end (Stripe
			// delivers webhooks in any order): nothing is left to cancel,
			// resume or check. (A new subscription's update, before its
			// checkout is reported, goes on as before.)
			return errNoChange
		}
		return s.subscriptionUpdated(ctx, r, tx, now, ev)
	case payments.SubscriptionEnded:
		return s.ended(ctx, r, tx, now)
	}
	return nil
}

// checkoutCompleted starts a trial (billing.trial_started) or, after an
// earlier subscription ended, the paid plan (billing.activated).
func (s *Service) checkoutCompleted(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time, ev payments.Event) error {
	sub := ev.Subscription
	if r.current() {
		if r.SubscriptionRef == sub.Ref {
			return nil
		}
		return ErrAlreadySubscribed
	}
	if sub.Status == payments.StatusTrialing && r.HadSubscription {
		return ErrTrialUsed
	}
	r.setSubscription(sub)
	r.HadSubscription, r.Checkout, r.PastDueSince, r.CancelAtPeriodEnd = true, nil, "", false
	r.StudioSites = sub.StudioSites
	list, err := s.Sites.All(ctx, r.AccountID)
	if err != nil {
		return err
	}
	if sub.Status == payments.StatusTrialing {
		r.Status, r.EverPaid, r.CardVerified = StatusTrialing, false, nil
		if err := s.resetSites(ctx, tx, r, list, credits.TrialAllowance, true); err != nil {
			return err
		}
		s.emit(tx, r, now, "billing.trial_started", "Free trial started", nil)
		return nil
	}
	verified := true
	r.Status, r.EverPaid, r.CardVerified = StatusActive, true, &verified
	if err := s.resetSites(ctx, tx, r, list, credits.PlanAllowance, true); err != nil {
		return err
	}
	s.emit(tx, r, now, "billing.activated", "Plan started: first invoice paid", nil)
	return nil
}

// trialInvoice reports whether a paid invoice is the trial's own: Stripe
// opens a trial with an invoice of 0 USD for the trial period, paid at
// once (billing_reason subscription_create). It pays nothing, so it must
// not end the trial (spec 3: a trial becomes the paid plan through POST
// /billing/activate or the invoice that ends it); the invoice that ends
// the trial bills a period after the trial's.
func (r *record) trialInvoice(ev payments.Event) bool {
	return r.Status == StatusTrialing && ev.Amount == 0 && !newerPeriod(ev.Subscription, r)
}

// invoicePaid: the first paid invoice activates the plan (billing.activated,
// the primary site's articles reset to 30); a renewal grants the new
// period's credits; a paid retry ends past_due.
func (s *Service) invoicePaid(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time, sub payments.Subscription) error {
	if r.Status == StatusCanceled {
		return nil
	}
	if r.stale(sub) {
		return s.lateGrant(ctx, tx, r, sub)
	}
	first := !r.EverPaid
	renewal := newerPeriod(sub, r)
	if !first && !renewal && r.Status == StatusActive {
		return errNoChange // already applied (the synchronous activation)
	}
	r.setPeriod(sub)
	if sub.Card != nil {
		r.Card = sub.Card
	}
	r.Status, r.EverPaid, r.PastDueSince = StatusActive, true, ""
	if first {
		verified := true
		r.CardVerified = &verified
	}
	if first || renewal {
		list, err := s.Sites.All(ctx, r.AccountID)
		if err != nil {
			return err
		}
		if err := s.resetSites(ctx, tx, r, list, credits.PlanAllowance, first); err != nil {
			return err
		}
	}
	if first {
		s.emitAs(changer(ctx, r.AccountID), tx, r, now, "billing.activated", "Plan activated: first invoice paid", nil)
		return nil
	}
	s.record(tx, r, now, "billing.renewed", "Invoice paid")
	return nil
}

// invoiceFailed moves to past_due (billing.payment_failed with
// grace_ends_at); generation keeps working for Grace.
func (s *Service) invoiceFailed(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time, sub payments.Subscription) error {
	if r.Status == StatusCanceled {
		return nil
	}
	if r.stale(sub) {
		if !r.EverPaid {
			return errNoChange
		}
		return s.lateGrant(ctx, tx, r, sub)
	}
	renewal := newerPeriod(sub, r)
	r.setPeriod(sub)
	if renewal && r.EverPaid {
		list, err := s.Sites.All(ctx, r.AccountID)
		if err != nil {
			return err
		}
		if err := s.resetSites(ctx, tx, r, list, credits.PlanAllowance, false); err != nil {
			return err
		}
	}
	if r.Status == StatusPastDue {
		s.record(tx, r, now, "billing.payment_failed", "A payment retry failed")
		return nil
	}
	r.Status, r.PastDueSince = StatusPastDue, clock.Format(now)
	grace, _ := r.graceEnds()
	summary := "Payment failed; generation continues for 48 hours"
	if r.cardCheckFailed() {
		// The grace never turns generation back on (see working).
		summary = "Payment failed; generation stays off until the card is updated, as the trial's card check failed"
	}
	s.emit(tx, r, now, "billing.payment_failed", summary, map[string]any{"grace_ends_at": clock.Format(grace)})
	return nil
}

// subscriptionUpdated follows the card on file (a new card is checked
// again during a trial) and scheduled cancellation (billing.canceled),
// which sets the Studio sites to stop with the subscription (see
// followCancellation).
func (s *Service) subscriptionUpdated(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time, ev payments.Event) error {
	sub := ev.Subscription
	if sub.Card != nil {
		r.Card = sub.Card
	}
	if ev.CardChanged {
		if r.Status == StatusTrialing || r.cardCheckFailed() {
			// A trial's new card is checked again at the next scheduled
			// run; a failed check stops blocking generation now.
			r.CardVerified = nil
		}
		s.record(tx, r, now, "billing.card_updated", "Card on file replaced")
	}
	if sub.CancelAtPeriodEnd == r.CancelAtPeriodEnd {
		return nil
	}
	r.CancelAtPeriodEnd = sub.CancelAtPeriodEnd
	if err := s.followCancellation(ctx, r, tx, now); err != nil {
		return err
	}
	if r.CancelAtPeriodEnd {
		s.emit(tx, r, now, "billing.canceled", "Cancellation scheduled at the end of the period", nil)
		return nil
	}
	s.record(tx, r, now, "billing.resumed", "Scheduled cancellation undone")
	return nil
}

// followCancellation sets the Studio sites to stop with a subscription set
// to end: each running one without a removal of its own gets removes_at
// at the period's end (spec 2: it runs until then; site.removal_scheduled),
// and the subscription's end archives it then. When the cancellation is
// undone, the removals it scheduled are cancelled; a removal the site was
// given itself (DELETE) stays. The sites change after tx, each on its own
// (see followSites): an account has any number of them.
func (s *Service) followCancellation(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) error {
	if _, _, ok := r.period(); ok {
		s.followSites(tx, r.AccountID, now, siteChange{})
	}
	return nil
}

// ended ends the subscription (billing.ended): generation stops and every
// Studio site is archived, each after tx on its own (see followSites): an
// account has any number of them. The site change in flight, if any, is
// let go of and undone with them: no charge can complete it any more, so
// the site it left pending is removed (an addition) or archived again (a
// restore), as a lapsed change's is.
func (s *Service) ended(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) error {
	if r.Status == StatusCanceled || r.Status == StatusNone {
		return errNoChange
	}
	s.followSites(tx, r.AccountID, now, siteChange{ended: true, drop: r.Lock})
	r.Status, r.CancelAtPeriodEnd, r.PastDueSince, r.TrialEndsAt = StatusCanceled, false, "", ""
	r.EverPaid, r.StudioSites, r.Lock = false, 0, nil
	s.emit(tx, r, now, "billing.ended", "Subscription ended; generation stopped", nil)
	return nil
}

// ArchiveIn adds to tx the archival of an active Studio site (spec 3:
// site.archived; its articles stay readable) and drops its scheduled
// removal.
func (s *Service) ArchiveIn(tx *dynamo.Tx, accountID string, site sites.Site, now time.Time, why string) sites.Site {
	ch := sites.StudioChange{From: sites.StatusActive, To: sites.StatusArchived, ArchivedAt: now}
	sites.ApplyStudio(tx, accountID, site.ID, ch)
	tx.Delete("removal:"+site.ID, dynamo.AccountPK(accountID), dynamo.RemovalSK(site.ID), "")
	archived := ch.Applied(site)
	s.Events.Emit(tx, accountID, site.ID, "site.archived", map[string]any{"site": archived})
	activity.Record(tx, now, auth.Service(accountID, "billing"), activity.Change{
		Action: "site.archived", SiteID: site.ID, Resource: activity.Resource{Type: "site", ID: site.ID},
		Summary: "Studio site archived: " + why,
	})
	return archived
}

// resetSites grants the period's credits: the primary site gets primary in
// tx; usable Studio sites get the Studio allowance unless onlyPrimary,
// each after tx on its own (see followSites and grantOne): an account has
// any number of them. A Studio site added or restored after the period
// began, before the processor reported it, already has this period's
// allowance (and may have spent some): it keeps its balances; so does a
// site that spent from a renewed period before it was reported (see
// Renewed).
func (s *Service) resetSites(ctx context.Context, tx *dynamo.Tx, r *record, list []sites.Site, primary credits.Allowance, onlyPrimary bool) error {
	start, end, ok := r.period()
	if !ok {
		return nil
	}
	studio := false
	for _, site := range list {
		a, ok := allowance(site, primary, start)
		switch {
		case !ok:
		case site.Kind == sites.KindPrimary && onlyPrimary:
			// A new plan's grant replaces whatever the site held.
			s.Credits.Reset(tx, r.AccountID, site.ID, a, start, end)
		case site.Kind == sites.KindPrimary:
			if err := s.grantPrimary(ctx, tx, r.AccountID, site, a, start, end); err != nil {
				return err
			}
		default:
			studio = studio || !onlyPrimary
		}
	}
	if studio {
		s.followSites(tx, r.AccountID, s.Clock.Now(), siteChange{grantStart: start, grantEnd: end})
	}
	r.noteGrant(end)
	return nil
}

// lateGrant answers an invoice report about a period that ended before the
// recorded one began (see stale): the state stays the current period's.
// When that period is a renewal whose grant was never recorded (a later
// renewal's report overtook it), its credits.reset is recorded now, once,
// for every site it granted credits to, without touching the balances:
// every period start that grants credits records exactly one
// credits.reset (spec 6), whatever the order of the reports. The primary
// site's is in tx; the Studio sites' each after tx on its own (see
// followSites and pastGrantOne): an account has any number of them.
func (s *Service) lateGrant(ctx context.Context, tx *dynamo.Tx, r *record, sub payments.Subscription) error {
	if !r.missedGrant(sub) {
		return errNoChange
	}
	list, err := s.Sites.All(ctx, r.AccountID)
	if err != nil {
		return err
	}
	studio := false
	for _, site := range list {
		a, ok := allowance(site, credits.PlanAllowance, sub.PeriodStart)
		switch {
		case !ok:
		case site.Kind == sites.KindPrimary:
			s.Credits.ResetPast(tx, r.AccountID, site.ID, a, sub.PeriodStart, sub.PeriodEnd)
		default:
			studio = true
		}
	}
	if studio {
		s.followSites(tx, r.AccountID, s.Clock.Now(), siteChange{pastStart: sub.PeriodStart, pastEnd: sub.PeriodEnd})
	}
	r.noteGrant(sub.PeriodEnd)
	return nil
}

// allowance returns what site is granted for a period starting at start:
// primary for the primary site, the Studio allowance for a Studio site
// usable then; ok is false for a site granted nothing.
func allowance(site sites.Site, primary credits.Allowance, start time.Time) (a credits.Allowance, ok bool) {
	switch {
	case site.Kind == sites.KindPrimary:
		return primary, true
	case site.Usable(start):
		return credits.StudioAllowance, true
	}
	return credits.Allowance{}, false
}

// emit adds a billing.* event with the billing state (and extra data) and
// its activity entry, for a change made by the processor or the scheduler.
func (s *Service) emit(tx *dynamo.Tx, r *record, now time.Time, typ, summary string, extra map[string]any) {
	s.emitAs(auth.Service(r.AccountID, "billing"), tx, r, now, typ, summary, extra)
}

// emitAs is emit for a change made by who.
func (s *Service) emitAs(who auth.Principal, tx *dynamo.Tx, r *record, now time.Time, typ, summary string, extra map[string]any) {
	data := map[string]any{"billing": r.view(now)}
	for k, v := range extra {
		data[k] = v
	}
	s.Events.Emit(tx, r.AccountID, "", typ, data)
	recordAs(who, tx, r, now, typ, summary)
}

// changer returns who makes a change applied under ctx: the caller of an
// API request of account accountID (the agent, app or owner that sent POST
// /billing/activate, as spec 2's activity actor names it), else the
// billing service (the processor's events, the scheduler).
func changer(ctx context.Context, accountID string) auth.Principal {
	if p, ok := auth.From(ctx); ok && p.AccountID == accountID {
		return p
	}
	return auth.Service(accountID, "billing")
}

// record adds an activity entry for a billing change made by the processor
// or the scheduler.
func (s *Service) record(tx *dynamo.Tx, r *record, now time.Time, action, summary string) {
	recordAs(auth.Service(r.AccountID, "billing"), tx, r, now, action, summary)
}

// recordAs adds an activity entry for a billing change made by who.
func recordAs(who auth.Principal, tx *dynamo.Tx, r *record, now time.Time, action, summary string) {
	activity.Record(tx, now, who, activity.Change{
		Action: action, Resource: activity.Resource{Type: "billing", ID: r.AccountID}, Summary: summary,
	})
}

// newerPeriod reports whether sub is in a later period than r: its period
// ends after r's. A Studio site's prorated invoice bills the rest of the
// current period (it starts later but ends with it), so it is no renewal
// and grants no credits.
func newerPeriod(sub payments.Subscription, r *record) bool {
	cur, ok := parse(r.PeriodEnd)
	return !sub.PeriodStart.IsZero() && (!ok || sub.PeriodEnd.After(cur))
}
