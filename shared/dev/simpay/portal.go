package simpay

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

func (p *Processor) getPortal(ctx context.Context, id string) (portalItem, subItem, error) {
	var it portalItem
	if len(id) > maxPageID {
		return it, subItem{}, errGone
	}
	err := p.Table.Get(ctx, dynamo.SimPayPK("PORTAL", id), dynamo.SimPaySK, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return it, subItem{}, errGone
	}
	if err != nil {
		return it, subItem{}, err
	}
	if exp, _ := clock.Parse(it.ExpiresAt); !p.Clock.Now().Before(exp) {
		return it, subItem{}, errGone
	}
	s, err := p.getSub(ctx, it.SubscriptionID)
	if errors.Is(err, payments.ErrNoSubscription) {
		return it, subItem{}, errGone
	}
	return it, s, err
}

// setCancel schedules cancellation at the period's end, or undoes it.
func (p *Processor) setCancel(ctx context.Context, portalID string, cancel bool) (subItem, error) {
	return p.update(ctx, portalID, func(s *subItem) (*payments.Event, error) {
		if s.Status == payments.StatusCanceled {
			return nil, errGone
		}
		if s.CancelAtPeriodEnd == cancel {
			return nil, nil
		}
		s.CancelAtPeriodEnd = cancel
		return &payments.Event{Type: payments.SubscriptionUpdated}, nil
	})
}

// CancelNow ends subscription subRef at once, with nothing more charged,
// and reports it ended, as Stripe does.
func (p *Processor) CancelNow(ctx context.Context, accountID, subRef string) error {
	for attempt := 0; attempt < 20; attempt++ {
		s, err := p.getSub(ctx, subRef)
		if errors.Is(err, payments.ErrNoSubscription) {
			return nil
		}
		if err != nil {
			return err
		}
		if s.Status == payments.StatusCanceled {
			return nil
		}
		s.Status, s.GSI1PK, s.GSI1SK = payments.StatusCanceled, "", ""
		tx := &dynamo.Tx{}
		putSub(tx, &s)
		err = p.commitAndReport(ctx, tx, s, payments.Event{ID: "evt_end_" + short(), Type: payments.SubscriptionEnded, AccountID: s.AccountID})
		if dynamo.LostRace(err, "sub") {
			continue
		}
		return err
	}
	return payments.ErrConflict
}

// ExpireCheckout closes checkout checkoutID at once, as Stripe expires a
// session: its page then shows that it expired. A checkout that is gone,
// completed or expired already is left as it is.
func (p *Processor) ExpireCheckout(ctx context.Context, accountID, checkoutID string) error {
	co, err := p.getCheckout(ctx, checkoutID)
	if errors.Is(err, errGone) || (err == nil && (co.Completed || co.AccountID != accountID)) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = p.Table.Update(ctx, co.PK, co.SK, &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("SET expires_at = :now"),
		ConditionExpression:       aws.String("completed = :f"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":now": &types.AttributeValueMemberS{Value: clock.Format(p.now())}, ":f": &types.AttributeValueMemberBOOL{Value: false}},
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil // completed meanwhile: the billing service cancels what it started
	}
	return err
}

// replaceCard puts a new card on file; a past-due subscription's open
// invoice is retried with it at once.
func (p *Processor) replaceCard(ctx context.Context, portalID, number string) (subItem, error) {
	c, ok := readCard(number)
	if !ok {
		return subItem{}, errInvalidCard
	}
	if c.Does == declinedAtCheckout {
		return subItem{}, errCardRefused
	}
	s, err := p.update(ctx, portalID, func(s *subItem) (*payments.Event, error) {
		if s.Status == payments.StatusCanceled {
			return nil, errGone
		}
		s.Card = c.Number
		return &payments.Event{Type: payments.SubscriptionUpdated, CardChanged: true}, nil
	})
	if err != nil || s.Status != payments.StatusPastDue {
		return s, err
	}
	return p.retryInvoice(ctx, s.ID)
}

