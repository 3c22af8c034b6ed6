// Package dynamo is the service's adapter to its one DynamoDB table: the key
// design, the table schema, typed reads and writes, transactions that commit
// together with an idempotent response, and opaque list cursors.
package dynamo

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/platform/awsenv"
)

// ErrNotFound is returned by Get when no item has the key.
var ErrNotFound = errors.New("dynamo: item not found")

// ErrConditionFailed is returned when a conditional write's condition is false.
var ErrConditionFailed = errors.New("dynamo: condition failed")

// Table is the service's table: a client and the table's name.
type Table struct {
	Client *dynamodb.Client
	Name   string
	// Fault, when set, is asked after each transaction that carries a
	// request's response commits, before its after-commit work. Production
	// tables have none; the dev stack's fault injection is one.
	Fault CommitFault
}

// CommitFault may fail a committed transaction that carries a request's
// response: Commit then returns the error as if the function had died right
// after the commit, and the transaction's after-commit work is lost.
type CommitFault interface {
	AfterCommit(ctx context.Context) error
}

// New returns the table name in cfg's account.
func New(cfg aws.Config, name string) *Table {
	return &Table{Client: dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		o.BaseEndpoint = awsenv.Endpoint(awsenv.DynamoDB)
		o.APIOptions = append(o.APIOptions, Waits)
	}), Name: name}
}

// Key returns the primary key attribute map of (pk, sk).
func Key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		PK: &types.AttributeValueMemberS{Value: pk},
		SK: &types.AttributeValueMemberS{Value: sk},
	}
}

// Get reads the item at (pk, sk) into out with a strongly consistent read.
// It returns ErrNotFound when there is none. In a stage (par.Staged) the
// Gets its goroutines make at once go out as one BatchGetItem.
func (t *Table) Get(ctx context.Context, pk, sk string, out any) error {
	if ok, err := t.gatheredGet(ctx, pk, sk, out); ok {
		return err
	}
	res, err := t.Client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(t.Name),
		Key:            Key(pk, sk),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return err
	}
	if res.Item == nil {
		return ErrNotFound
	}
	return attributevalue.UnmarshalMap(res.Item, out)
}

// Put writes item unconditionally.
func (t *Table) Put(ctx context.Context, item any) error {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return err
	}
	_, err = t.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(t.Name), Item: av})
	return err
}

// PutNew writes item only if no item has its key yet; otherwise it returns
// ErrConditionFailed.
func (t *Table) PutNew(ctx context.Context, item any) error {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return err
	}
	_, err = t.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String(t.Name),
		Item:                av,
		ConditionExpression: aws.String("attribute_not_exists(pk)"),
	})
	return conditionErr(err)
}

// Update runs an UpdateItem on (pk, sk) built from in; ConditionalCheckFailed
// becomes ErrConditionFailed. TableName and Key are filled in.
func (t *Table) Update(ctx context.Context, pk, sk string, in *dynamodb.UpdateItemInput) (*dynamodb.UpdateItemOutput, error) {
	in.TableName = aws.String(t.Name)
	in.Key = Key(pk, sk)
	out, err := t.Client.UpdateItem(ctx, in)
	return out, conditionErr(err)
}

// Delete removes the item at (pk, sk), if any.
func (t *Table) Delete(ctx context.Context, pk, sk string) error {
	_, err := t.Client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(t.Name), Key: Key(pk, sk)})
	return err
}

// Query runs in against the table (TableName is filled in) and returns one
// page of items and the last evaluated key.
func (t *Table) Query(ctx context.Context, in *dynamodb.QueryInput) ([]map[string]types.AttributeValue, map[string]types.AttributeValue, error) {
	in.TableName = aws.String(t.Name)
	out, err := t.Client.Query(ctx, in)
	if err != nil {
		return nil, nil, err
	}
	return out.Items, out.LastEvaluatedKey, nil
}

// QueryAll runs in and follows every page, returning all items. Use it only
// on partitions known to be small (an account's sites or credentials).
func (t *Table) QueryAll(ctx context.Context, in *dynamodb.QueryInput) ([]map[string]types.AttributeValue, error) {
	in.TableName = aws.String(t.Name)
	var all []map[string]types.AttributeValue
	p := dynamodb.NewQueryPaginator(t.Client, in)
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		all = append(all, out.Items...)
	}
	return all, nil
}

// UnmarshalList decodes items into a slice of T.
func UnmarshalList[T any](items []map[string]types.AttributeValue) ([]T, error) {
	out := make([]T, 0, len(items))
	if err := attributevalue.UnmarshalListOfMaps(items, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func conditionErr(err error) error {
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return ErrConditionFailed
	}
	return err
}
