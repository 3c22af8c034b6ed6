package billing

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// cardCheckKind is the due-work kind of trials whose card is unchecked.
const cardCheckKind = "card_check"

// dueBatch bounds the work one scheduled run picks up per kind.
const dueBatch = 50

// CheckCards runs the trial card check of every trial whose card has not
// been checked yet (it runs at the first scheduled run after checkout, and
// after the owner replaces the card): a failed check sets card_verified
// false and emits billing.card_check_failed; generation stays off until the
// card is updated.
func (s *Service) CheckCards(ctx context.Context) error {
	p, err := s.Payments()
	if err != nil {
		return nil // nothing to check with
	}
	accounts, err := s.due(ctx, cardCheckKind)
	if err != nil {
		return err
	}
	var errs []error
	for _, accountID := range accounts {
		if err := s.checkCard(ctx, p, accountID); err != nil {
			slog.ErrorContext(ctx, "trial card check", "account_id", accountID, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// checkCard checks the card of accountID's trial. The check's
// idempotency key names the record's version: a retry of a check that
// failed to run keeps it, while a card replaced since (which rewrote the
// record) is checked anew rather than answered with the old card's outcome.
func (s *Service) checkCard(ctx context.Context, p interface {
	CheckCard(ctx context.Context, accountID, subscriptionRef, idempotencyKey string) (bool, error)
}, accountID string) error {
	r, err := s.load(ctx, accountID)
	if err != nil {
		return err
	}
	ok := true
	if r.Status == StatusTrialing && r.CardVerified == nil {
		key := "card-check:" + r.SubscriptionRef + ":" + accountID + ":" + strconv.FormatInt(r.Version, 10)
		if ok, err = p.CheckCard(ctx, accountID, r.SubscriptionRef, key); err != nil {
			return err
		}
	}
	ref := r.SubscriptionRef
	_, err = s.change(ctx, accountID, func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (any, error) {
		if r.Status != StatusTrialing || r.CardVerified != nil || r.SubscriptionRef != ref {
			return nil, nil // rewriting the record takes it out of the queue
		}
		r.CardVerified = &ok
		if ok {
			s.record(tx, r, now, "billing.card_verified", "Trial card check passed")
			return nil, nil
		}
		s.emit(tx, r, now, "billing.card_check_failed", "Trial card check failed; generation is off until the card is updated", nil)
		return nil, nil
	})
	return err
}

// due returns the accounts whose billing record waits in kind's queue
// with a due time before now.
func (s *Service) due(ctx context.Context, kind string) ([]string, error) {
	rows, err := dynamo.Due[record](ctx, s.Table, kind, clock.SortKey(s.Clock.Now())+"~", dueBatch)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.AccountID
	}
	return out, nil
}
