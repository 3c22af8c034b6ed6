// Package payments is the service's one interface to a payment processor
// (spec 2 Billing, 3, 4.9): hosted checkout and portal links, ending a trial
// now, Studio sites as a subscription quantity with proration, the trial
// card check, and refunding a checkout the account cannot take. The
// processor runs the subscription itself (trial end, renewals, retries,
// cancellation at period end) and reports what happened as Events to a
// Sink, which drives the billing state machine. Two adapters
// implement it: Stripe (package stripepay) and the dev stack's simulated
// processor (package simpay), whose test cards behave like Stripe's.
package payments

import (
	"context"
	"errors"
	"time"
)

// Prices and terms of the one plan (spec 2 Billing, Studio quote).
const (
	// Currency is the currency of every amount.
	Currency = "usd"
	// PlanName is the plan's name.
	PlanName = "Business"
	// Interval is the billing interval.
	Interval = "month"
	// PlanCents is the plan's monthly price.
	PlanCents Cents = 4950
	// StudioSiteCents is the monthly price of one Studio site.
	StudioSiteCents Cents = 4950
	// TrialDays is the length of the free trial.
	TrialDays = 7
)

// Mode is the kind of a checkout: a free trial or a plan charged today.
type Mode string

// Checkout modes.
const (
	ModeTrial Mode = "trial"
	ModePlan  Mode = "plan"
)

// Subscription statuses as processors report them.
const (
	StatusTrialing = "trialing"
	StatusActive   = "active"
	StatusPastDue  = "past_due"
	StatusCanceled = "canceled"
)

// Card is the card on file, as far as it may be shown.
type Card struct {
	Brand string `json:"brand" dynamodbav:"brand"`
	Last4 string `json:"last4" dynamodbav:"last4"`
}

// Subscription is a processor's view of an account's subscription.
type Subscription struct {
	Ref         string
	CustomerRef string
	Status      string
	// TrialEnd is the end of the trial; zero when there is none.
	TrialEnd time.Time
	// PeriodStart and PeriodEnd bound the current period (the trial is the
	// first period of a trial subscription).
	PeriodStart, PeriodEnd time.Time
	CancelAtPeriodEnd      bool
	// StudioSites is the quantity of Studio sites on the subscription.
	StudioSites int
	// Card is the card on file, when the processor reports it.
	Card *Card
}

// CheckoutRequest asks for a hosted checkout page.
type CheckoutRequest struct {
	AccountID   string
	Email       string
	CustomerRef string // empty when the account has no customer yet
	Mode        Mode
	// ExpiresAt is when the link should stop working (7 days).
	ExpiresAt time.Time
	// ReturnURL is where the page sends the owner when done.
	ReturnURL string
}

// PortalRequest asks for a hosted billing portal page.
type PortalRequest struct {
	AccountID       string
	CustomerRef     string
	SubscriptionRef string
	// ExpiresAt is when the link should stop working (24 hours); a
	// processor whose session ends sooner reports its own end in
	// Link.ExpiresAt.
	ExpiresAt time.Time
	ReturnURL string
	// InvoiceRef, when set, asks for the page where the owner pays that
	// invoice (one an AuthenticationError named) while it is open; once
	// it is paid or void, the billing portal.
	InvoiceRef string
}

// Link is a hosted page the owner opens.
type Link struct {
	ID          string
	URL         string
	ExpiresAt   time.Time
	CustomerRef string // the customer the page is for, when known
}

// Charge is a successful charge and the period it paid for.
type Charge struct {
	Amount Cents
	// Subscription is the subscription after the change.
	Subscription Subscription
}

// StudioChange sets the quantity of Studio sites on a subscription.
type StudioChange struct {
	AccountID       string
	SubscriptionRef string
	// From and To are the quantities before and after; the processor
	// refuses the change (ErrConflict) when it holds another From.
	From, To int
	// Prorate charges the added sites for the rest of the period at once,
	// prorated to the second from ProrationDate. Without it the change
	// takes effect on the next invoice and nothing is charged now.
	Prorate       bool
	ProrationDate time.Time
	// IdempotencyKey makes a retried change charge at most once.
	IdempotencyKey string
}

