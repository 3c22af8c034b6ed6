package billing

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// Link lifetimes (spec 8).
const (
	CheckoutLifetime = 7 * 24 * time.Hour
	PortalLifetime   = 24 * time.Hour
)

// Service runs the billing use cases.
type Service struct {
	Table   *dynamo.Table
	Clock   clock.Clock
	Events  *eventlog.Writer
	Credits *credits.Service
	Sites   *sites.Store
	// Processor is the payment processor; nil when none is configured, and
	// then every call that needs it answers unavailable.
	Processor payments.Processor
	// DashboardURL starts the owner pages that links return to.
	DashboardURL string
	// Links signs the service's own checkout and billing portal links,
	// handed out when the processor's page closes before a link should
	// (Stripe); nil hands out the processor's links as they are.
	Links *Links
	// SiteCharges completes a Studio site change whose charge waited for
	// the cardholder once the processor reports it paid; nil leaves such
	// a change to lapse.
	SiteCharges SiteCharges
}

var _ payments.Sink = (*Service)(nil)

var errNoProcessor = apperr.New(apperr.Unavailable, "Billing is not available right now. Try again later.")

// Payments returns the payment processor, or unavailable when none is
// configured.
func (s *Service) Payments() (payments.Processor, error) {
	if s.Processor == nil {
		return nil, errNoProcessor
	}
	return s.Processor, nil
}

// Get returns the account's billing state.
func (s *Service) Get(ctx context.Context, accountID string) (Billing, error) {
	r, err := s.load(ctx, accountID)
	if err != nil {
		return Billing{}, err
	}
	return r.view(s.Clock.Now()), nil
}

// PlanActive reports whether the account has a trial or a plan that lets it
// work now: the no-plan limits of spec 8 (scans, research) apply when it
// does not. It is the account half of the trial-or-plan gate: a trial whose
// card check failed, a payment failure past its grace, or an ended
// subscription count as no plan.
func (s *Service) PlanActive(ctx context.Context, accountID string) (bool, error) {
	active, _, err := s.Standing(ctx, accountID)
	return active, err
}

// Standing returns, with one read, what PlanActive reports and the
// account's billing status.
func (s *Service) Standing(ctx context.Context, accountID string) (active bool, status string, err error) {
	r, err := s.load(ctx, accountID)
	if err != nil {
		return false, "", err
	}
	return r.working(s.Clock.Now()) == nil, r.Status, nil
}

// Checkout is the answer of POST /billing/checkout.
type Checkout struct {
	Mode        payments.Mode `json:"mode"`
	CheckoutURL string        `json:"checkout_url"`
	ExpiresAt   string        `json:"expires_at"`
	TrialDays   int           `json:"trial_days"`
	Price       Price         `json:"price"`
}

// Price is the plan's recurring price.
type Price struct {
	Amount   payments.Cents `json:"amount"`
	Currency string         `json:"currency"`
	Interval string         `json:"interval"`
}

// Checkout returns a link to the processor's hosted checkout, valid
// CheckoutLifetime: a trial when the account never had a subscription, the
// plan charged today after one ended. An open link is handed out again
// until it has less than an hour left; an account with a current
// subscription gets conflict. When the processor's checkout closes sooner
// (Stripe: 24 hours), the link is the service's own (see OpenCheckout).
func (s *Service) Checkout(ctx context.Context, accountID, email string) (Checkout, error) {
	p, err := s.Payments()
	if err != nil {
		return Checkout{}, err
	}
	var out Checkout
	var seen sessions
	_, err = s.change(ctx, accountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		seen.attempt()
		if r.current() {
			return nil, apperr.New(apperr.Conflict, "This account already has a subscription. Use POST /billing/portal to manage it.")
		}
		mode := r.checkoutMode()
		if l := r.Checkout; l != nil && l.Mode == mode {
			url, expires := l.handedOut()
			if exp, ok := parse(expires); ok && exp.Sub(now) > time.Hour {
				out, seen.kept = checkoutView(mode, url, expires), l.ID
				return nil, errNoChange
			}
		}
		if err := s.startSession(ctx, p, r, email, mode, now.Add(CheckoutLifetime), &seen); err != nil {
			return nil, apperr.Wrap("billing.Checkout", err)
		}
		url, expires := r.Checkout.handedOut()
		out = checkoutView(mode, url, expires)
		return nil, nil
	})
	s.expireSessions(ctx, p, accountID, &seen, err == nil)
	return out, err
}

func checkoutView(mode payments.Mode, url, expires string) Checkout {
	c := Checkout{Mode: mode, CheckoutURL: url, ExpiresAt: expires, Price: Price{payments.PlanCents, payments.Currency, payments.Interval}}
	if mode == payments.ModeTrial {
		c.TrialDays = payments.TrialDays
	}
	return c
}

// Portal is the answer of POST /billing/portal.
type Portal struct {
	PortalURL string `json:"portal_url"`
	ExpiresAt string `json:"expires_at"`
}

