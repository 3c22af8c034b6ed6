package billing

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// A checkout link works for 7 days and until the owner completes it, and
// a portal link for 24 hours (spec 4.9, 8), but a processor may keep its
// hosted page open for less: Stripe closes a Checkout Session after 24
// hours and a Billing Portal session after a few minutes. Then the service
// hands out a link of its own, {base}/checkout/{token} or
// {base}/portal/{token}, which opens the processor's page (the current
// checkout session, or a new one when that closed; a new portal session)
// and redirects there. The token names the account (and the checkout's
// mode) and the link's end, signed with a key of the link's kind derived
// from the service's master key: it needs no stored secret and cannot be
// forged, extended, or used as a link of another kind.

// CheckoutLinkPath and PortalLinkPath are the routes of the service's own
// checkout and billing portal links.
const (
	CheckoutLinkPath = "/checkout/{token}"
	PortalLinkPath   = "/portal/{token}"
)

// sessionMargin is how much life a processor session must have left to be
// opened again rather than replaced.
const sessionMargin = 10 * time.Minute

// Links signs the service's own links to the processor's hosted pages.
type Links struct {
	// BaseURL starts the links.
	BaseURL string
	// Keys is the master key the signing keys are derived from.
	Keys *secret.Source
}

// linkKind is a kind of the service's own links.
type linkKind struct {
	// path is the link's route (CheckoutLinkPath, PortalLinkPath).
	path string
	// purpose derives the kind's signing key from the master key, and
	// starts what is signed.
	purpose string
	// fields is how many fields the token names before the link's end.
	fields int
	// name names the link in the owner's messages.
	name string
}

var (
	// checkoutLink names the account and the checkout's mode.
	checkoutLink = linkKind{path: CheckoutLinkPath, purpose: "checkout-link-v1", fields: 2, name: "checkout link"}
	// portalLink names the account.
	portalLink = linkKind{path: PortalLinkPath, purpose: "portal-link-v1", fields: 1, name: "billing portal link"}
	// paymentLink names the account and an invoice the bank wants the
	// cardholder to authenticate (payments.AuthenticationError): it opens
	// the invoice's payment page while it is open, else the billing
	// portal. It shares the portal link's route.
	paymentLink = linkKind{path: PortalLinkPath, purpose: "payment-link-v1", fields: 2, name: "payment link"}
)

// stands reports whether a link of the service's own should stand in front
// of a processor's page that ends at end, for a link that should last
// until want.
func (l *Links) stands(end, want time.Time) bool {
	return l != nil && end.Before(want.Add(-time.Hour))
}

// url returns the link of kind k naming fields, valid until expires, and
// the end it names: the token holds whole Unix seconds, so the end is
// clock.EndSecond(expires), never sooner than asked, and it is the end to
// answer as the link's expires_at.
func (l *Links) url(k linkKind, expires time.Time, fields ...string) (string, time.Time, error) {
	end := clock.EndSecond(expires)
	payload := strings.Join(append(fields, strconv.FormatInt(end.Unix(), 10)), ".")
	sig, err := l.sign(k, payload)
	if err != nil {
		return "", time.Time{}, err
	}
	enc := base64.RawURLEncoding
	return l.BaseURL + strings.TrimSuffix(k.path, "{token}") + enc.EncodeToString([]byte(payload)) + "." + enc.EncodeToString(sig), end, nil
}

// read checks the signature of token, a link of kind k, and returns the
// fields it names and its end; ok is false for a token this service did
// not sign as a link of that kind.
func (l *Links) read(k linkKind, token string) (fields []string, expires time.Time, ok bool, err error) {
	enc := base64.RawURLEncoding
	p64, s64, found := strings.Cut(token, ".")
	payload, err1 := enc.DecodeString(p64)
	sig, err2 := enc.DecodeString(s64)
	if !found || err1 != nil || err2 != nil {
		return nil, time.Time{}, false, nil
	}
	want, err := l.sign(k, string(payload))
	if err != nil {
		return nil, time.Time{}, false, err
	}
	if !hmac.Equal(sig, want) {
		return nil, time.Time{}, false, nil
	}
	parts := strings.Split(string(payload), ".")
	if len(parts) != k.fields+1 {
		return nil, time.Time{}, false, nil
	}
	unix, err := strconv.ParseInt(parts[k.fields], 10, 64)
	if err != nil {
		return nil, time.Time{}, false, nil
	}
	return parts[:k.fields], time.Unix(unix, 0).UTC(), true, nil
}

