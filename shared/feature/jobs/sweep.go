package jobs

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Sweep finds unfinished jobs whose due time has passed (a queued job whose
// message was lost, a running job whose worker died) and sends their message
// again; the worker's claim decides whether to run them, and the worker
// gives up one whose last attempt stopped responding (with its runner, so a
// scan ends too: the sweep has no runners). It returns how many jobs it
// re-sent.
func (w *Worker) Sweep(ctx context.Context) (int, error) {
	now := w.Clock.Now()
	rows, err := dynamo.Due[item](ctx, w.Table, DueKind, clock.SortKey(now), 200)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, it := range rows {
		// Push the due time forward so the next sweep does not resend at once.
		_, err := w.Table.Update(ctx, it.PK, it.SK, &dynamodb.UpdateItemInput{
			UpdateExpression:    aws.String("SET gsi1sk = :next"),
			ConditionExpression: aws.String("gsi1sk = :old"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":next": &types.AttributeValueMemberS{Value: dueKey(now.Add(requeueAfter), it.AccountID, it.ID)},
				":old":  &types.AttributeValueMemberS{Value: it.GSI1SK},
			},
		})
		if err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
			return sent, err
		}
		if err == nil {
			if err := w.Enqueuer.send(ctx, it.AccountID, it.ID, 0); err != nil {
				return sent, err
			}
			sent++
		}
	}
	return sent, nil
}
