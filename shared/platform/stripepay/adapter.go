// Package stripepay is the Stripe adapter of payments.Processor, and the
// receiver of Stripe's webhooks. Checkout is a Checkout Session in
// subscription mode (with a 7-day trial, or without one after an earlier
// subscription ended); the portal is a Billing Portal session; ending a
// trial now is trial_end=now with payment_behavior=pending_if_incomplete
// (a decline voids the invoice, which drops the pending change; a payment
// the bank wants authenticated stays open on the invoice's hosted page);
// Studio sites are the quantity of a second price on the subscription,
// charged at once with proration_behavior=always_invoice and a fixed
// proration_date, also with pending_if_incomplete; a refund refunds the paid payments of the subscription's
// paid invoices; every call that can charge or refund carries an
// idempotency key. The receiver verifies each webhook's signature with the library and
// turns Stripe's events into payments.Events for the billing state machine.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"rvcontent/shared/kernel/config"

	"github.com/stripe/stripe-go/v82"

	"rvcontent/shared/platform/payments"
)

// Config configures the adapter.
type Config struct {
	SecretKey     string
	PlanPriceID   string
	StudioPriceID string
	// APIBase overrides Stripe's API address (tests use stripe-mock).
	APIBase string
	// HTTPClient, when set, makes the requests.
	HTTPClient *http.Client
}

// Adapter is the Stripe payment processor.
type Adapter struct {
	client api
	cfg    Config
	now    func() time.Time
}

var _ payments.Processor = (*Adapter)(nil)

// maxSessionLife is the longest a Stripe Checkout Session stays open.
const maxSessionLife = 24 * time.Hour

// portalSessionLife is how long a Billing Portal session is taken to
// work. Stripe gives a portal session no expires_at and says only that
// sessions "are short-lived and will expire if the customer does not visit
// the URL" (its guidance: create them on demand, then redirect), so the
// adapter reports this short, safe end: the billing service then hands out
// its own link (valid 24 hours) that opens a new session when followed.
const portalSessionLife = 5 * time.Minute

// New returns an adapter for cfg.
func New(cfg Config) *Adapter {
	bc := &stripe.BackendConfig{MaxNetworkRetries: stripe.Int64(2), LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelWarn}}
	if cfg.APIBase != "" {
		bc.URL = stripe.String(cfg.APIBase)
	}
	if cfg.HTTPClient != nil {
		bc.HTTPClient = cfg.HTTPClient
	}
	return &Adapter{client: api{b: stripe.GetBackendWithConfig(stripe.APIBackend, bc), key: cfg.SecretKey}, cfg: cfg, now: time.Now}
}

// Checkout creates the customer on first use and a Checkout Session in
// subscription mode for the plan; a trial adds trial_period_days. Stripe
// keeps a session open 24 hours at most, so the link expires then (the
// billing service puts its own 7-day link in front of it).
func (a *Adapter) Checkout(ctx context.Context, req payments.CheckoutRequest) (payments.Link, error) {
	customer := req.CustomerRef
	if customer == "" {
		c, err := a.client.createCustomer(ctx, &stripe.CustomerCreateParams{
			Email:    stripe.String(req.Email),
			Metadata: map[string]string{"account_id": req.AccountID},
			Params:   stripe.Params{IdempotencyKey: stripe.String("customer:" + req.AccountID)},
		})
		if err != nil {
			return payments.Link{}, mapErr(err)
		}
		customer = c.ID
	}
	expires := req.ExpiresAt
	if limit := a.now().Add(maxSessionLife - time.Minute); expires.After(limit) {
		expires = limit
	}
	sub := &stripe.CheckoutSessionCreateSubscriptionDataParams{Metadata: map[string]string{"account_id": req.AccountID}}
	if req.Mode == payments.ModeTrial {
		sub.TrialPeriodDays = stripe.Int64(payments.TrialDays)
	}
	s, err := a.client.createCheckoutSession(ctx, &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		Customer:          stripe.String(customer),
		ClientReferenceID: stripe.String(req.AccountID),
		LineItems:         []*stripe.CheckoutSessionCreateLineItemParams{{Price: stripe.String(a.cfg.PlanPriceID), Quantity: stripe.Int64(1)}},
		SubscriptionData:  sub,
		Metadata:          map[string]string{"account_id": req.AccountID, "mode": string(req.Mode)},
		SuccessURL:        stripe.String(req.ReturnURL + "?checkout=done"),
		CancelURL:         stripe.String(req.ReturnURL),
		ExpiresAt:         stripe.Int64(expires.Unix()),
	})
	if err != nil {
		return payments.Link{}, mapErr(err)
	}
	if s.ExpiresAt > 0 {
		expires = time.Unix(s.ExpiresAt, 0).UTC()
	}
	return payments.Link{ID: s.ID, URL: s.URL, ExpiresAt: expires, CustomerRef: customer}, nil
}

