package sessions

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/mail"
)

// Owners finds the account of an owner's email address; it returns
// accounts.ErrNotFound when there is none.
type Owners interface {
	FindByEmail(ctx context.Context, email string) (accounts.Account, error)
}

// VerifyPath is the page an emailed sign-in link opens.
const VerifyPath = "/signin/verify"

// Service signs owners in.
type Service struct {
	Table *dynamo.Table
	Clock clock.Clock
	// Mail is the mail outbox sign-in links go through.
	Mail     *mail.Spool
	Owners   Owners
	Counters *ratelimit.Counters
	// RequestsPerAddressPerHour caps the sign-in requests one caller
	// address makes an hour, whatever email each names
	// (DefaultRequestsPerAddressPerHour when zero).
	RequestsPerAddressPerHour int
	// BaseURL starts sign-in links.
	BaseURL string
	// Keys is the master key the CSRF tokens' key is derived from.
	Keys *secret.Source
}

// SendLink emails a sign-in link (through the mail outbox) to email when it
// is the owner's address of a claimed account, at most LinksPerHour an
// hour, then one a LinkSlot; otherwise it does
// nothing. next is the same-origin path the link continues to. The caller
// answers the same way in every case, so the answer never tells whether an
// account exists. The caller's address (auth.IP) is first held to its
// hourly budget of requests, whatever email they name: past it SendLink
// reads and sends nothing and answers rate_limited with RetryAfter.
func (s *Service) SendLink(ctx context.Context, email, next string) error {
	if err := s.admit(ctx); err != nil {
		return err
	}
	a, err := s.Owners.FindByEmail(ctx, email)
	if errors.Is(err, accounts.ErrNotFound) || (err == nil && !a.Claimed) {
		return nil
	}
	if err != nil {
		return apperr.Wrap("sessions.SendLink", err)
	}
	_, err = s.Counters.Take(ctx, "signin#"+a.ID, time.Hour, LinksPerHour)
	if errors.Is(err, ratelimit.ErrExhausted) {
		_, err = s.Counters.Take(ctx, "signin-slot#"+a.ID, LinkSlot, 1)
	}
	if errors.Is(err, ratelimit.ErrExhausted) {
		slog.WarnContext(ctx, "sign-in links exhausted", "account_id", a.ID)
		return nil
	} else if err != nil {
		return apperr.Wrap("sessions.SendLink", err)
	}
	token, hash := newSecret()
	tx := &dynamo.Tx{}
	putLink(tx, newLinkItem(hash, a.ID, a.Email, next, s.Clock.Now()))
	s.Mail.Add(tx, linkMail(a, next, s.linkURL(token, next)).RenderedBy(s.MailTemplates()))
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		return apperr.Wrap("sessions.SendLink", err)
	}
	return nil
}

// DefaultRequestsPerAddressPerHour is how many sign-in requests one caller
// address may make an hour when Service.RequestsPerAddressPerHour is zero.
const DefaultRequestsPerAddressPerHour = 30

// admit counts a sign-in request against its caller address's hour (an
// IPv6 address's /64, see ratelimit.Address), or
// answers rate_limited with RetryAfter when that hour's budget is spent.
// A counter that fails admits (and is logged), as the request budgets do.
func (s *Service) admit(ctx context.Context) error {
	limit := s.RequestsPerAddressPerHour
	if limit <= 0 {
		limit = DefaultRequestsPerAddressPerHour
	}
	win, err := s.Counters.Take(ctx, "signin-ip#"+ratelimit.Address(auth.IP(ctx)), time.Hour, limit)
	if errors.Is(err, ratelimit.ErrExhausted) {
		e := apperr.New(apperr.RateLimited, "Too many sign-in requests came from this address in the last hour. Wait Retry-After seconds, then try again.")
		e.RetryAfter = win.RetryAfter()
		return e
	}
	if err != nil {
		slog.WarnContext(ctx, "sign-in rate limit counter failed", "err", err)
	}
	return nil
}

