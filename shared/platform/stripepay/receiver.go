package stripepay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/payments"
)

// Tolerance is how far a webhook's signed timestamp may be from the
// service clock.
const Tolerance = 5 * time.Minute

// maxRefLen is the longest event, subscription, customer or invoice id taken:
// Stripe's ids are far shorter, and a longer one would pass the size of a
// table key.
const maxRefLen = 255

// Refs finds the account of a Stripe customer or subscription id.
type Refs interface {
	AccountOf(ctx context.Context, ref string) (string, error)
}

// Receiver takes Stripe's webhooks (POST /webhooks/payments, served by
// the edge's payhook package): each is verified with the signing secret and
// applied to the billing state machine.
type Receiver struct {
	// Secret is the endpoint's signing secret; empty answers 404.
	Secret string
	// StudioPriceID tells Studio site items from the plan's.
	StudioPriceID string
	Clock         clock.Clock
	Sink          payments.Sink
	Refs          Refs
}

// ErrNoSecret is returned by Receive when no signing secret is configured:
// the endpoint does not exist then.
var ErrNoSecret = apperr.NotFoundf("No payments webhook is configured.")

// Receive verifies one webhook (body and its Stripe-Signature header) and
// applies it to the billing state machine. It returns a bad_request error
// for a signature that does not verify or is too old (or a header with more
// than one timestamp), an event of an API version whose objects stripe-go
// does not read (another release train: see readable), an event without
// data, with an id over maxRefLen
// or whose data does not decode into its type's object, ErrNoSecret without
// a signing secret, nil once the event is applied or known to need nothing
// (an event about an unknown account, one the service never issues
// included, or a stale change is logged and acknowledged), and any other error when applying failed, so Stripe
// delivers it again.
func (rc *Receiver) Receive(ctx context.Context, body []byte, signature string) error {
	if rc.Secret == "" {
		return ErrNoSecret
	}
	ev, err := webhook.ConstructEventWithOptions(body, signature, rc.Secret, webhook.ConstructEventOptions{IgnoreTolerance: true, IgnoreAPIVersionMismatch: true})
	if err == nil {
		err = rc.fresh(signature)
	}
	if err != nil {
		slog.WarnContext(ctx, "refused a payments webhook", "err", err)
		return apperr.New(apperr.BadRequest, "The Stripe-Signature header does not verify.")
	}
	if !readable(ev.APIVersion) {
		slog.ErrorContext(ctx, "refused a payments webhook of another API version", "event", ev.ID, "type", ev.Type, "api_version", ev.APIVersion, "reads", stripe.APIVersion)
		return apperr.New(apperr.BadRequest, fmt.Sprintf("The event is of Stripe API version %q, whose objects this service does not read: set the webhook endpoint's API version to %s in Stripe.", ev.APIVersion, stripe.APIVersion))
	}
	if ev.Data == nil {
		slog.WarnContext(ctx, "refused a payments webhook without data", "event", ev.ID, "type", ev.Type)
		return apperr.New(apperr.BadRequest, "The event has no data object.")
	}
	if len(ev.ID) > maxRefLen {
		slog.WarnContext(ctx, "refused a payments webhook with an over-long id", "len", len(ev.ID), "type", ev.Type)
		return apperr.New(apperr.BadRequest, "The event's id is too long to be Stripe's.")
	}
	pev, ok, err := rc.convert(ctx, ev)
	if errors.Is(err, errUnreadable) {
		slog.WarnContext(ctx, "refused a payments webhook whose data does not decode", "event", ev.ID, "type", ev.Type, "err", err)
		return apperr.New(apperr.BadRequest, "The event's data object is not the object its type names.")
	}
	if err == nil && ok && (!ids.Issued(pev.AccountID) || len(pev.Subscription.Ref) > maxRefLen || len(pev.Subscription.CustomerRef) > maxRefLen || len(pev.Invoice) > maxRefLen) {
		// No account, subscription, customer or invoice of this service
		// has such an id: an event about an unknown account.
		err = apperr.NotFoundf("No account of this service has that id.")
	}
	if err == nil && ok {
		err = rc.Sink.ProcessorEvent(ctx, pev)
	}
	if apperr.Is(err, apperr.NotFound) || apperr.Is(err, apperr.Conflict) {
		slog.WarnContext(ctx, "payments webhook not applied", "event", ev.ID, "type", ev.Type, "err", err)
		return nil
	}
	return err
}

// fresh checks the signed timestamp against the service clock (so the dev
// clock and tests move it too). The header must carry exactly one t: the
// library verifies the signature with the last one, so a second t could
// pass a fresh time here while an old signed one is verified.
func (rc *Receiver) fresh(header string) error {
	var ts []string
	for _, part := range strings.Split(header, ",") {
		if k, v, _ := strings.Cut(part, "="); k == "t" {
			ts = append(ts, v)
		}
	}
	if len(ts) != 1 {
		return webhook.ErrInvalidHeader
	}
	t, err := strconv.ParseInt(ts[0], 10, 64)
	if err != nil {
		return err
	}
	if d := rc.Clock.Now().Sub(time.Unix(t, 0)); d > Tolerance || d < -Tolerance {
		return webhook.ErrTooOld
	}
	return nil
}

