package simpay

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// Page outcomes a hosted page reports to its visitor.
var (
	errGone        = errors.New("This page has expired or does not exist.")
	errDone        = errors.New("This checkout is already completed.")
	errInvalidCard = errors.New("Your card number is incorrect.")
	errCardRefused = errors.New("Your card was declined.")
	errRefusedHere = errors.New("This account already has a subscription; nothing was charged.")
	// errNothingWaiting refuses to authenticate a payment that is not
	// waiting: paid already, or the trial ended or was set to end since.
	errNothingWaiting = errors.New("No payment is waiting for authentication here: it was paid already, or the trial ended or was set to end since. Nothing was charged.")
)

// maxPageID bounds the ids of hosted pages looked up: the processor makes
// short ones, and a longer one names no page rather than a key the table
// refuses.
const maxPageID = 64

func (p *Processor) getCheckout(ctx context.Context, id string) (checkoutItem, error) {
	var c checkoutItem
	if len(id) > maxPageID {
		return c, errGone
	}
	err := p.Table.Get(ctx, dynamo.SimPayPK("CHECKOUT", id), dynamo.SimPaySK, &c)
	if errors.Is(err, dynamo.ErrNotFound) {
		return c, errGone
	}
	if err != nil {
		return c, err
	}
	if exp, _ := clock.Parse(c.ExpiresAt); !p.Clock.Now().Before(exp) {
		return c, errGone
	}
	return c, nil
}

// complete completes checkout id with the card the owner entered, as the
// owner would on Stripe's hosted page: the subscription starts (trialing,
// or active with the first month charged) and the billing service is told.
// The checkout stays open after a declined card.
func (p *Processor) complete(ctx context.Context, id, number string) error {
	co, err := p.getCheckout(ctx, id)
	if err != nil {
		return err
	}
	if co.Completed {
		return errDone
	}
	c, ok := readCard(number)
	if !ok {
		return errInvalidCard
	}
	if c.Does == declinedAtCheckout {
		return errCardRefused
	}
	now := p.now()
	subID := "sub_sim_" + short()
	s := &subItem{PK: dynamo.SimPayPK("SUB", subID), SK: dynamo.SimPaySK, ID: subID, AccountID: co.AccountID, CustomerRef: co.CustomerRef, Card: c.Number}
	tx := &dynamo.Tx{}
	if co.Mode == payments.ModeTrial {
		end := now.Add(payments.TrialDays * 24 * time.Hour)
		s.Status, s.TrialEnd = payments.StatusTrialing, clock.Format(end)
		s.setPeriod(now, end)
	} else {
		s.Status, s.Anchor, s.Cycle = payments.StatusActive, clock.Format(now), 1
		s.setPeriod(now, payments.AddMonths(now, 1))
		// The owner is present: the first charge succeeds for every card
		// that checkout accepts.
		tx.PutNew("charge", newCharge(s, payments.PlanCents, "Plan: first month", "", nil, now))
	}
	putSub(tx, s)
	tx.Update("checkout", co.PK, co.SK, &types.Update{
		UpdateExpression:    aws.String("SET completed = :t, subscription_id = :s"),
		ConditionExpression: aws.String("completed = :f"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":t": &types.AttributeValueMemberBOOL{Value: true}, ":f": &types.AttributeValueMemberBOOL{Value: false},
			":s": &types.AttributeValueMemberS{Value: s.ID},
		},
	})
	if err := p.Table.Commit(ctx, tx, nil); err != nil {
		if dynamo.FailedOn(err, "checkout") {
			return errDone
		}
		return err
	}
	err = p.report(ctx, payments.Event{ID: "evt_" + co.ID, Type: payments.CheckoutCompleted, AccountID: co.AccountID, Mode: co.Mode, Subscription: s.snapshot()})
	if err != nil {
		p.undoCheckout(ctx, co, s)
	}
	return err
}

// undoCheckout reverts a completed checkout the billing service refused:
// the subscription is dropped, its charge refunded, the checkout reopened.
func (p *Processor) undoCheckout(ctx context.Context, co checkoutItem, s *subItem) {
	tx := &dynamo.Tx{}
	tx.Delete("sub", s.PK, s.SK, "")
	co.Completed, co.SubscriptionID = false, ""
	tx.Put("checkout", co, "", nil)
	if err := p.Table.Commit(ctx, tx, nil); err != nil {
		slog.ErrorContext(ctx, "undo a refused checkout", "checkout", co.ID, "err", err)
	}
	if err := p.Refund(ctx, co.AccountID, s.ID); err != nil {
		slog.ErrorContext(ctx, "refund a refused checkout", "checkout", co.ID, "err", err)
	}
}

// Refund refunds every successful charge of subscription subRef, as
// Stripe refunds a payment in full: its record shows it refunded. A
// charge refunded already stays as it is.
func (p *Processor) Refund(ctx context.Context, accountID, subRef string) error {
	charges, err := p.listCharges(ctx, accountID)
	if err != nil {
		return err
	}
	for _, c := range charges {
		if c.SubscriptionID == subRef && c.Status == chargeSucceeded {
			c.Status = chargeRefunded
			if err := p.Table.Put(ctx, c); err != nil {
				return err
			}
		}
	}
	return nil
}

// report tells the sink about ev; a conflict from the billing service is
// errRefusedHere.
func (p *Processor) report(ctx context.Context, ev payments.Event) error {
	if p.Sink == nil {
		return errors.New("simpay: no sink to report to")
	}
	err := p.Sink.ProcessorEvent(ctx, ev)
	if apperr.Is(err, apperr.Conflict) {
		return errRefusedHere
	}
	return err
}

// Subscribe starts a paid subscription of accountID now with card, exactly
// as a completed plan checkout does (the first month charged, the billing
// service told), without the hosted page. Benchmarks use it to make many
// subscriptions quickly.
func (p *Processor) Subscribe(ctx context.Context, accountID, email, card string) error {
	link, err := p.Checkout(ctx, payments.CheckoutRequest{AccountID: accountID, Email: email, Mode: payments.ModePlan, ExpiresAt: p.now().Add(time.Hour)})
	if err != nil {
		return err
	}
	return p.complete(ctx, link.ID, card)
}
