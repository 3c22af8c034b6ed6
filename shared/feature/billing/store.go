package billing

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// errNoChange, returned by a change function, commits nothing.
var errNoChange = errors.New("billing: no change")

// ErrAccountGone answers a billing change of an account that is deleted
// (or does not exist): nothing is written for it. A request whose
// account was deleted while it ran gets the one 401 of a refused
// credential (spec 7: deleted account).
var ErrAccountGone = apperr.New(apperr.Unauthorized, "")

// maxRaces bounds the retries of a change that lost a race for the record.
const maxRaces = 20

// load reads the account's billing record; an account that never had one
// has status none.
func (s *Service) load(ctx context.Context, accountID string) (record, error) {
	var r record
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.BillingSK, &r)
	if errors.Is(err, dynamo.ErrNotFound) {
		return record{PK: dynamo.AccountPK(accountID), SK: dynamo.BillingSK, AccountID: accountID, Status: StatusNone}, nil
	}
	if err != nil {
		return record{}, apperr.Wrap("billing.load", err)
	}
	return r, nil
}

// changeFn changes r in place and adds the writes that go with it to tx. It
// returns the request's result (stored with the writes for an idempotent
// replay), errNoChange to commit nothing, or an error.
type changeFn func(ctx context.Context, r *record, tx *dynamo.Tx, now time.Time) (result any, err error)

// change reads the record, applies fn and writes the record back together
// with fn's writes and the account's billing_status, on the condition that
// nobody wrote the record meanwhile and the account is not deleted
// (ErrAccountGone); a lost race runs fn again on the new
// record. It returns the record as written (or as read, on errNoChange).
func (s *Service) change(ctx context.Context, accountID string, fn changeFn) (record, error) {
	for attempt := 0; ; attempt++ {
		r, err := s.load(ctx, accountID)
		if err != nil {
			return record{}, err
		}
		before, refs, lock := r.Status, [2]string{r.CustomerRef, r.SubscriptionRef}, r.Lock.due()
		version := r.Version
		tx := &dynamo.Tx{}
		now := s.Clock.Now()
		result, err := fn(ctx, &r, tx, now)
		if errors.Is(err, errNoChange) {
			return r, nil
		}
		if err != nil {
			return record{}, err
		}
		r.Version = version + 1
		r.dueCardCheck(now)
		r.dueSiteLock(tx, lock)
		for i, ref := range [2]string{r.CustomerRef, r.SubscriptionRef} {
			if ref != "" && ref != refs[i] {
				tx.Put("ref", refItem{PK: dynamo.PaymentRefPK(ref), SK: dynamo.PaymentRefSK, AccountID: accountID}, "", nil)
				// The record names only the current references: the link
				// index keeps every one, so erasing the account deletes the
				// lookup items of those it replaced too.
				dynamo.PutLinkIndex(tx, accountID, dynamo.PaymentRefPK(ref), dynamo.PaymentRefSK, 0)
			}
		}
		if version == 0 {
			tx.Put("billing", r, "attribute_not_exists(pk)", nil)
		} else {
			tx.Put("billing", r, "version = :v", map[string]types.AttributeValue{
				":v": &types.AttributeValueMemberN{Value: strconv.FormatInt(version, 10)},
			})
		}
		// Nothing is written for a deleted account (its erase job deletes
		// the record): the account's item must not be a tombstone.
		if r.Status != before {
			tx.Update("account", dynamo.AccountPK(accountID), dynamo.AccountSK, &types.Update{
				UpdateExpression:          aws.String("SET billing_status = :s"),
				ConditionExpression:       aws.String(accounts.LiveCondition),
				ExpressionAttributeValues: map[string]types.AttributeValue{":s": &types.AttributeValueMemberS{Value: r.Status}},
			})
		} else {
			accounts.CheckLive(tx, accountID)
		}
		err = s.Table.Commit(ctx, tx, result)
		if dynamo.FailedOn(err, "account") {
			return record{}, ErrAccountGone
		}
		if dynamo.LostRace(err, "billing") && !dynamo.FailedOn(err, "applied") && attempt < maxRaces {
			continue
		}
		if err != nil {
			return record{}, err
		}
		return r, nil
	}
}

// dueCardCheck keeps the record in the card-check queue while it is a trial
// whose card has not been checked.
func (r *record) dueCardCheck(now time.Time) {
	if r.Status == StatusTrialing && r.CardVerified == nil {
		if r.GSI1PK == "" {
			r.GSI1PK, r.GSI1SK = dynamo.DuePK(cardCheckKind), dynamo.TimeKey(clock.SortKey(now), r.AccountID)
		}
		return
	}
	r.GSI1PK, r.GSI1SK = "", ""
}

// refItem finds the account of a processor's customer or subscription
// reference, for webhooks that carry no account id.
type refItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
}

// AccountOf returns the account whose subscription or customer is ref,
// or not_found.
func (s *Service) AccountOf(ctx context.Context, ref string) (string, error) {
	var it refItem
	err := s.Table.Get(ctx, dynamo.PaymentRefPK(ref), dynamo.PaymentRefSK, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return "", apperr.NotFoundf("No account has the payment reference %s.", ref)
	}
	if err != nil {
		return "", apperr.Wrap("billing.AccountOf", err)
	}
	return it.AccountID, nil
}