// Portal creates a Billing Portal session for the customer. Its link ends
// portalSessionLife from now, whatever req.ExpiresAt asks (see
// portalSessionLife). With req.InvoiceRef it is that invoice's hosted
// page while the invoice is open (where the cardholder authenticates and
// pays it), reported with the same short end since the service's own
// link reads it again when followed.
func (a *Adapter) Portal(ctx context.Context, req payments.PortalRequest) (payments.Link, error) {
	if req.InvoiceRef != "" {
		in, err := a.client.retrieveInvoice(ctx, req.InvoiceRef)
		if err != nil {
			return payments.Link{}, mapErr(err)
		}
		if in.Status == stripe.InvoiceStatusOpen && in.HostedInvoiceURL != "" {
			return payments.Link{ID: in.ID, URL: in.HostedInvoiceURL, ExpiresAt: a.now().Add(portalSessionLife), CustomerRef: req.CustomerRef}, nil
		}
	}
	s, err := a.client.createPortalSession(ctx, &stripe.BillingPortalSessionCreateParams{
		Customer:  stripe.String(req.CustomerRef),
		ReturnURL: stripe.String(req.ReturnURL),
	})
	if err != nil {
		return payments.Link{}, mapErr(err)
	}
	return payments.Link{ID: s.ID, URL: s.URL, ExpiresAt: a.now().Add(portalSessionLife), CustomerRef: req.CustomerRef}, nil
}

// EndTrial ends the trial now; Stripe invoices and charges at once. With
// pending_if_incomplete an unpaid invoice leaves the trial as it was (see
// unpaid).
func (a *Adapter) EndTrial(ctx context.Context, accountID, subRef, key string) (payments.Charge, error) {
	// A retry while an earlier attempt waits for the cardholder points to
	// that payment rather than invoicing the trial's end a second time.
	if waiting, err := a.waiting(ctx, subRef); err != nil {
		return payments.Charge{}, err
	} else if waiting != nil {
		return payments.Charge{}, waiting
	}
	params := &stripe.SubscriptionUpdateParams{
		TrialEndNow:       stripe.Bool(true),
		PaymentBehavior:   stripe.String("pending_if_incomplete"),
		ProrationBehavior: stripe.String("none"),
		Expand:            []*string{stripe.String("latest_invoice"), stripe.String("default_payment_method")},
		Params:            stripe.Params{IdempotencyKey: stripe.String(key)},
	}
	s, err := a.client.updateSubscription(ctx, subRef, params)
	if err != nil {
		return payments.Charge{}, mapErr(err)
	}
	if pending(s) {
		return payments.Charge{}, a.unpaid(ctx, s, key)
	}
	return payments.Charge{Amount: paid(s), Subscription: a.snapshot(s)}, nil
}

// pending reports whether Stripe kept the update that answered s pending
// (pending_if_incomplete) because its invoice was not paid: s has a
// pending_update and its latest invoice is open, as Stripe leaves it then.
func pending(s *stripe.Subscription) bool {
	return s.PendingUpdate != nil && s.LatestInvoice != nil && s.LatestInvoice.Status == stripe.InvoiceStatusOpen
}

// waiting returns the AuthenticationError of the change of subscription
// subRef that Stripe keeps pending for the cardholder to authenticate its
// payment, if there is one.
func (a *Adapter) waiting(ctx context.Context, subRef string) (*payments.AuthenticationError, error) {
	s, err := a.client.subscriptionWithInvoice(ctx, subRef)
	if err != nil {
		return nil, mapErr(err)
	}
	if !pending(s) {
		return nil, nil
	}
	return a.authenticating(ctx, s.LatestInvoice.ID)
}

// authenticating returns an AuthenticationError naming invoice id when its
// payment waits for the cardholder to authenticate it.
func (a *Adapter) authenticating(ctx context.Context, id string) (*payments.AuthenticationError, error) {
	list, err := a.client.invoicePayments(ctx, id)
	if err != nil {
		return nil, mapErr(err)
	}
	for _, p := range list.Data {
		if p.Payment != nil && p.Payment.PaymentIntent != nil && p.Payment.PaymentIntent.Status == stripe.PaymentIntentStatusRequiresAction {
			return &payments.AuthenticationError{Invoice: id}, nil
		}
	}
	return nil, nil
}

