package billing

import (
	"context"
	"errors"
	"time"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// Activated is the answer of POST /billing/activate.
type Activated struct {
	Billing Billing        `json:"billing"`
	Charged payments.Money `json:"charged"`
}

// errCanceling refuses to charge a trial its owner has set to end.
var errCanceling = apperr.New(apperr.Conflict, "The owner set the trial to end instead of becoming the plan, so it cannot be activated. The owner can resume it in the billing portal (POST /billing/portal) first.")

// errTrialEnded refuses to activate a trial that ended (its end passed, or
// the processor moved it on) before the processor reported it: there is
// no trial left to end, and the processor bills or fails the plan's first
// invoice itself.
var errTrialEnded = apperr.New(apperr.Conflict, "The trial already ended, so there is nothing to activate: the plan's first invoice is charged at the trial's end, and the billing status shows how that went.")

// Activate ends the trial now and pays the first invoice (spec 4.9):
// status active, paid true, the primary site's articles reset to 30,
// billing.activated. Only a trialing account whose trial is not set to end
// may (conflict otherwise). A
// declined card is payment_failed and a bank asking for authentication is
// human_required, both with action_url; the trial continues. key makes a
// retried request charge at most once (the request's Idempotency-Key; a
// fresh one when the caller sent none).
func (s *Service) Activate(ctx context.Context, accountID, key string) (Activated, error) {
	p, err := s.Payments()
	if err != nil {
		return Activated{}, err
	}
	r, err := s.load(ctx, accountID)
	if err != nil {
		return Activated{}, err
	}
	if r.Status != StatusTrialing {
		return Activated{}, notTrialing(r.Status)
	}
	if r.CancelAtPeriodEnd {
		return Activated{}, errCanceling
	}
	if r.trialOver(s.Clock.Now()) {
		return Activated{}, errTrialEnded
	}
	if key == "" {
		key = ids.New()
	}
	charge, err := p.EndTrial(ctx, accountID, r.SubscriptionRef, "activate:"+accountID+":"+key)
	if errors.Is(err, payments.ErrCanceling) {
		return Activated{}, errCanceling // the owner set it to cancel meanwhile
	}
	if errors.Is(err, payments.ErrConflict) {
		return Activated{}, errTrialEnded // the trial ran out before the processor reported it
	}
	if err != nil {
		return Activated{}, s.ChargeError(ctx, accountID, err)
	}
	var out Activated
	_, err = s.change(ctx, accountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		if r.SubscriptionRef != charge.Subscription.Ref {
			return nil, apperr.New(apperr.Conflict, "The subscription changed meanwhile.")
		}
		err := s.invoicePaid(ctx, r, tx, now, charge.Subscription)
		out = Activated{Billing: r.view(now), Charged: payments.USD(charge.Amount)}
		if errors.Is(err, errNoChange) {
			return out, nil // the processor's event came first: still record the answer
		}
		return out, err
	})
	if err != nil {
		return Activated{}, apperr.Wrap("billing.Activate", err)
	}
	return out, nil
}
