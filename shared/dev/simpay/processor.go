// Package simpay is the dev stack's simulated payment processor, a
// stand-in for Stripe behind the same payments.Processor interface
// (README, "The dev stack"): hosted checkout and portal pages under /_dev/pay,
// Stripe's test card numbers, subscriptions with a trial, Studio site
// quantities with proration, renewals when the service clock passes a
// period's end, and a record of every charge for tests. Its state lives in
// the service's table, so every function of the dev stack sees the same.
// It reports what happens to a payments.Sink (the billing service), as
// Stripe's webhooks do.
package simpay

import (
	"context"
	"errors"
	"time"

	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// Processor is the simulated payment processor.
type Processor struct {
	Table *dynamo.Table
	Clock clock.Clock
	// BaseURL starts the hosted pages' links (the dev stack's address).
	BaseURL string
	// Sink is where the processor reports events (the billing service).
	Sink payments.Sink
}

var _ payments.Processor = (*Processor)(nil)

// Tasks returns the processor's scheduled work: renewals.
func (p *Processor) Tasks() []scheduler.Task {
	return []scheduler.Task{{Name: "payments.renewals", Run: p.Renew}}
}

func (p *Processor) now() time.Time { return p.Clock.Now().Truncate(time.Second) }

// Checkout opens a hosted checkout page at /_dev/pay/checkout/<id>.
func (p *Processor) Checkout(ctx context.Context, req payments.CheckoutRequest) (payments.Link, error) {
	id := "cs_sim_" + short()
	customer := req.CustomerRef
	if customer == "" {
		customer = "cus_sim_" + short()
	}
	it := checkoutItem{
		PK: dynamo.SimPayPK("CHECKOUT", id), SK: dynamo.SimPaySK, ID: id, AccountID: req.AccountID, Email: req.Email,
		CustomerRef: customer, Mode: req.Mode, ExpiresAt: clock.Format(req.ExpiresAt), TTL: req.ExpiresAt.Add(30 * 24 * time.Hour).Unix(),
		ReturnURL: req.ReturnURL,
	}
	if err := p.Table.PutNew(ctx, it); err != nil {
		return payments.Link{}, err
	}
	return payments.Link{ID: id, URL: p.BaseURL + "/_dev/pay/checkout/" + id, ExpiresAt: req.ExpiresAt, CustomerRef: customer}, nil
}

// Portal opens a hosted portal page at /_dev/pay/portal/<id>.
func (p *Processor) Portal(ctx context.Context, req payments.PortalRequest) (payments.Link, error) {
	id := "bps_sim_" + short()
	it := portalItem{
		PK: dynamo.SimPayPK("PORTAL", id), SK: dynamo.SimPaySK, ID: id, AccountID: req.AccountID,
		SubscriptionID: req.SubscriptionRef, ExpiresAt: clock.Format(req.ExpiresAt), TTL: req.ExpiresAt.Add(24 * time.Hour).Unix(),
		ReturnURL: req.ReturnURL, Invoice: req.InvoiceRef,
	}
	if err := p.Table.PutNew(ctx, it); err != nil {
		return payments.Link{}, err
	}
	return payments.Link{ID: id, URL: p.BaseURL + "/_dev/pay/portal/" + id, ExpiresAt: req.ExpiresAt}, nil
}

// EndTrial ends a trial now: the first invoice (the plan and any Studio
// sites) is charged and a monthly period starts now. A trial set to cancel
// at its end is refused (payments.ErrCanceling), on the version of the
// subscription the charge is written against, so a cancel in the portal
// at the same moment either comes first and is seen, or comes after. A
// card that needs the cardholder leaves the invoice waiting, as Stripe's
// pending update does: the AuthenticationError names the failed charge,
// which the owner authenticates on the portal page (authenticate).
func (p *Processor) EndTrial(ctx context.Context, accountID, subRef, key string) (payments.Charge, error) {
	c, err := p.charge(ctx, subRef, key, "Plan: trial ended early", trialEndPrice, endTrial)
	if errors.Is(err, payments.ErrAuthentication) && key != "" {
		var seen idemItem
		if gerr := p.Table.Get(ctx, dynamo.SimPayPK("IDEM", key), dynamo.SimPaySK, &seen); gerr == nil && seen.ChargeID != "" {
			return c, &payments.AuthenticationError{Invoice: seen.ChargeID}
		}
	}
	return c, err
}

// trialEndPrice is what ending trial s now charges.
func trialEndPrice(s *subItem) (payments.Cents, error) {
	if s.Status != payments.StatusTrialing {
		return 0, payments.ErrConflict
	}
	if s.CancelAtPeriodEnd {
		return 0, payments.ErrCanceling
	}
	return monthly(s), nil
}

// endTrial ends trial s at now: a monthly period starts.
func endTrial(s *subItem, now time.Time) {
	s.Status, s.TrialEnd, s.Anchor, s.Cycle = payments.StatusActive, "", clock.Format(now), 1
	s.setPeriod(now, payments.AddMonths(now, 1))
}

// SetStudioSites changes the Studio site quantity, charging the added sites
// prorated to the second from ProrationDate when asked. A prorated charge
// the card needs the cardholder for waits, as Stripe's pending update
// does: the AuthenticationError names it, and the owner authenticates it
// on the portal page (waitStudio, authenticate).
func (p *Processor) SetStudioSites(ctx context.Context, ch payments.StudioChange) (payments.Charge, error) {
	what := "Studio sites: quantity change"
	if ch.Prorate {
		what = "Studio sites: prorated charge"
	}
	c, err := p.setStudioSites(ctx, ch, what)
	if errors.Is(err, payments.ErrAuthentication) && ch.Prorate && ch.IdempotencyKey != "" {
		return c, p.waitStudio(ctx, ch)
	}
	return c, err
}

// setStudioSites charges and makes Studio change ch (SetStudioSites).
func (p *Processor) setStudioSites(ctx context.Context, ch payments.StudioChange, what string) (payments.Charge, error) {
	return p.charge(ctx, ch.SubscriptionRef, ch.IdempotencyKey, what, func(s *subItem) (payments.Cents, error) {
		if s.Status == payments.StatusCanceled {
			return 0, payments.ErrNoSubscription
		}
		if s.StudioSites != ch.From {
			return 0, payments.ErrConflict
		}
		if !ch.Prorate || ch.To <= ch.From {
			return 0, nil
		}
		return payments.Prorate(payments.StudioSiteCents*payments.Cents(ch.To-ch.From), at(s.PeriodStart), at(s.PeriodEnd), ch.ProrationDate), nil
	}, func(s *subItem, _ time.Time) { s.StudioSites = ch.To })
}

// Subscription returns the simulated subscription as it is now.
func (p *Processor) Subscription(ctx context.Context, accountID, subRef string) (payments.Subscription, error) {
	s, err := p.getSub(ctx, subRef)
	if err != nil {
		return payments.Subscription{}, err
	}
	return s.snapshot(), nil
}

// CheckCard verifies a trial's card: 4000000000000101 fails.
func (p *Processor) CheckCard(ctx context.Context, accountID, subRef, _ string) (bool, error) {
	s, err := p.getSub(ctx, subRef)
	if err != nil {
		return false, err
	}
	return s.card().Does != failsCheck, nil
}

// monthly is what one period of s costs.
func monthly(s *subItem) payments.Cents {
	return payments.PlanCents + payments.Cents(s.StudioSites)*payments.StudioSiteCents
}

// charge changes subscription subID with apply while charging the amount
// that price returns (nothing to charge: apply only), once the
// subscription's ended periods are renewed (catchUp), at most once per key:
// a key seen before gives the first outcome again. A declined charge is
// recorded and changes nothing.
func (p *Processor) charge(ctx context.Context, subID, key, what string, price func(*subItem) (payments.Cents, error), apply func(*subItem, time.Time)) (payments.Charge, error) {
	for attempt := 0; attempt < 20; attempt++ {
		if key != "" {
			var seen idemItem
			err := p.Table.Get(ctx, dynamo.SimPayPK("IDEM", key), dynamo.SimPaySK, &seen)
			if err == nil {
				s, err := p.getSub(ctx, subID)
				if err != nil {
					return payments.Charge{}, err
				}
				if seen.Failure != "" {
					return payments.Charge{}, failureErr(seen.Failure)
				}
				return payments.Charge{Amount: payments.Cents(seen.AmountCents), Subscription: s.snapshot()}, nil
			}
			if !errors.Is(err, dynamo.ErrNotFound) {
				return payments.Charge{}, err
			}
		}
		// The subscription's period rolls at its end before anything is
		// priced against it, as Stripe's does, even when the scheduled
		// renewal has not run yet.
		if err := p.catchUp(ctx, subID); err != nil && !errors.Is(err, payments.ErrNoSubscription) {
			return payments.Charge{}, err
		}
		s, err := p.getSub(ctx, subID)
		if err != nil {
			return payments.Charge{}, err
		}
		amount, err := price(&s)
		if err != nil {
			return payments.Charge{}, err
		}
		now := p.now()
		var outcome error
		tx := &dynamo.Tx{}
		rec := chargeItem{}
		if amount > 0 {
			outcome = s.card().outcome()
			rec = newCharge(&s, amount, what, key, outcome, now)
			tx.PutNew("charge", rec)
		}
		if key != "" {
			idem := idemItem{PK: dynamo.SimPayPK("IDEM", key), SK: dynamo.SimPaySK, ChargeID: rec.ID, AmountCents: int64(amount), TTL: now.Add(48 * time.Hour).Unix()}
			if outcome != nil {
				idem.Failure = failureCode(outcome)
			}
			tx.PutNew("idem", idem)
		}
		if outcome == nil {
			apply(&s, now)
			putSub(tx, &s)
		}
		err = p.Table.Commit(ctx, tx, nil)
		if dynamo.LostRace(err, "idem", "sub") {
			continue // another request with the key, or a change of the subscription, came first
		}
		if err != nil {
			return payments.Charge{}, err
		}
		if outcome != nil {
			return payments.Charge{}, outcome
		}
		return payments.Charge{Amount: amount, Subscription: s.snapshot()}, nil
	}
	return payments.Charge{}, payments.ErrConflict
}

func short() string {
	id := ids.New()
	return id[:8] + id[9:13] + id[14:18]
}
