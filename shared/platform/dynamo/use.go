package dynamo

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
)

// RecordUse writes that a credential was used at now, in one transaction:
// touched_at (Unix milliseconds) on its lookup item, which authentication
// reads to write at most once in a while, and last_used_at (an API
// timestamp) on the item the API shows. When either item is gone (revoked
// meanwhile) nothing is written and RecordUse returns nil.
func (t *Table) RecordUse(ctx context.Context, lookupPK, lookupSK, itemPK, itemSK string, now time.Time) error {
	tx := &Tx{}
	tx.Update("lookup", lookupPK, lookupSK, &types.Update{
		UpdateExpression:    aws.String("SET touched_at = :now"),
		ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.UnixMilli(), 10)},
		},
	})
	tx.Update("item", itemPK, itemSK, &types.Update{
		UpdateExpression:    aws.String("SET last_used_at = :at"),
		ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":at": &types.AttributeValueMemberS{Value: clock.Format(now)},
		},
	})
	if err := t.Commit(ctx, tx, nil); err != nil && !errors.Is(err, ErrConditionFailed) {
		return err
	}
	return nil
}
