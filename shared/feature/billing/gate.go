package billing

import (
	"context"
	"time"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
)

// Need is what an endpoint needs of the account (spec 4.2 Needs column).
type Need int

// The needs of the endpoint index.
const (
	// NeedNothing: any account.
	NeedNothing Need = iota
	// NeedTrialOrPlan: a trial whose card check has not failed, the paid
	// plan, or a failed payment still within its grace
	// (subscription_required otherwise).
	NeedTrialOrPlan
	// NeedPaidPlan: a paid invoice and a current plan; a trial does not
	// count (paid_plan_required otherwise).
	NeedPaidPlan
	// NeedTrial: a trial (conflict otherwise), for ending it now.
	NeedTrial
)

// Requirement is an endpoint's need (spec 4.2, Needs column), and whether
// the endpoint's site must be usable on the plan (subscription_required
// otherwise). The route table holds each endpoint's.
type Requirement struct {
	Need Need
	Site bool
}

// Gate decides whether an account may do what an endpoint does. It is the
// one place that answers subscription_required and paid_plan_required;
// insufficient_credits comes from spending (package credits).
type Gate struct {
	Billing *Service
	Sites   *sites.Store
}

// Admit returns nil when the account meets r now: r's need, and, when
// siteID is not empty, the site is the account's (and usable on the plan
// when r.Site is set; a site is looked up even when it need not be usable,
// as when restoring an archived one, so another account's site answers
// not_found before any plan error, as a random id does). Otherwise it
// returns the error Check describes.
func (g *Gate) Admit(ctx context.Context, accountID, siteID string, r Requirement) error {
	return g.check(ctx, accountID, siteID, r.Need, r.Site)
}

// Check returns nil when the account (and site, when siteID is not empty)
// meets need now, and otherwise the error to answer: subscription_required
// (no trial or plan, the trial card check failed, the payment grace is
// over, the subscription ended, or the site is not active on the plan),
// paid_plan_required, conflict for NeedTrial, or not_found for a site that
// is not the account's.
func (g *Gate) Check(ctx context.Context, accountID, siteID string, need Need) error {
	return g.check(ctx, accountID, siteID, need, true)
}

// check is Check; usable says whether the site must also be usable on the
// plan (otherwise it only has to be the account's).
func (g *Gate) check(ctx context.Context, accountID, siteID string, need Need, usable bool) error {
	if need == NeedNothing && siteID == "" {
		return nil
	}
	// A site that is not the account's is not_found before anything else,
	// so another account's ids never answer differently from random ones.
	// The site and the billing record are read at once.
	var site *sites.Site
	var r record
	load := func(ctx context.Context) (err error) {
		r, err = g.Billing.load(ctx, accountID)
		return err
	}
	if siteID == "" {
		if err := load(ctx); err != nil {
			return err
		}
	} else {
		s, err := g.Sites.Within(ctx, accountID, siteID, load)
		if err != nil {
			return err
		}
		site = &s
	}
	now := g.Billing.Clock.Now()
	if err := r.meets(need, now); err != nil {
		return err
	}
	if site == nil || !usable {
		return nil
	}
	return siteUsable(*site, now)
}

// meets applies need to the billing state at now.
func (r *record) meets(need Need, now time.Time) error {
	switch need {
	case NeedTrialOrPlan:
		return r.working(now)
	case NeedPaidPlan:
		if r.paid() {
			return nil
		}
		return paidPlanError(r, now)
	case NeedTrial:
		if r.Status == StatusTrialing {
			return nil
		}
		return notTrialing(r.Status)
	}
	return nil
}

// notTrialing is the conflict of activating a trial on an account whose
// billing status is status, not trialing: what there is instead, and the
// way forward when there is one.
func notTrialing(status string) error {
	msg := "Only a trial can be activated, and this account has none."
	switch status {
	case StatusNone:
		msg = "There is no trial to activate: this account has no subscription yet. Start the trial with POST /billing/checkout and send the owner the link."
	case StatusActive:
		msg = "There is no trial to activate: this account is already on the paid plan."
	case StatusPastDue:
		msg = "There is no trial to activate: the subscription runs, and its last payment failed. The owner can update the card (POST /billing/portal gives the link)."
	case StatusCanceled:
		msg = "There is no trial to activate: the subscription ended. Start the plan again with POST /billing/checkout."
	}
	return apperr.New(apperr.Conflict, msg)
}

