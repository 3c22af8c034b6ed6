package credits

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Service reads, grants, spends and refunds credits.
type Service struct {
	Table  *dynamo.Table
	Events *eventlog.Writer
	// Clock and Periods roll the balances of a period that ended into the
	// period its subscription renewed into before the processor reported
	// the renewal (see Periods); nil leaves them as they are.
	Clock   clock.Clock
	Periods Periods
}

// Get returns the balances of site for the current billing period (the
// period its subscription renewed into when the processor has not
// reported the renewal yet: see Periods); a site that was never granted
// credits (no trial or plan yet) has zero of everything and no period.
func (s *Service) Get(ctx context.Context, accountID, siteID string) (Credits, error) {
	it, found, err := s.read(ctx, accountID, siteID)
	if err != nil || !found {
		return Credits{SiteID: siteID}, err
	}
	next, ok, err := s.renewed(ctx, it)
	if err != nil {
		return Credits{}, err
	}
	if ok {
		return next.view(), nil
	}
	return it.view(), nil
}

// read returns the balances stored for site; found is false when it was
// never granted credits.
func (s *Service) read(ctx context.Context, accountID, siteID string) (it item, found bool, err error) {
	err = s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.CreditsSK(siteID), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return item{}, false, nil
	}
	if err != nil {
		return item{}, false, apperr.Wrap("credits.Get", err)
	}
	return it, true, nil
}

// Reset adds to tx the grant of a for the period [start, end) to site,
// replacing its balances, and the credits.reset event.
func (s *Service) Reset(tx *dynamo.Tx, accountID, siteID string, a Allowance, start, end time.Time) Credits {
	it := newItem(dynamo.AccountPK(accountID), dynamo.CreditsSK(siteID), accountID, siteID, a, start, end)
	tx.Put("credits:"+siteID, it, "", nil)
	return s.emitReset(tx, it)
}

// ResetOnce is Reset on the condition that site has no grant of a period
// starting at start or later: made once per site and period whoever
// finishes it (its write is named "credits:"+siteID).
func (s *Service) ResetOnce(tx *dynamo.Tx, accountID, siteID string, a Allowance, start, end time.Time) Credits {
	it := newItem(dynamo.AccountPK(accountID), dynamo.CreditsSK(siteID), accountID, siteID, a, start, end)
	tx.Put("credits:"+siteID, it, "attribute_not_exists(pk) OR period_start < :start", map[string]types.AttributeValue{
		":start": &types.AttributeValueMemberS{Value: it.PeriodStart},
	})
	return s.emitReset(tx, it)
}

// ResetPast adds to tx the credits.reset of a grant of a for the period
// [start, end) that is already over when it is learnt (its report came
// after a later period's): the event records the grant as it was, and the
// balances, the later period's, stay as they are.
func (s *Service) ResetPast(tx *dynamo.Tx, accountID, siteID string, a Allowance, start, end time.Time) Credits {
	return s.emitReset(tx, newItem(dynamo.AccountPK(accountID), dynamo.CreditsSK(siteID), accountID, siteID, a, start, end))
}

// emitReset adds credits.reset for the grant it to tx.
func (s *Service) emitReset(tx *dynamo.Tx, it item) Credits {
	c := it.view()
	s.Events.Emit(tx, it.AccountID, it.SiteID, "credits.reset", map[string]any{"credits": c})
	return c
}

// SpendRequest asks for N credits of Kind from a site.
type SpendRequest struct {
	AccountID string
	SiteID    string
	Kind      Kind
	N         int
}

// Spent is a completed spend, as Refund takes it back.
type Spent struct {
	SpendRequest
	// PeriodStart identifies the period the credits were taken from: its
	// key (see item.periodKey), which tells apart periods that start in
	// the same second; callers store it and hand it back to refund.
	PeriodStart string
	// Remaining is the balance after the spend.
	Remaining int
}

// ErrInsufficient is returned when the site has fewer credits than asked.
func errInsufficient(k Kind) error {
	return apperr.Newf(apperr.InsufficientCredits, "This site has used this period's %s credits. They reset at the start of the next billing period.", kindWords(k))
}

func kindWords(k Kind) string {
	switch k {
	case ForumReplies:
		return "forum reply"
	case BacklinkCredits:
		return "backlink"
	}
	return "article"
}

// maxAttempts bounds Spend's retries after losing a race for the balance.
const maxAttempts = 60