func (l *Links) sign(k linkKind, payload string) ([]byte, error) {
	key, err := l.Keys.Derive(k.purpose)
	if err != nil {
		return nil, err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(k.purpose + "\n" + payload))
	return m.Sum(nil), nil
}

// Errors of opening a link, shown on a page to the owner.
var (
	errSubscribed        = apperr.New(apperr.Conflict, "This account already has a subscription, so there is nothing to pay here.")
	errStaleCheckoutLink = apperr.New(apperr.Conflict, "This checkout link is out of date: the account's plan changed since it was made. Ask your agent for a new one.")
	errNoPortal          = apperr.New(apperr.Conflict, "This account has no subscription, so there is no billing to manage here.")
)

// follow checks token, a link of kind k, and returns the fields it names
// (the account first): a forged or expired link, or one of a deleted
// account, answers not_found. It returns the link's end too.
func (s *Service) follow(ctx context.Context, k linkKind, token string) ([]string, time.Time, error) {
	invalid := apperr.New(apperr.NotFound, "This "+k.name+" is not valid. Ask your agent for a new one.")
	if s.Links == nil {
		return nil, time.Time{}, invalid
	}
	fields, expires, ok, err := s.Links.read(k, token)
	if err != nil {
		return nil, time.Time{}, apperr.Wrap("billing.follow", err)
	}
	if !ok {
		return nil, time.Time{}, invalid
	}
	if !s.Clock.Now().Before(expires) {
		return nil, time.Time{}, apperr.New(apperr.NotFound, "This "+k.name+" has expired. Ask your agent for a new one.")
	}
	// A link of a deleted account opens nothing (and makes no session).
	if _, err := (accounts.Owners{Table: s.Table}).Get(ctx, fields[0]); errors.Is(err, accounts.ErrNotFound) {
		return nil, time.Time{}, apperr.New(apperr.NotFound, "This "+k.name+" no longer works: the account was deleted.")
	} else if err != nil {
		return nil, time.Time{}, apperr.Wrap("billing.follow", err)
	}
	return fields, expires, nil
}

// OpenCheckout returns where the service's own checkout link token leads:
// the processor's open checkout session for it, or a new one when that
// closed. A forged or expired link, or one of a deleted account, answers
// not_found; a link of an account that has a subscription now, or whose
// checkout mode changed since, answers conflict.
func (s *Service) OpenCheckout(ctx context.Context, token string) (string, error) {
	fields, expires, err := s.follow(ctx, checkoutLink, token)
	if err != nil {
		return "", err
	}
	accountID, mode := fields[0], payments.Mode(fields[1])
	p, err := s.Payments()
	if err != nil {
		return "", err
	}
	var out string
	var seen sessions
	_, err = s.change(ctx, accountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		seen.attempt()
		if r.current() {
			return nil, errSubscribed
		}
		if r.checkoutMode() != mode {
			return nil, errStaleCheckoutLink
		}
		if l := r.Checkout; l != nil && l.Mode == mode {
			if exp, ok := parse(l.ExpiresAt); ok && exp.Sub(now) > sessionMargin {
				out, seen.kept = l.URL, l.ID
				return nil, errNoChange
			}
		}
		// The customer exists since the link was handed out, so no email
		// is needed to create it.
		if err := s.startSession(ctx, p, r, "", mode, expires, &seen); err != nil {
			return nil, apperr.Wrap("billing.OpenCheckout", err)
		}
		out = r.Checkout.URL
		return nil, nil
	})
	s.expireSessions(ctx, p, accountID, &seen, err == nil)
	return out, err
}

