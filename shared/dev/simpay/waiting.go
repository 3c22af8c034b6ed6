package simpay

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// waitItem is a prorated Studio charge that needed the cardholder
// (SetStudioSites), kept as Stripe keeps a pending update: the failed
// charge's id names it (the AuthenticationError's invoice), the portal
// page opened for it shows it, and authenticating it there charges
// AmountCents and moves the quantity From to To, until ExpiresAt
// (payments.PendingChangeLife, or the period's end when that comes first,
// as Stripe's).
type waitItem struct {
	PK             string `dynamodbav:"pk"`
	SK             string `dynamodbav:"sk"`
	SubscriptionID string `dynamodbav:"subscription_id"`
	From           int    `dynamodbav:"from"`
	To             int    `dynamodbav:"to"`
	AmountCents    int64  `dynamodbav:"amount_cents"`
	ExpiresAt      string `dynamodbav:"expires_at"`
	TTL            int64  `dynamodbav:"ttl"`
}

// price returns what authenticating w at now charges subscription s:
// nothing waits (errNothingWaiting) once w expired, or the subscription
// ended or its quantity moved since.
func (w *waitItem) price(now time.Time) func(*subItem) (payments.Cents, error) {
	return func(s *subItem) (payments.Cents, error) {
		if s.ID != w.SubscriptionID || s.Status == payments.StatusCanceled || s.StudioSites != w.From || !now.Before(at(w.ExpiresAt)) {
			return 0, errNothingWaiting
		}
		return payments.Cents(w.AmountCents), nil
	}
}

// apply makes w's quantity change on s.
func (w *waitItem) apply(s *subItem, _ time.Time) { s.StudioSites = w.To }

// waitStudio keeps Studio change ch, whose charge needed the cardholder,
// waiting for the cardholder (waitItem) and returns the
// AuthenticationError naming it; a replay of ch finds it kept. When it
// cannot be kept the answer is plain ErrAuthentication: nothing waits.
func (p *Processor) waitStudio(ctx context.Context, ch payments.StudioChange) error {
	var seen idemItem
	if err := p.Table.Get(ctx, dynamo.SimPayPK("IDEM", ch.IdempotencyKey), dynamo.SimPaySK, &seen); err != nil || seen.ChargeID == "" {
		return payments.ErrAuthentication
	}
	sub, err := p.getSub(ctx, ch.SubscriptionRef)
	if err != nil {
		return payments.ErrAuthentication
	}
	now := p.now()
	until := now.Add(payments.PendingChangeLife)
	if end := at(sub.PeriodEnd); end.After(now) && end.Before(until) {
		until = end
	}
	w := waitItem{
		PK: dynamo.SimPayPK("WAIT", seen.ChargeID), SK: dynamo.SimPaySK, SubscriptionID: ch.SubscriptionRef,
		From: ch.From, To: ch.To, AmountCents: seen.AmountCents,
		ExpiresAt: clock.Format(until), TTL: until.Add(24 * time.Hour).Unix(),
	}
	if err := p.Table.PutNew(ctx, w); err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
		return payments.ErrAuthentication
	}
	return &payments.AuthenticationError{Invoice: seen.ChargeID}
}

// waiting returns the Studio charge waiting as invoice, if it is one.
func (p *Processor) waiting(ctx context.Context, invoice string) (*waitItem, error) {
	if invoice == "" {
		return nil, nil
	}
	var w waitItem
	err := p.Table.Get(ctx, dynamo.SimPayPK("WAIT", invoice), dynamo.SimPaySK, &w)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// view is the portal page of it for subscription s, with the Studio charge
// it was opened for while that waits.
func (p *Processor) view(ctx context.Context, it portalItem, s subItem) portalPage {
	v := portalView(it, s)
	if w, err := p.waiting(ctx, it.Invoice); err == nil && w != nil {
		if amount, err := w.price(p.now())(&s); err == nil {
			v.Waiting = fmt.Sprintf("%s USD to add %d Studio site for the rest of the period", amount, w.To-w.From)
		}
	}
	return v
}
