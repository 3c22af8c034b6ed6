package stripepay

import (
	"errors"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"

	"rvcontent/shared/platform/payments"
)

// snapshot converts a Stripe subscription. Since API version basil the
// current period lives on the subscription's items.
func (a *Adapter) snapshot(s *stripe.Subscription) payments.Subscription {
	sub := Snapshot(s, a.cfg.StudioPriceID)
	return sub
}

// Snapshot converts a Stripe subscription, counting the quantity of
// studioPrice as Studio sites.
func Snapshot(s *stripe.Subscription, studioPrice string) payments.Subscription {
	sub := payments.Subscription{Ref: s.ID, Status: status(s.Status), CancelAtPeriodEnd: s.CancelAtPeriodEnd}
	if s.Customer != nil {
		sub.CustomerRef = s.Customer.ID
	}
	if s.TrialEnd > 0 {
		sub.TrialEnd = unix(s.TrialEnd)
	}
	if s.Items != nil {
		for _, it := range s.Items.Data {
			if it.CurrentPeriodStart > 0 && sub.PeriodStart.IsZero() {
				sub.PeriodStart, sub.PeriodEnd = unix(it.CurrentPeriodStart), unix(it.CurrentPeriodEnd)
			}
			if it.Price != nil && it.Price.ID == studioPrice {
				sub.StudioSites = int(it.Quantity)
			}
		}
	}
	if pm := s.DefaultPaymentMethod; pm != nil && pm.Card != nil {
		sub.Card = &payments.Card{Brand: string(pm.Card.Brand), Last4: pm.Card.Last4}
	}
	return sub
}

// status maps Stripe's subscription statuses onto the processor's.
func status(s stripe.SubscriptionStatus) string {
	switch s {
	case stripe.SubscriptionStatusTrialing:
		return payments.StatusTrialing
	case stripe.SubscriptionStatusActive:
		return payments.StatusActive
	case stripe.SubscriptionStatusPastDue, stripe.SubscriptionStatusUnpaid, stripe.SubscriptionStatusIncomplete:
		return payments.StatusPastDue
	}
	return payments.StatusCanceled
}

func unix(t int64) time.Time { return time.Unix(t, 0).UTC() }

// mapErr turns Stripe's card errors into the processor's: a decline is
// ErrDeclined, a bank asking for authentication is ErrAuthentication.
func mapErr(err error) error {
	var se *stripe.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code {
	case stripe.ErrorCodeAuthenticationRequired, stripe.ErrorCodeInvoicePaymentIntentRequiresAction, "subscription_payment_intent_requires_action":
		return fmt.Errorf("stripe %s: %w", se.Code, payments.ErrAuthentication)
	case stripe.ErrorCodeCardDeclined, stripe.ErrorCodeExpiredCard, stripe.ErrorCodeIncorrectCVC, stripe.ErrorCodeProcessingError, stripe.ErrorCodeIncorrectNumber:
		return fmt.Errorf("stripe %s: %w", se.Code, payments.ErrDeclined)
	}
	if se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("stripe %s: %w", se.Code, payments.ErrDeclined)
	}
	return fmt.Errorf("stripe: %s (%s): %w", se.Msg, se.Code, err)
}