// Processor is a payment processor. Methods that charge return
// ErrDeclined when the card is declined and ErrAuthentication when the
// bank wants the cardholder to authenticate; both mean nothing changed. A
// processor that keeps the change pending until the cardholder has
// authenticated its payment says so with an *AuthenticationError naming
// the invoice: the change takes effect when it reports that invoice paid.
type Processor interface {
	// Checkout opens a hosted checkout page for a new subscription.
	Checkout(ctx context.Context, req CheckoutRequest) (Link, error)
	// Portal opens the hosted page where the owner manages card, invoices
	// and cancellation.
	Portal(ctx context.Context, req PortalRequest) (Link, error)
	// EndTrial ends a trial now and charges the first invoice. A trial the
	// owner set to cancel at its end must not be charged: an adapter that
	// can check it atomically with the charge refuses it with ErrCanceling
	// (the simulated processor does; Stripe has no conditional update).
	EndTrial(ctx context.Context, accountID, subscriptionRef, idempotencyKey string) (Charge, error)
	// SetStudioSites changes the Studio site quantity (see StudioChange).
	SetStudioSites(ctx context.Context, change StudioChange) (Charge, error)
	// CheckCard verifies the card on file of a trial without charging it;
	// it reports false when the card failed the check. idempotencyKey
	// names this check: a retry of it checks at most once, and a check
	// after the card changed has a key of its own.
	CheckCard(ctx context.Context, accountID, subscriptionRef, idempotencyKey string) (bool, error)
	// CancelNow ends a subscription at once: nothing more is charged and
	// nothing is prorated or refunded (the account is being deleted).
	// Ending one that already ended is no error.
	CancelNow(ctx context.Context, accountID, subscriptionRef string) error
	// ExpireCheckout closes open checkout checkoutID at once, so nobody
	// can complete it any more (the account is being deleted, or a newer
	// checkout replaced it). A checkout that is gone, expired or completed
	// already is no error.
	ExpireCheckout(ctx context.Context, accountID, checkoutID string) error
	// Refund refunds in full every payment subscriptionRef collected. It
	// is called for a subscription a plan checkout just started that the
	// account cannot take (and that CancelNow ended): its first month. A
	// subscription that charged nothing, or whose charge is refunded
	// already, is no error; a retry refunds at most once.
	Refund(ctx context.Context, accountID, subscriptionRef string) error
	// Subscription returns the subscription as the processor holds it now:
	// events arrive in any order, so a change an event reports is checked
	// against it. ErrNoSubscription when the processor has none.
	Subscription(ctx context.Context, accountID, subscriptionRef string) (Subscription, error)
}

// AuthenticationError is ErrAuthentication for a change the processor
// keeps pending until the cardholder authenticates its payment on the
// processor's page for Invoice (PortalRequest.InvoiceRef); the processor
// reports the invoice paid when that is done, and drops the change if it
// is not done in time.
type AuthenticationError struct {
	Invoice string
}

// Error describes the refusal.
func (e *AuthenticationError) Error() string {
	return "payments: cardholder authentication required to pay invoice " + e.Invoice
}

// Unwrap makes an AuthenticationError ErrAuthentication.
func (e *AuthenticationError) Unwrap() error { return ErrAuthentication }

// PendingChangeLife is how long a processor keeps a change waiting for the
// cardholder (AuthenticationError) before it drops it: Stripe's pending
// updates expire after about 23 hours.
const PendingChangeLife = 23 * time.Hour

// Errors of charging methods. Adapters wrap them; test with errors.Is.
var (
	ErrDeclined       = errors.New("payments: card declined")
	ErrAuthentication = errors.New("payments: cardholder authentication required")
	ErrConflict       = errors.New("payments: subscription changed meanwhile")
	ErrNoSubscription = errors.New("payments: no such subscription")
	// ErrCanceling refuses to end early, and charge, a trial set to cancel
	// at its end.
	ErrCanceling = errors.New("payments: the trial is set to cancel at its end")
)
