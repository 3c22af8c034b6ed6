package credits

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// RefundIn adds to tx the return of spent credits to their site, so a
// refund commits with the change it belongs to (a failed generation going
// back to scheduled). It returns how many credits the write gives back:
// spent.N, or 0 when the period they came from is over (the new period's
// grant replaced the balance) and nothing is written. The write is named
// "credits" and holds only while the period is unchanged: when the commit
// fails on it (see dynamo.LostRace), read again and retry.
func (s *Service) RefundIn(ctx context.Context, tx *dynamo.Tx, spent Spent) (int, error) {
	var it item
	err := s.Table.Get(ctx, dynamo.AccountPK(spent.AccountID), dynamo.CreditsSK(spent.SiteID), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, apperr.Wrap("credits.RefundIn", err)
	}
	if it.periodKey() != spent.PeriodStart || spent.N <= 0 {
		return 0, nil
	}
	tx.Update("credits", it.PK, it.SK, &types.Update{
		UpdateExpression:         aws.String("ADD #bal :n"),
		ConditionExpression:      aws.String(it.samePeriod()),
		ExpressionAttributeNames: map[string]string{"#bal": balanceAttr(spent.Kind)},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":n":      num(spent.N),
			":period": &types.AttributeValueMemberS{Value: spent.PeriodStart},
		},
	})
	return spent.N, nil
}