// retryInvoice charges a past-due subscription's open invoice again.
func (p *Processor) retryInvoice(ctx context.Context, subID string) (subItem, error) {
	var amount payments.Cents
	ch, err := p.charge(ctx, subID, "", "Plan: retry of a failed payment", func(s *subItem) (payments.Cents, error) {
		if s.Status != payments.StatusPastDue {
			return 0, payments.ErrConflict
		}
		amount = monthly(s)
		return amount, nil
	}, func(s *subItem, _ time.Time) { s.Status = payments.StatusActive })
	s, gerr := p.getSub(ctx, subID)
	if gerr != nil {
		return s, gerr
	}
	if err != nil {
		if errors.Is(err, payments.ErrDeclined) || errors.Is(err, payments.ErrAuthentication) {
			return s, nil // still past due; the page says so
		}
		return s, err
	}
	if rerr := p.report(ctx, payments.Event{ID: "evt_paid_" + short(), Type: payments.InvoicePaid, AccountID: s.AccountID, Subscription: ch.Subscription, Amount: amount}); rerr != nil {
		slog.ErrorContext(ctx, "report a paid retry", "subscription", subID, "err", rerr)
	}
	return s, nil
}

// authenticate completes the charge the portal page was opened for, which
// needed the cardholder: ending the trial (EndTrial), or a Studio site's
// prorated charge (SetStudioSites, waitItem). The cardholder has
// authenticated it, so it is charged, the change is made and the invoice
// is reported paid. Only once per charge, and only while the change can
// still be made: a trial not set to end, a Studio quantity that has not
// moved before the change expired (conflict otherwise).
func (p *Processor) authenticate(ctx context.Context, portalID string) (subItem, error) {
	for attempt := 0; attempt < 20; attempt++ {
		it, s, err := p.getPortal(ctx, portalID)
		if err != nil {
			return s, err
		}
		if it.Invoice == "" {
			return s, errNothingWaiting
		}
		what, price, apply := "Plan: trial ended early (authenticated)", trialEndPrice, endTrial
		if w, err := p.waiting(ctx, it.Invoice); err != nil {
			return s, err
		} else if w != nil {
			what, price, apply = "Studio sites: prorated charge (authenticated)", w.price(p.now()), w.apply
		}
		if err := p.catchUp(ctx, s.ID); err != nil {
			return s, err
		}
		if s, err = p.getSub(ctx, s.ID); err != nil {
			return s, err
		}
		amount, err := price(&s)
		if err != nil {
			return s, errNothingWaiting
		}
		now := p.now()
		tx := &dynamo.Tx{}
		rec := newCharge(&s, amount, what, "", nil, now)
		tx.PutNew("charge", rec)
		tx.PutNew("idem", idemItem{PK: dynamo.SimPayPK("IDEM", "authenticated:"+it.Invoice), SK: dynamo.SimPaySK, ChargeID: rec.ID, AmountCents: int64(amount), TTL: now.Add(48 * time.Hour).Unix()})
		apply(&s, now)
		putSub(tx, &s)
		err = p.Table.Commit(ctx, tx, nil)
		if dynamo.LostRace(err, "idem") {
			return s, errNothingWaiting
		}
		if dynamo.LostRace(err, "sub") {
			continue
		}
		if err != nil {
			return s, err
		}
		ev := payments.Event{ID: "evt_paid_" + short(), Type: payments.InvoicePaid, AccountID: s.AccountID, Subscription: s.snapshot(), Amount: amount, Invoice: it.Invoice}
		if rerr := p.report(ctx, ev); rerr != nil {
			slog.ErrorContext(ctx, "report an authenticated payment", "subscription", s.ID, "err", rerr)
		}
		return s, nil
	}
	return subItem{}, payments.ErrConflict
}

// update changes the portal's subscription with fn and reports the event
// fn returns (none: nothing changed).
func (p *Processor) update(ctx context.Context, portalID string, fn func(*subItem) (*payments.Event, error)) (subItem, error) {
	for attempt := 0; attempt < 20; attempt++ {
		_, s, err := p.getPortal(ctx, portalID)
		if err != nil {
			return s, err
		}
		ev, err := fn(&s)
		if err != nil || ev == nil {
			return s, err
		}
		tx := &dynamo.Tx{}
		putSub(tx, &s)
		err = p.Table.Commit(ctx, tx, nil)
		if dynamo.LostRace(err, "sub") {
			continue
		}
		if err != nil {
			return s, err
		}
		ev.ID, ev.AccountID, ev.Subscription = "evt_upd_"+short(), s.AccountID, s.snapshot()
		if err := p.report(ctx, *ev); err != nil {
			slog.ErrorContext(ctx, "report a subscription update", "subscription", s.ID, "err", err)
		}
		return s, nil
	}
	return subItem{}, payments.ErrConflict
}
