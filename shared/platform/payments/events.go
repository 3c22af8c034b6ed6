package payments

import "context"

// EventType names what a processor reports.
type EventType string

// The events that drive the billing state machine (spec 3).
const (
	// CheckoutCompleted: the owner completed a hosted checkout; the
	// subscription is trialing (mode trial) or paid (mode plan).
	CheckoutCompleted EventType = "checkout.completed"
	// InvoicePaid: an invoice of the subscription was paid (trial end,
	// renewal, or a retry after a failure).
	InvoicePaid EventType = "invoice.paid"
	// InvoiceFailed: charging an invoice failed.
	InvoiceFailed EventType = "invoice.payment_failed"
	// SubscriptionUpdated: cancellation was scheduled or undone, or the
	// card on file changed (CardChanged).
	SubscriptionUpdated EventType = "subscription.updated"
	// SubscriptionEnded: the subscription ended.
	SubscriptionEnded EventType = "subscription.ended"
)

// Event is one thing a processor reports about an account's subscription.
type Event struct {
	// ID is the processor's event id; an event is applied at most once.
	ID        string
	Type      EventType
	AccountID string
	// Mode is the checkout's mode (CheckoutCompleted only).
	Mode         Mode
	Subscription Subscription
	// Amount is the invoice amount (InvoicePaid, InvoiceFailed).
	Amount Cents
	// Invoice is the processor's id of the invoice (InvoicePaid,
	// InvoiceFailed; empty when the processor names none): a decline
	// reported after the same invoice's payment changes nothing.
	Invoice string
	// CardChanged says the owner replaced the card (SubscriptionUpdated).
	CardChanged bool
}

// Sink receives processor events. An error means the event was not
// applied and should be delivered again.
type Sink interface {
	ProcessorEvent(ctx context.Context, ev Event) error
}

// SinkFunc is a function that is a Sink.
type SinkFunc func(ctx context.Context, ev Event) error

// ProcessorEvent calls f.
func (f SinkFunc) ProcessorEvent(ctx context.Context, ev Event) error { return f(ctx, ev) }
