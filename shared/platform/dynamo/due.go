package dynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Due work: an item waiting for scheduled work puts itself in GSI1
// partition DUE#<kind> (DuePK) with a sort key that starts with its due
// time (TimeKey), and the kind's scheduled task reads the partition up to
// the present.

// DueQuery is the query of kind's due-work partition for the items whose
// sort key sorts before `before` (a sortable time: clock.SortKey(now) for
// "due before now", with "~" appended for "due at or before now"), oldest
// first, limit at a time, from start (nil for the beginning).
func DueQuery(kind, before string, limit int, start map[string]types.AttributeValue) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		IndexName:              aws.String(GSI1),
		KeyConditionExpression: aws.String("gsi1pk = :pk AND gsi1sk < :before"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk":     &types.AttributeValueMemberS{Value: DuePK(kind)},
			":before": &types.AttributeValueMemberS{Value: before},
		},
		Limit:             aws.Int32(int32(limit)),
		ExclusiveStartKey: start,
	}
}

// Due returns the first limit items of kind's due work whose sort key sorts
// before `before` (see DueQuery), as T.
func Due[T any](ctx context.Context, t *Table, kind, before string, limit int) ([]T, error) {
	rows, _, err := t.Query(ctx, DueQuery(kind, before, limit, nil))
	if err != nil {
		return nil, err
	}
	return UnmarshalList[T](rows)
}
