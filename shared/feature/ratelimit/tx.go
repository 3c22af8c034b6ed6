package ratelimit

import (
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/platform/dynamo"
)

// TakeIn adds to tx one event counted against scope's current window, so
// the count and the action it limits commit together (nothing to give back
// when the action fails). With max > 0 the write also requires the window
// to hold fewer than max: when it does not, the commit fails with a
// *dynamo.CanceledError for which Exhausted(err, scope) is true. With
// max <= 0 it counts without a limit. It returns the window, whose Resets
// says when a spent quota returns.
func (c *Counters) TakeIn(tx *dynamo.Tx, scope string, length time.Duration, max int) Window {
	pk, sk, now, _, end := c.window(scope, length)
	values := map[string]types.AttributeValue{
		":one": &types.AttributeValueMemberN{Value: "1"},
		":ttl": &types.AttributeValueMemberN{Value: strconv.FormatInt(end.Add(Day).Unix(), 10)},
	}
	u := &types.Update{
		UpdateExpression:          aws.String("ADD n :one SET #ttl = if_not_exists(#ttl, :ttl)"),
		ExpressionAttributeNames:  map[string]string{"#ttl": dynamo.TTL},
		ExpressionAttributeValues: values,
	}
	if max > 0 {
		u.ConditionExpression = aws.String("attribute_not_exists(n) OR n < :max")
		values[":max"] = &types.AttributeValueMemberN{Value: strconv.Itoa(max)}
	}
	tx.Update(writeName(scope), pk, sk, u)
	return Window{Count: max, Now: now, Resets: end}
}

// Exhausted reports whether err is the failed commit of a TakeIn on scope
// whose quota was spent.
func Exhausted(err error, scope string) bool {
	return dynamo.FailedOn(err, writeName(scope))
}

func writeName(scope string) string { return "quota:" + scope }
