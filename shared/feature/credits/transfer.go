package credits

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// Transfers move credits between sites outside a plain spend: the backlink
// exchange pays a host the credits it earned, returns held credits to the
// site that spent them, and takes back what a host earned for a link it
// removed. Deposits go to the current period's balance.

// DepositIn adds to tx a deposit of n credits of kind k to a site's
// current balance (named "deposit:<site id>").
func (s *Service) DepositIn(tx *dynamo.Tx, accountID, siteID string, k Kind, n int) {
	if n <= 0 {
		return
	}
	tx.Update("deposit:"+siteID, dynamo.AccountPK(accountID), dynamo.CreditsSK(siteID), &types.Update{
		UpdateExpression:          aws.String("ADD #bal :n"),
		ExpressionAttributeNames:  map[string]string{"#bal": balanceAttr(k)},
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": num(n)},
	})
}

// WithdrawIn reads a site's balance of kind k and adds to tx a decrease by
// n, or by the whole balance when it is smaller, so the balance never goes
// below zero; it returns what the write takes. The write is conditional on
// the balance read and named "credits": a concurrent change fails the
// commit (dynamo.LostRace(err, "credits")), and the caller reads again.
// Reaching zero adds credits.exhausted to tx.
func (s *Service) WithdrawIn(ctx context.Context, tx *dynamo.Tx, accountID, siteID string, k Kind, n int) (int, error) {
	var it item
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.CreditsSK(siteID), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, apperr.Wrap("credits.Withdraw", err)
	}
	old := it.balance(k)
	take := min(old, n)
	if take <= 0 {
		return 0, nil
	}
	tx.Update("credits", it.PK, it.SK, &types.Update{
		UpdateExpression:          aws.String("SET #bal = :new"),
		ConditionExpression:       aws.String("#bal = :old"),
		ExpressionAttributeNames:  map[string]string{"#bal": balanceAttr(k)},
		ExpressionAttributeValues: map[string]types.AttributeValue{":new": num(old - take), ":old": num(old)},
	})
	if old-take == 0 {
		s.Events.Emit(tx, accountID, siteID, "credits.exhausted", map[string]any{"kind": k, "period_end": it.PeriodEnd})
	}
	return take, nil
}