// Unclaimed returns the id of the account whose owner's address is email
// when that account is not claimed yet: its owner cannot sign in, and gets
// a new claim link instead (see pages.SignIn). ok is false otherwise.
func (s *Service) Unclaimed(ctx context.Context, email string) (accountID string, ok bool, err error) {
	a, err := s.Owners.FindByEmail(ctx, email)
	if errors.Is(err, accounts.ErrNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, apperr.Wrap("sessions.Unclaimed", err)
	}
	return a.ID, !a.Claimed, nil
}

// Started is a session a sign-in link started.
type Started struct {
	Session Session
	// Secret is the session cookie's value; only its hash is stored.
	Secret string
	// Next is the path the sign-in continues to (may be empty).
	Next string
}

// Link is what an unused sign-in link signs in to.
type Link struct {
	Email string
	// Next is the path the sign-in continues to (may be empty).
	Next string
}

// Peek returns what sign-in link token signs in to, without using it up:
// opening a link only shows it, so a link someone else sends cannot sign
// a browser in by being opened (login CSRF). It returns ErrBadLink for an
// unknown, used or expired link, or one of a deleted account.
func (s *Service) Peek(ctx context.Context, token string) (Link, error) {
	l, err := s.link(ctx, token)
	if err != nil {
		return Link{}, err
	}
	// A link mailed before its account was deleted leads nowhere.
	if _, err := (accounts.Owners{Table: s.Table}).Get(ctx, l.AccountID); errors.Is(err, accounts.ErrNotFound) {
		return Link{}, ErrBadLink
	} else if err != nil {
		return Link{}, apperr.Wrap("sessions.Peek", err)
	}
	return Link{Email: l.Email, Next: l.Next}, nil
}

// link reads the unused, unexpired sign-in link of token.
func (s *Service) link(ctx context.Context, token string) (linkItem, error) {
	l, err := s.anyLink(ctx, token)
	if err == nil && l.UsedAt != 0 {
		return linkItem{}, ErrBadLink
	}
	return l, err
}

// anyLink reads the unexpired sign-in link of token, used or not.
func (s *Service) anyLink(ctx context.Context, token string) (linkItem, error) {
	if token == "" {
		return linkItem{}, ErrBadLink
	}
	var l linkItem
	err := s.Table.Get(ctx, dynamo.SignInPK(hashOf(token)), dynamo.SignInSK, &l)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && !live(l.ExpiresAt, s.Clock.Now())) {
		return linkItem{}, ErrBadLink
	}
	if err != nil {
		return linkItem{}, apperr.Wrap("sessions.link", err)
	}
	return l, nil
}

// Redeem uses sign-in link token up and starts a session. It returns
// ErrBadLink for an unknown, used or expired link, or one of a deleted
// account. Only the link page's form calls it (a POST), never the link's
// opening.
func (s *Service) Redeem(ctx context.Context, token string) (Started, error) {
	return s.RedeemIn(ctx, token, "")
}

// RedeemIn is Redeem from the browser whose link page was bound to
// binding (the cookie its FormToken was made from): the link's Sign in
// pressed again in that browser within AgainWithin of the link's use (a
// double click, whose first answer, with its session cookie, the browser
// dropped for the second) starts another session for it rather than
// answering ErrBadLink. Anywhere else, or later, a used link stays used.
func (s *Service) RedeemIn(ctx context.Context, token, binding string) (Started, error) {
	for try := 0; ; try++ {
		l, err := s.anyLink(ctx, token)
		if err != nil {
			return Started{}, err
		}
		now := s.Clock.Now()
		again := l.UsedAt != 0
		if again && (binding == "" || l.UsedBy != hashOf(binding) || now.Sub(time.Unix(l.UsedAt, 0)) > AgainWithin) {
			return Started{}, ErrBadLink
		}
		secret, hash := newSecret()
		it := newSessionItem(hash, l.AccountID, l.Email, now)
		tx := &dynamo.Tx{}
		if !again {
			// The link is kept, marked used by this browser, until its
			// TTL removes it (or its account's deletion does).
			tx.UpdateExpr("link", l.PK, l.SK, expression.NewBuilder().
				WithUpdate(expression.Set(expression.Name("used_at"), expression.Value(now.Unix())).
					Set(expression.Name("used_by"), expression.Value(usedBy(binding)))).
				WithCondition(expression.AttributeExists(expression.Name(dynamo.PK)).
					And(expression.AttributeNotExists(expression.Name("used_at")))))
		}
		tx.PutNew("session", it)
		tx.Put("session_index", newIndexItem(hash, l.AccountID, now), "", nil)
		accounts.CheckLive(tx, l.AccountID) // a link mailed before the account was deleted signs nobody in
		err = s.Table.Commit(ctx, tx, nil)
		if dynamo.FailedOn(err, "link") && try == 0 {
			continue // used by a concurrent press: this browser's second press, perhaps
		}
		if dynamo.FailedOn(err, "link") || dynamo.FailedOn(err, "account") {
			return Started{}, ErrBadLink // used by a concurrent request, or the account is deleted
		}
		if err != nil {
			return Started{}, apperr.Wrap("sessions.Redeem", err)
		}
		return Started{Session: it.session(hash), Secret: secret, Next: l.Next}, nil
	}
}

