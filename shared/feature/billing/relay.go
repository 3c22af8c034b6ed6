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

// A checkout link works for 7 days and until the owner completes it (spec
// 4.9), but a processor may keep its hosted checkout open for less: Stripe
// closes a Checkout Session after 24 hours. Then the service hands out a
// checkout link of its own, {base}/checkout/{token}, which opens the
// processor's current session, or starts a new one when that closed, and
// redirects there. The token names the account, the checkout's mode and the
// link's end, signed with the service's key: it needs no stored secret and
// cannot be forged or extended.

// CheckoutLinkPath is the route of the service's own checkout links.
const CheckoutLinkPath = "/checkout/{token}"

// sessionMargin is how much life a processor session must have left to be
// opened again rather than replaced.
const sessionMargin = 10 * time.Minute

// CheckoutLinks signs the service's own checkout links.
type CheckoutLinks struct {
	// BaseURL starts the links.
	BaseURL string
	// Keys is the master key the signing key is derived from.
	Keys *secret.Source
}

// checkoutLinkPurpose derives the links' signing key from the master key.
const checkoutLinkPurpose = "checkout-link-v1"

// url returns the link for accountID's checkout in mode, valid until
// expires.
func (l *CheckoutLinks) url(accountID string, mode payments.Mode, expires time.Time) (string, error) {
	payload := accountID + "." + string(mode) + "." + strconv.FormatInt(expires.Unix(), 10)
	sig, err := l.sign(payload)
	if err != nil {
		return "", err
	}
	enc := base64.RawURLEncoding
	return l.BaseURL + "/checkout/" + enc.EncodeToString([]byte(payload)) + "." + enc.EncodeToString(sig), nil
}

// read checks token's signature and returns what it names; ok is false for
// a token this service did not sign.
func (l *CheckoutLinks) read(token string) (accountID string, mode payments.Mode, expires time.Time, ok bool, err error) {
	enc := base64.RawURLEncoding
	p64, s64, found := strings.Cut(token, ".")
	payload, err1 := enc.DecodeString(p64)
	sig, err2 := enc.DecodeString(s64)
	if !found || err1 != nil || err2 != nil {
		return "", "", time.Time{}, false, nil
	}
	want, err := l.sign(string(payload))
	if err != nil {
		return "", "", time.Time{}, false, err
	}
	if !hmac.Equal(sig, want) {
		return "", "", time.Time{}, false, nil
	}
	parts := strings.Split(string(payload), ".")
	if len(parts) != 3 {
		return "", "", time.Time{}, false, nil
	}
	unix, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil {
		return "", "", time.Time{}, false, nil
	}
	return parts[0], payments.Mode(parts[1]), time.Unix(unix, 0).UTC(), true, nil
}

func (l *CheckoutLinks) sign(payload string) ([]byte, error) {
	key, err := l.Keys.Derive(checkoutLinkPurpose)
	if err != nil {
		return nil, err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("checkout-link-v1\n" + payload))
	return m.Sum(nil), nil
}

// Errors of opening a checkout link, shown on a page to the owner.
var (
	errBadCheckoutLink     = apperr.New(apperr.NotFound, "This checkout link is not valid. Ask your agent for a new one.")
	errExpiredCheckoutLink = apperr.New(apperr.NotFound, "This checkout link has expired. Ask your agent for a new one.")
	errSubscribed          = apperr.New(apperr.Conflict, "This account already has a subscription, so there is nothing to pay here.")
	errDeletedCheckoutLink = apperr.New(apperr.NotFound, "This checkout link no longer works: the account was deleted.")
	errStaleCheckoutLink   = apperr.New(apperr.Conflict, "This checkout link is out of date: the account's plan changed since it was made. Ask your agent for a new one.")
)

// OpenCheckout returns where the service's own checkout link token leads:
// the processor's open checkout session for it, or a new one when that
// closed. A forged or expired link, or one of a deleted account, answers
// not_found; a link of an account that has a subscription now, or whose
// checkout mode changed since, answers conflict.
func (s *Service) OpenCheckout(ctx context.Context, token string) (string, error) {
	if s.Links == nil {
		return "", errBadCheckoutLink
	}
	accountID, mode, expires, ok, err := s.Links.read(token)
	if err != nil {
		return "", apperr.Wrap("billing.OpenCheckout", err)
	}
	if !ok {
		return "", errBadCheckoutLink
	}
	if !s.Clock.Now().Before(expires) {
		return "", errExpiredCheckoutLink
	}
	// A link of a deleted account opens nothing (and makes no session).
	if _, err := (accounts.Owners{Table: s.Table}).Get(ctx, accountID); errors.Is(err, accounts.ErrNotFound) {
		return "", errDeletedCheckoutLink
	} else if err != nil {
		return "", apperr.Wrap("billing.OpenCheckout", err)
	}
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
	if s.Links != nil && link.ExpiresAt.Before(want.Add(-time.Hour)) {
		u, err := s.Links.url(r.AccountID, mode, want)
		if err != nil {
			return err
		}
		l.LinkURL, l.LinkExpiresAt = u, clock.Format(want)
	}
	r.Checkout = l
	return nil
}
