// Package ratelimit counts things in fixed time windows held in the table:
// request budgets (a hit always counts) and quotas such as three scans a day
// (a take counts only while under the maximum). Windows follow the service
// clock, so the dev clock moves them too.
package ratelimit

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Window is the state of one counting window.
type Window struct {
	Count  int       // counted in this window so far
	Now    time.Time // service time of the call
	Resets time.Time // when the window ends
}

// RetryAfter returns the whole seconds until the window resets, rounded up
// (a caller who waits that long is in the next window), at least 1.
func (w Window) RetryAfter() int {
	s := int((w.Resets.Sub(w.Now) + time.Second - 1) / time.Second)
	if s < 1 {
		s = 1
	}
	return s
}

// Counters keeps windowed counters in the table.
type Counters struct {
	Table *dynamo.Table
	Clock clock.Clock
}

// Day is a calendar day in UTC.
const Day = 24 * time.Hour

func (c *Counters) window(scope string, length time.Duration) (pk, sk string, now, start, end time.Time) {
	now = c.Clock.Now()
	start = now.Truncate(length)
	end = start.Add(length)
	return dynamo.CounterPK(scope), strconv.FormatInt(start.Unix(), 10), now, start, end
}

// Hit counts one event against scope in the current window and returns the
// window with the new count.
func (c *Counters) Hit(ctx context.Context, scope string, length time.Duration) (Window, error) {
	pk, sk, now, _, end := c.window(scope, length)
	out, err := c.Table.Update(ctx, pk, sk, &dynamodb.UpdateItemInput{
		UpdateExpression:         aws.String("ADD n :one SET #ttl = if_not_exists(#ttl, :ttl)"),
		ExpressionAttributeNames: map[string]string{"#ttl": dynamo.TTL},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": &types.AttributeValueMemberN{Value: "1"},
			":ttl": &types.AttributeValueMemberN{Value: strconv.FormatInt(end.Add(Day).Unix(), 10)},
		},
		ReturnValues: types.ReturnValueUpdatedNew,
	})
	if err != nil {
		return Window{}, err
	}
	n := 0
	if v, ok := out.Attributes["n"].(*types.AttributeValueMemberN); ok {
		n, _ = strconv.Atoi(v.Value)
	}
	return Window{Count: n, Now: now, Resets: end}, nil
}

// ErrExhausted is returned by Take when the window's maximum is reached.
var ErrExhausted = errors.New("ratelimit: quota exhausted")

// Take counts one event against scope only while the window's count is below
// max. When the quota is spent it returns ErrExhausted and the window (whose
// Resets says when to try again).
func (c *Counters) Take(ctx context.Context, scope string, length time.Duration, max int) (Window, error) {
	pk, sk, now, _, end := c.window(scope, length)
	out, err := c.Table.Update(ctx, pk, sk, &dynamodb.UpdateItemInput{
		UpdateExpression:         aws.String("ADD n :one SET #ttl = if_not_exists(#ttl, :ttl)"),
		ConditionExpression:      aws.String("attribute_not_exists(n) OR n < :max"),
		ExpressionAttributeNames: map[string]string{"#ttl": dynamo.TTL},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one": &types.AttributeValueMemberN{Value: "1"},
			":max": &types.AttributeValueMemberN{Value: strconv.Itoa(max)},
			":ttl": &types.AttributeValueMemberN{Value: strconv.FormatInt(end.Add(Day).Unix(), 10)},
		},
		ReturnValues: types.ReturnValueUpdatedNew,
	})
	win := Window{Count: max, Now: now, Resets: end}
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return win, ErrExhausted
	}
	if err != nil {
		return Window{}, err
	}
	if v, ok := out.Attributes["n"].(*types.AttributeValueMemberN); ok {
		win.Count, _ = strconv.Atoi(v.Value)
	}
	return win, nil
}

// GiveBack returns one event to the window that counted it (counted, as
// Hit or Take returned it), not to the current one: a count given back
// after its window ended must not free a place in the next window, where
// it was never counted (a refund sent across a window's end would
// otherwise let the next window hold one request more than its limit).
func (c *Counters) GiveBack(ctx context.Context, scope string, length time.Duration, counted Window) error {
	if counted.Resets.IsZero() {
		return nil // not counted
	}
	start := counted.Resets.Add(-length)
	return c.give(ctx, dynamo.CounterPK(scope), strconv.FormatInt(start.Unix(), 10))
}

// give takes one event off the window item pk/sk when it has one.
func (c *Counters) give(ctx context.Context, pk, sk string) error {
	_, err := c.Table.Update(ctx, pk, sk, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("ADD n :minus"),
		ConditionExpression: aws.String("n > :zero"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":minus": &types.AttributeValueMemberN{Value: "-1"},
			":zero":  &types.AttributeValueMemberN{Value: "0"},
		},
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil
	}
	return err
}