// usedBy is what a used link keeps of the browser binding that used it:
// its hash, or "" (which no browser matches) when there was none.
func usedBy(binding string) string {
	if binding == "" {
		return ""
	}
	return hashOf(binding)
}

// Get returns the session of a cookie's secret, or ErrNoSession.
func (s *Service) Get(ctx context.Context, secret string) (Session, error) {
	if secret == "" {
		return Session{}, ErrNoSession
	}
	var it sessionItem
	hash := hashOf(secret)
	err := s.Table.Get(ctx, dynamo.SessionPK(hash), dynamo.SessionSK, &it)
	if errors.Is(err, dynamo.ErrNotFound) || (err == nil && !live(it.ExpiresAt, s.Clock.Now())) {
		return Session{}, ErrNoSession
	}
	if err != nil {
		return Session{}, apperr.Wrap("sessions.Get", err)
	}
	return it.session(hash), nil
}

// End signs the session of secret out.
func (s *Service) End(ctx context.Context, secret string) error {
	if secret == "" {
		return nil
	}
	sess, err := s.Get(ctx, secret)
	if errors.Is(err, ErrNoSession) {
		return nil
	}
	if err != nil {
		return apperr.Wrap("sessions.End", err)
	}
	tx := &dynamo.Tx{}
	tx.Delete("session", dynamo.SessionPK(sess.hash), dynamo.SessionSK, "")
	tx.Delete("session_index", dynamo.AccountPK(sess.AccountID), dynamo.SessionIndexSK(sess.hash), "")
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		return apperr.Wrap("sessions.End", err)
	}
	return nil
}

// FormToken returns the token a form shown before sign-in (the sign-in
// link's page) carries: an HMAC of the browser's form cookie (binding), so
// only the browser that opened the page can send it.
func (s *Service) FormToken(binding string) string {
	return s.token("form:" + binding)
}

// ValidFormToken reports whether token is binding's form token.
func (s *Service) ValidFormToken(binding, token string) bool {
	want := s.FormToken(binding)
	return binding != "" && want != "" && hmac.Equal([]byte(token), []byte(want))
}

// CSRF returns the token the session's forms carry: an HMAC of the
// session's hash, so it is bound to the session and needs no storage.
func (s *Service) CSRF(sess Session) string {
	return s.token("csrf:" + sess.hash)
}

// ValidCSRF reports whether token is the session's CSRF token.
func (s *Service) ValidCSRF(sess Session, token string) bool {
	want := s.CSRF(sess)
	return sess.hash != "" && want != "" && hmac.Equal([]byte(token), []byte(want))
}

// csrfPurpose derives the form tokens' key from the master key.
const csrfPurpose = "owner-session-csrf-v1"

// token returns the HMAC of data under the form tokens' key, or "" (which
// no form token equals) when the master key cannot be read.
func (s *Service) token(data string) string {
	key, err := s.Keys.Derive(csrfPurpose)
	if err != nil {
		slog.Error("sessions: the form token key cannot be derived", "err", err)
		return ""
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(data))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func (it sessionItem) session(hash string) Session {
	return Session{AccountID: it.AccountID, Email: it.Email, ExpiresAt: time.Unix(it.ExpiresAt, 0).UTC(), hash: hash}
}
