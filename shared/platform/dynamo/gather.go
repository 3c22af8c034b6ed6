package dynamo

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"

	"rvcontent/shared/kernel/par"
)

// Waits is the client option (an APIOptions entry) that counts a request's
// goroutine as waiting while its DynamoDB call is out (par.Waiting), so the
// reads its stage gathers need not wait for that call to end. Every client
// of a Table takes it.
func Waits(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("StageWaits",
		func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (out middleware.InitializeOutput, md middleware.Metadata, err error) {
			par.Waiting(ctx, func() { out, md, err = next.HandleInitialize(ctx, in) })
			return out, md, err
		}), middleware.Before)
}

// read is one Get gathered with the others of its stage (par.Gather): its
// key, and once sent the item found (nil for none) or the failure.
type read struct {
	pk, sk string
	item   map[string]types.AttributeValue
	err    error
}

// gatherKey is the kind of a gathered read: reads of one table go out
// together, whichever Table value (and client) they were asked through,
// through the first one's.
type gatherKey string

// errNotRead is a gathered read's failure when its batch ended without an
// answer for it.
var errNotRead = errors.New("dynamo: the gathered read was not made")

// maxBatchGet is the most keys one BatchGetItem takes.
const maxBatchGet = 100

// gatheredGet reads (pk, sk) into out with the Gets that the other
// goroutines of ctx's stage make at once, as one BatchGetItem; ok is false
// when ctx is in no stage (the caller then reads alone).
func (t *Table) gatheredGet(ctx context.Context, pk, sk string, out any) (ok bool, err error) {
	r := &read{pk: pk, sk: sk, err: errNotRead}
	ok, err = par.Gather(ctx, gatherKey(t.Name), r, t.readAll)
	if !ok || err != nil {
		return ok, err
	}
	if r.err != nil {
		return true, r.err
	}
	if r.item == nil {
		return true, ErrNotFound
	}
	return true, attributevalue.UnmarshalMap(r.item, out)
}

// readAll makes the gathered reads: one GetItem when they name one key,
// else BatchGetItem calls of at most maxBatchGet keys (strongly consistent,
// as Get), retrying the keys DynamoDB leaves unprocessed.
func (t *Table) readAll(ctx context.Context, reads []*read) {
	byKey := map[[2]string][]*read{}
	var keys []map[string]types.AttributeValue
	for _, r := range reads {
		k := [2]string{r.pk, r.sk}
		if byKey[k] == nil {
			keys = append(keys, Key(r.pk, r.sk))
		}
		byKey[k] = append(byKey[k], r)
	}
	answer := func(item map[string]types.AttributeValue) {
		pk, _ := item[PK].(*types.AttributeValueMemberS)
		sk, _ := item[SK].(*types.AttributeValueMemberS)
		if pk == nil || sk == nil {
			return
		}
		for _, r := range byKey[[2]string{pk.Value, sk.Value}] {
			r.item, r.err = item, nil
		}
	}
	fail := func(keys []map[string]types.AttributeValue, err error) {
		for _, k := range keys {
			pk, sk := k[PK].(*types.AttributeValueMemberS).Value, k[SK].(*types.AttributeValueMemberS).Value
			for _, r := range byKey[[2]string{pk, sk}] {
				r.item, r.err = nil, err
			}
		}
	}
	if len(keys) == 1 {
		res, err := t.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(t.Name), Key: keys[0], ConsistentRead: aws.Bool(true)})
		if err != nil {
			fail(keys, err)
			return
		}
		fail(keys, nil) // none found unless the answer has it
		if res.Item != nil {
			answer(res.Item)
		}
		return
	}
	for len(keys) > 0 {
		chunk := keys[:min(len(keys), maxBatchGet)]
		keys = keys[len(chunk):]
		fail(chunk, nil)
		if rest, err := t.batchGet(ctx, chunk, answer); err != nil {
			fail(rest, err)
		}
	}
}

// batchGet reads keys with BatchGetItem, passing each item found to
// answer, and tries the keys left unprocessed again a few times; it
// returns the keys it could not read and why.
func (t *Table) batchGet(ctx context.Context, keys []map[string]types.AttributeValue, answer func(map[string]types.AttributeValue)) ([]map[string]types.AttributeValue, error) {
	backoff := 5 * time.Millisecond
	for attempt := 0; ; attempt++ {
		res, err := t.Client.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{
			t.Name: {Keys: keys, ConsistentRead: aws.Bool(true)},
		}})
		if err != nil {
			return keys, err
		}
		for _, item := range res.Responses[t.Name] {
			answer(item)
		}
		keys = res.UnprocessedKeys[t.Name].Keys
		if len(keys) == 0 {
			return nil, nil
		}
		if attempt == 4 {
			return keys, errors.New("dynamo: reads left unprocessed under load; try again shortly")
		}
		time.Sleep(backoff)
		backoff *= 2
	}
}