// Portal returns a link to the processor's billing portal, valid
// PortalLifetime; conflict when the account never had a subscription.
// While a Studio site change's charge waits for the cardholder to
// authenticate it (AwaitSiteCharge), the link opens that payment's page,
// as the change's human_required action_url did, so the owner can still
// complete it. When the processor's portal session closes sooner (Stripe:
// minutes), the link is the service's own (see OpenPortal).
func (s *Service) Portal(ctx context.Context, accountID string) (Portal, error) {
	r, err := s.load(ctx, accountID)
	if err != nil {
		return Portal{}, err
	}
	if r.SubscriptionRef == "" {
		return Portal{}, apperr.New(apperr.Conflict, "This account has no subscription yet. Use POST /billing/checkout to start one.")
	}
	url, expires, err := s.portalLink(ctx, r, r.waitingInvoice(s.Clock.Now()))
	if err != nil {
		return Portal{}, err
	}
	return Portal{PortalURL: url, ExpiresAt: clock.Format(expires)}, nil
}

// portalLink returns a link to r's billing portal valid PortalLifetime,
// and its end: the processor's portal session, or the service's own link
// when that session closes sooner. With invoice (one the bank wants the
// cardholder to authenticate) the link opens that invoice's payment page
// while it is open.
func (s *Service) portalLink(ctx context.Context, r record, invoice string) (string, time.Time, error) {
	want := s.Clock.Now().Add(PortalLifetime)
	link, err := s.portal(ctx, r, want, invoice)
	if err != nil || !s.Links.stands(link.ExpiresAt, want) {
		return link.URL, link.ExpiresAt, err
	}
	// The session just opened is left unused: it closes by itself.
	if invoice != "" {
		return s.Links.url(paymentLink, want, r.AccountID, invoice)
	}
	return s.Links.url(portalLink, want, r.AccountID)
}

// portal opens a session of the processor's billing portal for r's
// account, asked to last until want; with invoice, the page where the
// owner pays that invoice while it is open.
func (s *Service) portal(ctx context.Context, r record, want time.Time, invoice string) (payments.Link, error) {
	p, err := s.Payments()
	if err != nil {
		return payments.Link{}, err
	}
	link, err := p.Portal(ctx, payments.PortalRequest{
		AccountID: r.AccountID, CustomerRef: r.CustomerRef, SubscriptionRef: r.SubscriptionRef,
		ExpiresAt: want, ReturnURL: s.DashboardURL + "/billing", InvoiceRef: invoice,
	})
	return link, apperr.Wrap("billing.Portal", err)
}

// ChargeError turns a processor's refusal into the spec's error: 402
// payment_failed or 403 human_required, with action_url set to a page where
// the owner can fix it (the billing portal; the payment's own page when
// the processor keeps it open for the cardholder to authenticate; or the
// dashboard's billing page). Other errors come back wrapped.
func (s *Service) ChargeError(ctx context.Context, accountID string, err error) error {
	var e *apperr.Error
	var pending *payments.AuthenticationError
	invoice := ""
	switch {
	case errors.Is(err, payments.ErrDeclined):
		e = apperr.New(apperr.PaymentFailed, "The card on file was declined; nothing changed. The owner can update the card at action_url.")
	case errors.As(err, &pending):
		invoice = pending.Invoice
		e = apperr.New(apperr.HumanRequired, "The bank wants the cardholder to authenticate this payment, so nothing changed yet. The owner can authenticate and pay it at action_url today; the change takes effect once it is paid.")
	case errors.Is(err, payments.ErrAuthentication):
		e = apperr.New(apperr.HumanRequired, "The bank wants the cardholder to authenticate this payment; nothing changed. The owner can complete it at action_url.")
	case errors.Is(err, payments.ErrConflict):
		return apperr.New(apperr.Conflict, "The subscription changed meanwhile. Get a new quote and try again.")
	default:
		return apperr.Wrap("billing.charge", err)
	}
	e.ActionURL = s.DashboardURL + "/billing"
	if r, lerr := s.load(ctx, accountID); lerr == nil && r.SubscriptionRef != "" {
		if url, _, perr := s.portalLink(ctx, r, invoice); perr == nil {
			e.ActionURL = url
		} else {
			slog.WarnContext(ctx, "portal link for action_url", "account_id", accountID, "err", perr)
		}
	}
	return e
}

// CancelNow ends the account's subscription at the processor at once,
// with nothing more charged, and expires its open checkout so nobody can
// start one: the account is being deleted. An account without a
// subscription, or whose subscription ended, has nothing to cancel.
func (s *Service) CancelNow(ctx context.Context, accountID string) error {
	r, err := s.load(ctx, accountID)
	if err != nil {
		return err
	}
	if r.Checkout != nil && r.Checkout.ID != "" {
		p, err := s.Payments()
		if err != nil {
			return err
		}
		if err := p.ExpireCheckout(ctx, accountID, r.Checkout.ID); err != nil {
			return apperr.Wrap("billing.CancelNow: expire the checkout", err)
		}
	}
	if r.SubscriptionRef == "" || r.Status == StatusCanceled || r.Status == StatusNone {
		return nil
	}
	p, err := s.Payments()
	if err != nil {
		return err
	}
	if err := p.CancelNow(ctx, accountID, r.SubscriptionRef); err != nil {
		return apperr.Wrap("billing.CancelNow", err)
	}
	return nil
}