// OpenPortal returns where the service's own billing portal link token
// leads: a new session of the processor's billing portal, opened now; for
// a payment link, the page where the owner pays its invoice while that is
// open. A forged or expired link, or one of a deleted account, answers
// not_found; one of an account without a subscription answers conflict.
func (s *Service) OpenPortal(ctx context.Context, token string) (string, error) {
	k := portalLink
	if s.Links != nil {
		if _, _, ok, _ := s.Links.read(paymentLink, token); ok {
			k = paymentLink
		}
	}
	fields, _, err := s.follow(ctx, k, token)
	if err != nil {
		return "", err
	}
	invoice := ""
	if k == paymentLink {
		invoice = fields[1]
	}
	r, err := s.load(ctx, fields[0])
	if err != nil {
		return "", err
	}
	if r.SubscriptionRef == "" {
		return "", errNoPortal
	}
	link, err := s.portal(ctx, r, s.Clock.Now().Add(PortalLifetime), invoice)
	return link.URL, err
}

// sessions follows, over the attempts of one change, the processor
// checkout sessions it opened and the one it replaced, so that each
// session left open that is no longer handed out is expired afterwards
// (expireSessions).
type sessions struct {
	opened []string
	// replaced and kept are of the last attempt: the session its new one
	// replaced, and the one it hands out.
	replaced, kept string
}

// attempt starts another attempt of the change.
func (c *sessions) attempt() { c.replaced, c.kept = "", "" }

// expireSessions expires at the processor, best effort, each session seen
// that is no longer handed out: the one a new session replaced (once the
// change committed), and any opened by an attempt that lost a race. A page
// of it still open in a browser could start a second subscription. A
// failure is only logged: the owner's request goes on, and the session
// closes by itself at its end.
func (s *Service) expireSessions(ctx context.Context, p payments.Processor, accountID string, seen *sessions, committed bool) {
	stale := slices.Clone(seen.opened)
	if committed && seen.replaced != "" {
		stale = append(stale, seen.replaced)
	}
	for _, id := range stale {
		if id == "" || (committed && id == seen.kept) {
			continue
		}
		if err := p.ExpireCheckout(ctx, accountID, id); err != nil {
			slog.WarnContext(ctx, "expire a replaced checkout session", "account_id", accountID, "checkout", id, "err", err)
		}
	}
}

// startSession opens a processor checkout session in mode for r's account,
// asked to last until want, and stores it as r's open checkout (creating
// the customer, with email, on first use), noting in seen the session
// opened and the one it replaces. When the session ends before want, the
// service's own link stands in front of it.
func (s *Service) startSession(ctx context.Context, p payments.Processor, r *record, email string, mode payments.Mode, want time.Time, seen *sessions) error {
	link, err := p.Checkout(ctx, payments.CheckoutRequest{
		AccountID: r.AccountID, Email: email, CustomerRef: r.CustomerRef, Mode: mode,
		ExpiresAt: want, ReturnURL: s.DashboardURL + "/billing",
	})
	if err != nil {
		return err
	}
	seen.opened = append(seen.opened, link.ID)
	if r.Checkout != nil {
		seen.replaced = r.Checkout.ID
	}
	seen.kept = link.ID
	if link.CustomerRef != "" {
		r.CustomerRef = link.CustomerRef
	}
	l := &openLink{ID: link.ID, URL: link.URL, Mode: mode, ExpiresAt: clock.Format(link.ExpiresAt)}
	if s.Links.stands(link.ExpiresAt, want) {
		u, end, err := s.Links.url(checkoutLink, want, r.AccountID, string(mode))
		if err != nil {
			return err
		}
		l.LinkURL, l.LinkExpiresAt = u, clock.Format(end)
	}
	r.Checkout = l
	return nil
}