// unpaid answers an update Stripe kept pending (pending_if_incomplete)
// because its invoice was not paid. When the bank wants the cardholder to
// authenticate the payment, the invoice stays open for the owner to pay on
// its hosted page, Stripe applies the update once it is paid (and drops it
// after about 23 hours otherwise), and the answer is an
// AuthenticationError naming it. Otherwise the card was declined: the
// invoice is voided, which drops the pending update, so nothing changed.
// key is the update's idempotency key.
func (a *Adapter) unpaid(ctx context.Context, s *stripe.Subscription, key string) error {
	in := s.LatestInvoice
	if waiting, err := a.authenticating(ctx, in.ID); err != nil {
		return err
	} else if waiting != nil {
		return waiting
	}
	if _, err := a.client.voidInvoice(ctx, in.ID, "void:"+key); err != nil {
		return mapErr(err)
	}
	return fmt.Errorf("stripe: invoice %s not paid: %w", in.ID, payments.ErrDeclined)
}

// CancelNow cancels the subscription at once, without a final invoice or
// a proration credit. A subscription Stripe no longer has, or that
// already ended, is no error.
func (a *Adapter) CancelNow(ctx context.Context, accountID, subRef string) error {
	_, err := a.client.cancelSubscription(ctx, subRef, &stripe.SubscriptionCancelParams{
		InvoiceNow: stripe.Bool(false), Prorate: stripe.Bool(false),
		CancellationDetails: &stripe.SubscriptionCancelCancellationDetailsParams{Comment: stripe.String("account deleted by its owner")},
	})
	var se *stripe.Error
	if errors.As(err, &se) && (se.HTTPStatusCode == http.StatusNotFound || se.Code == stripe.ErrorCodeResourceMissing) {
		return nil
	}
	if errors.As(err, &se) && se.HTTPStatusCode == http.StatusBadRequest && strings.Contains(se.Msg, "canceled") {
		return nil
	}
	if err != nil {
		return mapErr(err)
	}
	return nil
}

// ExpireCheckout expires Checkout Session checkoutID at once. A session
// Stripe no longer has, or that is no longer open (expired or complete,
// which Stripe answers 400), is no error.
func (a *Adapter) ExpireCheckout(ctx context.Context, accountID, checkoutID string) error {
	_, err := a.client.expireCheckoutSession(ctx, checkoutID)
	var se *stripe.Error
	if errors.As(err, &se) && (se.HTTPStatusCode == http.StatusNotFound || se.HTTPStatusCode == http.StatusBadRequest) {
		return nil
	}
	if err != nil {
		return mapErr(err)
	}
	return nil
}

// Refund refunds in full each paid payment of the subscription's paid
// invoices (a subscription a checkout just started has one, its first
// month), each with an idempotency key of its own. A payment refunded
// already is no error.
func (a *Adapter) Refund(ctx context.Context, accountID, subRef string) error {
	invoices, err := a.client.paidInvoices(ctx, subRef)
	if err != nil {
		return mapErr(err)
	}
	for _, in := range invoices.Data {
		if err := a.refundInvoice(ctx, accountID, subRef, in.ID); err != nil {
			return err
		}
	}
	return nil
}

// refundInvoice refunds each paid payment of invoice id in full.
func (a *Adapter) refundInvoice(ctx context.Context, accountID, subRef, id string) error {
	list, err := a.client.paidInvoicePayments(ctx, id)
	if err != nil {
		return mapErr(err)
	}
	for _, p := range list.Data {
		params := &stripe.RefundCreateParams{
			Reason:   stripe.String(string(stripe.RefundReasonDuplicate)),
			Metadata: map[string]string{"account_id": accountID, "subscription": subRef},
		}
		switch {
		case p.Payment == nil:
			continue
		case p.Payment.PaymentIntent != nil && p.Payment.PaymentIntent.ID != "":
			params.PaymentIntent = stripe.String(p.Payment.PaymentIntent.ID)
		case p.Payment.Charge != nil && p.Payment.Charge.ID != "":
			params.Charge = stripe.String(p.Payment.Charge.ID)
		default:
			continue
		}
		params.IdempotencyKey = stripe.String("refund:" + subRef + ":" + p.ID)
		_, err := a.client.createRefund(ctx, params)
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeChargeAlreadyRefunded {
			continue
		}
		if err != nil {
			return mapErr(err)
		}
	}
	return nil
}