// Spend takes req.N credits in one transaction with the caller's effect:
// effect adds its writes to tx and returns the request's result (stored
// for an idempotent replay, see dynamo.Table.Commit); it may be nil. The
// balance write is conditional on the balance read, so concurrent spends
// are serialised and never go below zero; a lost race reads again and
// retries, and calls effect again. It returns insufficient_credits when the
// balance is below N, and the effect's own errors unchanged.
func (s *Service) Spend(ctx context.Context, req SpendRequest, effect func(tx *dynamo.Tx, spent Spent) (any, error)) (Spent, error) {
	if req.N <= 0 {
		return Spent{}, fmt.Errorf("credits: spend of %d", req.N)
	}
	for attempt := 0; ; attempt++ {
		var it item
		err := s.Table.Get(ctx, dynamo.AccountPK(req.AccountID), dynamo.CreditsSK(req.SiteID), &it)
		if errors.Is(err, dynamo.ErrNotFound) {
			return Spent{}, errInsufficient(req.Kind)
		}
		if err != nil {
			return Spent{}, apperr.Wrap("credits.Spend", err)
		}
		next, rolled, err := s.renewed(ctx, it)
		if err != nil {
			return Spent{}, err
		}
		if rolled {
			// The first spend of a period the subscription renewed into
			// grants it, then spends from it.
			err := s.roll(ctx, it, next)
			if err != nil && (!dynamo.LostRace(err, "credits") || attempt >= maxAttempts) {
				return Spent{}, apperr.Wrap("credits.Spend", err)
			}
			continue
		}
		old := it.balance(req.Kind)
		if old < req.N {
			return Spent{}, errInsufficient(req.Kind)
		}
		spent := Spent{SpendRequest: req, PeriodStart: it.periodKey(), Remaining: old - req.N}
		tx := &dynamo.Tx{}
		s.spendWrite(tx, it, spent, old)
		var result any
		if effect != nil {
			if result, err = effect(tx, spent); err != nil {
				return Spent{}, err
			}
		}
		err = s.Table.Commit(ctx, tx, result)
		if err == nil {
			return spent, nil
		}
		if !dynamo.LostRace(err, "credits") || attempt >= maxAttempts {
			return Spent{}, apperr.Wrap("credits.Spend", err)
		}
		if err := pause(ctx, attempt); err != nil {
			return Spent{}, err
		}
	}
}

// spendWrite adds the conditional balance update and its events to tx.
func (s *Service) spendWrite(tx *dynamo.Tx, it item, spent Spent, old int) {
	k := spent.Kind
	set := "SET #bal = :new"
	names := map[string]string{"#bal": balanceAttr(k)}
	values := map[string]types.AttributeValue{
		":new":    num(spent.Remaining),
		":old":    num(old),
		":period": &types.AttributeValueMemberS{Value: it.periodKey()},
	}
	if warnsLow(k) && old > LowMark && spent.Remaining <= LowMark && !it.lowSent(k) {
		set += ", #low = :true"
		names["#low"] = lowAttr(k)
		values[":true"] = &types.AttributeValueMemberBOOL{Value: true}
		s.Events.Emit(tx, spent.AccountID, spent.SiteID, "credits.low", map[string]any{"kind": k, "remaining": spent.Remaining, "period_end": it.PeriodEnd})
	}
	if spent.Remaining == 0 {
		s.Events.Emit(tx, spent.AccountID, spent.SiteID, "credits.exhausted", map[string]any{"kind": k, "period_end": it.PeriodEnd})
	}
	tx.Update("credits", it.PK, it.SK, &types.Update{
		UpdateExpression:          aws.String(set),
		ConditionExpression:       aws.String("#bal = :old AND " + it.samePeriod()),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	})
}

// Refund gives spent credits back on its own, as RefundIn says: only into
// the period they came from, nothing once it is over.
func (s *Service) Refund(ctx context.Context, spent Spent) error {
	for attempt := 0; ; attempt++ {
		tx := &dynamo.Tx{}
		n, err := s.RefundIn(ctx, tx, spent)
		if err != nil || n == 0 {
			return err
		}
		err = s.Table.Commit(ctx, tx, nil)
		if err == nil || !dynamo.LostRace(err, "credits") || attempt >= maxAttempts {
			return apperr.Wrap("credits.Refund", err)
		}
	}
}

// pause waits a short random time before retrying, longer after each loss.
func pause(ctx context.Context, attempt int) error {
	d := time.Duration(2+rand.IntN(8+2*min(attempt, 20))) * time.Millisecond
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

func num(n int) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.Itoa(n)}
}