// errUnreadable is convert's error for a data object that does not decode
// into the object its event type names (a field of another type).
var errUnreadable = errors.New("event data does not decode")

// convert turns a Stripe event into a processor event; ok is false for
// events the billing state machine does not follow.
func (rc *Receiver) convert(ctx context.Context, ev stripe.Event) (payments.Event, bool, error) {
	out := payments.Event{ID: ev.ID}
	switch ev.Type {
	case "checkout.session.completed":
		var s stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return out, false, fmt.Errorf("%w: %w", errUnreadable, err)
		}
		if s.Mode != stripe.CheckoutSessionModeSubscription || s.Subscription == nil {
			return out, false, nil
		}
		out.Type, out.AccountID, out.Mode = payments.CheckoutCompleted, s.ClientReferenceID, payments.Mode(s.Metadata["mode"])
		out.Subscription = started(s, unix(ev.Created))
	case "invoice.paid", "invoice.payment_failed":
		var in stripe.Invoice
		if err := json.Unmarshal(ev.Data.Raw, &in); err != nil {
			return out, false, fmt.Errorf("%w: %w", errUnreadable, err)
		}
		d := subscriptionDetails(in)
		if d == nil || d.Subscription == nil {
			return out, false, nil // not a subscription's invoice
		}
		if ev.Type == "invoice.payment_failed" && in.BillingReason == stripe.InvoiceBillingReasonSubscriptionUpdate {
			// A declined charge of a change the service made itself (a
			// Studio site's prorated charge, ending a trial now), with
			// error_if_incomplete or pending_if_incomplete: the caller was
			// answered payment_failed or human_required and nothing
			// changed (spec 4.5, 4.9), so the billing status stays as it
			// is.
			return out, false, nil
		}
		out.Type, out.Amount, out.Invoice = payments.InvoicePaid, payments.Cents(in.AmountPaid), in.ID
		if ev.Type == "invoice.payment_failed" {
			out.Type, out.Amount = payments.InvoiceFailed, payments.Cents(in.AmountDue)
		}
		out.AccountID = d.Metadata["account_id"]
		out.Subscription = payments.Subscription{Ref: d.Subscription.ID, Status: payments.StatusActive}
		if in.Customer != nil {
			out.Subscription.CustomerRef = in.Customer.ID
		}
		if in.Lines != nil && len(in.Lines.Data) > 0 && in.Lines.Data[0].Period != nil {
			p := in.Lines.Data[0].Period
			out.Subscription.PeriodStart, out.Subscription.PeriodEnd = unix(p.Start), unix(p.End)
		}
	case "customer.subscription.updated", "customer.subscription.deleted":
		var s stripe.Subscription
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return out, false, fmt.Errorf("%w: %w", errUnreadable, err)
		}
		out.Type, out.AccountID = payments.SubscriptionUpdated, s.Metadata["account_id"]
		if ev.Type == "customer.subscription.deleted" {
			out.Type = payments.SubscriptionEnded
		}
		out.Subscription = Snapshot(&s, rc.StudioPriceID)
		_, out.CardChanged = ev.Data.PreviousAttributes["default_payment_method"]
	default:
		return out, false, nil
	}
	if out.AccountID == "" {
		id, err := rc.Refs.AccountOf(ctx, out.Subscription.Ref)
		if err != nil {
			return out, false, err
		}
		out.AccountID = id
	}
	return out, true, nil
}

// started is the subscription a completed checkout began: a trial of
// TrialDays, or a first month, from the event's time. Later subscription
// and invoice events carry Stripe's exact periods.
func started(s stripe.CheckoutSession, at time.Time) payments.Subscription {
	sub := payments.Subscription{Ref: s.Subscription.ID, PeriodStart: at}
	if s.Customer != nil {
		sub.CustomerRef = s.Customer.ID
	}
	if payments.Mode(s.Metadata["mode"]) == payments.ModeTrial {
		sub.Status, sub.TrialEnd = payments.StatusTrialing, at.Add(payments.TrialDays*24*time.Hour)
		sub.PeriodEnd = sub.TrialEnd
		return sub
	}
	sub.Status, sub.PeriodEnd = payments.StatusActive, payments.AddMonths(at, 1)
	return sub
}

// subscriptionDetails returns the subscription that an invoice bills.
func subscriptionDetails(in stripe.Invoice) *stripe.InvoiceParentSubscriptionDetails {
	if in.Parent == nil {
		return nil
	}
	return in.Parent.SubscriptionDetails
}

// readable reports whether events of Stripe API version v decode into
// stripe-go's objects: versions of its release train ("2025-07-30.basil":
// the part after the dot), as stripe-go's own check has it.
func readable(v string) bool {
	_, train, ok := strings.Cut(v, ".")
	_, ours, _ := strings.Cut(stripe.APIVersion, ".")
	return ok && train == ours
}