// working returns nil when generation and the other trial-or-plan actions
// may run now, and the subscription_required error that says why not.
func (r *record) working(now time.Time) error {
	switch r.Status {
	case StatusActive:
		return nil
	case StatusTrialing:
		if r.cardCheckFailed() {
			return errCardCheckFailed
		}
		return nil
	case StatusPastDue:
		// A trial that ran out after its card check failed: the grace
		// keeps generation going, it never turns it back on.
		if r.cardCheckFailed() {
			return errCardCheckFailed
		}
		if grace, ok := r.graceEnds(); ok && now.Before(grace) {
			return nil
		}
		return apperr.New(apperr.SubscriptionRequired, "A payment failed more than 48 hours ago. Generation and the other trial or plan features resume once the owner updates the card (POST /billing/portal gives the link).")
	case StatusCanceled:
		return apperr.New(apperr.SubscriptionRequired, "The subscription ended. Start the plan again with POST /billing/checkout.")
	}
	return apperr.New(apperr.SubscriptionRequired, "This needs a trial or a plan. Start one with POST /billing/checkout and send the owner the link.")
}

// errCardCheckFailed refuses generation while the trial card check has
// failed and the card has not been updated since (spec 2 card_verified).
var errCardCheckFailed = apperr.New(apperr.SubscriptionRequired, "The trial's card check failed. Generation and the other trial or plan features resume once the owner updates the card (POST /billing/portal gives the link).")

// cardCheckFailed reports whether the trial card check failed and the card
// has not been replaced since.
func (r *record) cardCheckFailed() bool { return r.CardVerified != nil && !*r.CardVerified }

// TrialOverAdvice says why a trial whose end has passed, before the
// processor reports it, cannot be ended early: POST /billing/activate
// refuses it (409), and the processor charges the plan's first invoice.
const TrialOverAdvice = "The trial has ended, so it cannot be ended early: the plan starts once the payment processor charges its first invoice, and GET /billing shows it then."

// trialOver reports whether r is a trial whose end has passed at now,
// although the processor has not reported it yet.
func (r *record) trialOver(now time.Time) bool {
	end, ok := parse(r.TrialEndsAt)
	return r.Status == StatusTrialing && ok && !now.Before(end)
}

// TrialEndingAdvice says what opens the paid plan to a trial set to end
// instead of becoming the plan: POST /billing/activate refuses it (409)
// until the owner resumes it.
const TrialEndingAdvice = "This trial is set to end instead of becoming the plan, so it cannot be ended early yet. " +
	"The owner can resume it in the billing portal (POST /billing/portal), then end the trial now with POST /billing/activate."

func paidPlanError(r *record, now time.Time) error {
	msg := "This needs the paid plan. Start one with POST /billing/checkout and send the owner the link."
	switch r.Status {
	case StatusTrialing:
		msg = "This needs the paid plan; a trial does not count. End the trial now with POST /billing/activate."
		if r.CancelAtPeriodEnd {
			msg = "This needs the paid plan; a trial does not count. " + TrialEndingAdvice
		} else if r.trialOver(now) {
			msg = "This needs the paid plan; a trial does not count. " + TrialOverAdvice
		}
	case StatusPastDue:
		msg = "This needs a paid plan, and the last payment failed. The owner can update the card (POST /billing/portal gives the link)."
	}
	return apperr.New(apperr.PaidPlanRequired, msg)
}

// siteUsable refuses a site that is not active on the plan.
func siteUsable(site sites.Site, now time.Time) error {
	if site.Usable(now) {
		return nil
	}
	msg := "This site is not active on the plan."
	switch {
	case site.Status == sites.StatusArchived:
		msg = "This Studio site is archived. Restore it with POST /sites/{site_id}/restore."
	case site.Status == sites.StatusPending:
		msg = "This Studio site is not active yet: its payment is in flight."
	case site.RemovesAt != nil:
		msg = "This Studio site was removed at " + *site.RemovesAt + ". Restore it with POST /sites/{site_id}/restore."
	}
	return apperr.New(apperr.SubscriptionRequired, msg)
}