// SetStudioSites sets the quantity of the Studio price: an increase is
// invoiced and charged at once, prorated from ProrationDate, with
// pending_if_incomplete: an unpaid charge leaves the quantity as it was
// (see unpaid); a decrease takes effect on the next invoice without a
// credit.
func (a *Adapter) SetStudioSites(ctx context.Context, ch payments.StudioChange) (payments.Charge, error) {
	cur, err := a.client.retrieveSubscription(ctx, ch.SubscriptionRef)
	if err != nil {
		return payments.Charge{}, mapErr(err)
	}
	item := a.studioItem(cur)
	have := 0
	if item != nil {
		have = int(item.Quantity)
	}
	if have != ch.From {
		return payments.Charge{}, payments.ErrConflict
	}
	line := &stripe.SubscriptionUpdateItemParams{Quantity: stripe.Int64(int64(ch.To))}
	if item != nil {
		line.ID = stripe.String(item.ID)
	} else {
		line.Price = stripe.String(a.cfg.StudioPriceID)
	}
	params := &stripe.SubscriptionUpdateParams{
		Items:             []*stripe.SubscriptionUpdateItemParams{line},
		ProrationBehavior: stripe.String("none"),
		Expand:            []*string{stripe.String("latest_invoice")},
		Params:            stripe.Params{IdempotencyKey: stripe.String(ch.IdempotencyKey)},
	}
	if ch.Prorate {
		params.ProrationBehavior = stripe.String("always_invoice")
		params.ProrationDate = stripe.Int64(ch.ProrationDate.Unix())
		params.PaymentBehavior = stripe.String("pending_if_incomplete")
	}
	s, err := a.client.updateSubscription(ctx, ch.SubscriptionRef, params)
	if err != nil {
		return payments.Charge{}, mapErr(err)
	}
	if ch.Prorate && pending(s) {
		return payments.Charge{}, a.unpaid(ctx, s, ch.IdempotencyKey)
	}
	charge := payments.Charge{Subscription: a.snapshot(s)}
	if ch.Prorate {
		charge.Amount = paid(s)
	}
	return charge, nil
}

// Subscription reads the subscription as Stripe holds it now.
func (a *Adapter) Subscription(ctx context.Context, accountID, subRef string) (payments.Subscription, error) {
	s, err := a.client.retrieveSubscription(ctx, subRef)
	if err != nil {
		return payments.Subscription{}, mapErr(err)
	}
	return a.snapshot(s), nil
}

// CheckCard verifies the subscription's card with a SetupIntent confirmed
// off-session, created with key: no money moves.
func (a *Adapter) CheckCard(ctx context.Context, accountID, subRef, key string) (bool, error) {
	s, err := a.client.retrieveSubscription(ctx, subRef)
	if err != nil {
		return false, mapErr(err)
	}
	params := &stripe.SetupIntentCreateParams{
		Confirm:            stripe.Bool(true),
		Usage:              stripe.String("off_session"),
		PaymentMethodTypes: []*string{stripe.String("card")},
		Params:             stripe.Params{IdempotencyKey: stripe.String(key)},
	}
	if s.Customer != nil {
		params.Customer = stripe.String(s.Customer.ID)
	}
	if s.DefaultPaymentMethod != nil {
		params.PaymentMethod = stripe.String(s.DefaultPaymentMethod.ID)
	}
	si, err := a.client.createSetupIntent(ctx, params)
	if err != nil {
		if e := mapErr(err); errors.Is(e, payments.ErrDeclined) || errors.Is(e, payments.ErrAuthentication) {
			return false, nil
		}
		return false, mapErr(err)
	}
	return si.Status == stripe.SetupIntentStatusSucceeded, nil
}

// studioItem returns the subscription's Studio item, if any.
func (a *Adapter) studioItem(s *stripe.Subscription) *stripe.SubscriptionItem {
	if s.Items == nil {
		return nil
	}
	for _, it := range s.Items.Data {
		if it.Price != nil && it.Price.ID == a.cfg.StudioPriceID {
			return it
		}
	}
	return nil
}

// paid returns what the subscription's latest invoice collected.
func paid(s *stripe.Subscription) payments.Cents {
	if s.LatestInvoice == nil {
		return 0
	}
	return payments.Cents(s.LatestInvoice.AmountPaid)
}

// Configured returns the Stripe adapter of c when c has a secret key, and
// no processor otherwise (billing then answers unavailable).
func Configured(c config.Stripe) payments.Processor {
	if c.SecretKey == "" {
		return nil
	}
	return New(Config{SecretKey: c.SecretKey, PlanPriceID: c.PlanPriceID, StudioPriceID: c.StudioPriceID, APIBase: c.APIBase})
}
