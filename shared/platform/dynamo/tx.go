package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/par"
)

// Tx collects writes that must happen together, work to do right before
// they are sent, and work to do once they have (enqueueing, fan-out).
// Build it with the methods below, then Commit.
type Tx struct {
	items  []types.TransactWriteItem
	names  []string
	before []func(context.Context) error
	after  []func(context.Context)
	local  map[any]any
	err    error
}

// Put adds a put of item; condition, if not empty, must hold (for example
// "attribute_not_exists(pk)"). name labels the write in errors.
func (tx *Tx) Put(name string, item any, condition string, values map[string]types.AttributeValue) {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		tx.fail(fmt.Errorf("marshal %s: %w", name, err))
		return
	}
	p := &types.Put{Item: av, ExpressionAttributeValues: values}
	if condition != "" {
		p.ConditionExpression = aws.String(condition)
	}
	tx.add(name, types.TransactWriteItem{Put: p})
}

// PutExpr adds a put of item that happens only when condition, built with
// the SDK's expression package, holds. name labels the write in errors.
func (tx *Tx) PutExpr(name string, item any, condition expression.ConditionBuilder) {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		tx.fail(fmt.Errorf("marshal %s: %w", name, err))
		return
	}
	e, err := expression.NewBuilder().WithCondition(condition).Build()
	if err != nil {
		tx.fail(fmt.Errorf("build %s: %w", name, err))
		return
	}
	tx.add(name, types.TransactWriteItem{Put: &types.Put{
		Item: av, ConditionExpression: e.Condition(),
		ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values(),
	}})
}

// PutNew adds a put that fails if an item with the same key exists.
func (tx *Tx) PutNew(name string, item any) {
	tx.Put(name, item, "attribute_not_exists(pk)", nil)
}

// Update adds an update of (pk, sk) built from u.
func (tx *Tx) Update(name, pk, sk string, u *types.Update) {
	u.Key = Key(pk, sk)
	tx.add(name, types.TransactWriteItem{Update: u})
}

// UpdateExpr adds an update of (pk, sk) built with the SDK's expression
// package: b holds the update and, when it has one, its condition.
func (tx *Tx) UpdateExpr(name, pk, sk string, b expression.Builder) {
	e, err := b.Build()
	if err != nil {
		tx.fail(fmt.Errorf("build %s: %w", name, err))
		return
	}
	tx.Update(name, pk, sk, &types.Update{
		UpdateExpression: e.Update(), ConditionExpression: e.Condition(),
		ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values(),
	})
}

// DeleteExpr adds a delete of (pk, sk) that happens only when condition,
// built with the SDK's expression package, holds.
func (tx *Tx) DeleteExpr(name, pk, sk string, condition expression.ConditionBuilder) {
	e, err := expression.NewBuilder().WithCondition(condition).Build()
	if err != nil {
		tx.fail(fmt.Errorf("build %s: %w", name, err))
		return
	}
	tx.add(name, types.TransactWriteItem{Delete: &types.Delete{
		Key: Key(pk, sk), ConditionExpression: e.Condition(),
		ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values(),
	}})
}

// Delete adds a delete of (pk, sk); condition may be empty.
func (tx *Tx) Delete(name, pk, sk, condition string) {
	d := &types.Delete{Key: Key(pk, sk)}
	if condition != "" {
		d.ConditionExpression = aws.String(condition)
	}
	tx.add(name, types.TransactWriteItem{Delete: d})
}

// Check adds a condition on (pk, sk) that must hold for the writes to happen.
func (tx *Tx) Check(name, pk, sk, condition string, values map[string]types.AttributeValue) {
	tx.add(name, types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		Key: Key(pk, sk), ConditionExpression: aws.String(condition), ExpressionAttributeValues: values,
	}})
}

// Raw adds a prepared write.
func (tx *Tx) Raw(name string, item types.TransactWriteItem) { tx.add(name, item) }

// AfterCommit registers work to run once the writes succeeded.
func (tx *Tx) AfterCommit(f func(context.Context)) { tx.after = append(tx.after, f) }

// BeforeCommit registers work to run when the transaction commits, right
// before its writes are sent; all such work runs at once. It may change
// writes already added (through the item map it added with Raw); an error
// fails the commit with nothing written.
func (tx *Tx) BeforeCommit(f func(context.Context) error) { tx.before = append(tx.before, f) }

// Local returns what tx keeps under key, made by mk the first time: state a
// writer keeps for one transaction, such as what it checks before commit.
func (tx *Tx) Local(key any, mk func() any) any {
	if v, ok := tx.local[key]; ok {
		return v
	}
	if tx.local == nil {
		tx.local = map[any]any{}
	}
	v := mk()
	tx.local[key] = v
	return v
}

// Len returns the number of writes collected.
func (tx *Tx) Len() int { return len(tx.items) }

func (tx *Tx) add(name string, item types.TransactWriteItem) {
	tx.items = append(tx.items, item)
	tx.names = append(tx.names, name)
}

func (tx *Tx) fail(err error) {
	if tx.err == nil {
		tx.err = err
	}
}

// CanceledError reports which writes of a transaction had a false condition.
type CanceledError struct {
	Failed []string // names of the writes whose condition failed
}

// Error lists the failed writes.
func (e *CanceledError) Error() string {
	return "dynamo: transaction canceled, condition failed on " + strings.Join(e.Failed, ", ")
}

// Has reports whether the write called name failed its condition.
func (e *CanceledError) Has(name string) bool {
	for _, f := range e.Failed {
		if f == name {
			return true
		}
	}
	return false
}

// FailedOn reports whether err is a transaction cancelled because the
// write called name failed its condition.
func FailedOn(err error, name string) bool {
	var ce *CanceledError
	return errors.As(err, &ce) && ce.Has(name)
}

// Is makes a CanceledError match ErrConditionFailed.
func (e *CanceledError) Is(target error) bool { return target == ErrConditionFailed }

// CommitHook adds one write to the transaction that carries a request's
// effect. The idempotency layer uses it to store a POST's response in the same
// transaction as the POST's effect, so a retry after a crash replays it
// instead of running it twice.
type CommitHook interface {
	// Write returns the write that records result, and false when result is
	// not the response this hook waits for.
	Write(result any) (types.TransactWriteItem, bool)
	// Committed is told that the write was committed.
	Committed()
}

type hookKey struct{}

// WithCommitHook returns ctx carrying h for Commit to use.
func WithCommitHook(ctx context.Context, h CommitHook) context.Context {
	return context.WithValue(ctx, hookKey{}, h)
}

// Commit runs the collected writes as one transaction, after the
// BeforeCommit work. When result is not nil and ctx carries a CommitHook,
// the hook's write joins the transaction. After success the AfterCommit
// work runs. A false condition returns a
// *CanceledError naming the writes that failed.
func (t *Table) Commit(ctx context.Context, tx *Tx, result any) error {
	if tx.err != nil {
		return tx.err
	}
	if len(tx.before) > 0 {
		if err := par.Do(ctx, tx.before...); err != nil {
			return err
		}
	}
	items, names := tx.items, tx.names
	hook, _ := ctx.Value(hookKey{}).(CommitHook)
	hooked := false
	if hook != nil && result != nil {
		if w, ok := hook.Write(result); ok {
			items = append(append([]types.TransactWriteItem(nil), items...), w)
			names = append(append([]string(nil), names...), "idempotency")
			hooked = true
		}
	}
	for i := range items {
		setTable(&items[i], t.Name)
	}
	if len(items) == 0 {
		return nil
	}
	err := t.transact(ctx, items)
	if err != nil {
		var tce *types.TransactionCanceledException
		if errors.As(err, &tce) {
			ce := &CanceledError{}
			for i, r := range tce.CancellationReasons {
				if aws.ToString(r.Code) == "ConditionalCheckFailed" && i < len(names) {
					ce.Failed = append(ce.Failed, names[i])
				}
			}
			if len(ce.Failed) > 0 {
				return ce
			}
		}
		return err
	}
	if hooked {
		hook.Committed()
	}
	if result != nil && t.Fault != nil {
		if err := t.Fault.AfterCommit(ctx); err != nil {
			return err // as if the function died here: after-commit work is lost
		}
	}
	for _, f := range tx.after {
		f(ctx)
	}
	return nil
}

func setTable(item *types.TransactWriteItem, name string) {
	switch {
	case item.Put != nil:
		item.Put.TableName = aws.String(name)
	case item.Update != nil:
		item.Update.TableName = aws.String(name)
	case item.Delete != nil:
		item.Delete.TableName = aws.String(name)
	case item.ConditionCheck != nil:
		item.ConditionCheck.TableName = aws.String(name)
	}
}

// conflictRetries is how many times a transaction DynamoDB cancelled only
// for a conflict with a concurrent write is sent again, after waits of
// conflictWait, then twice that, and so on.
const conflictRetries = 3

// conflictWait is the first wait before a conflicted transaction is sent
// again.
var conflictWait = 5 * time.Millisecond

// transact sends items as one transaction. DynamoDB cancels a transaction
// that meets another write of one of its items in flight (for example a
// key's last-used write beside its revocation) with TransactionConflict and
// applies nothing; the SDK does not retry that, so transact sends it again,
// up to conflictRetries times: its conditions are checked afresh each time.
func (t *Table) transact(ctx context.Context, items []types.TransactWriteItem) error {
	wait := conflictWait
	for attempt := 0; ; attempt++ {
		_, err := t.Client.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		if err == nil || attempt == conflictRetries || !onlyConflicts(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// onlyConflicts reports whether err cancelled a transaction for conflicts
// with concurrent writes and for nothing else (no condition failed).
func onlyConflicts(err error) bool {
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		return false
	}
	conflict := false
	for _, r := range tce.CancellationReasons {
		switch aws.ToString(r.Code) {
		case "TransactionConflict":
			conflict = true
		case "", "None":
		default:
			return false
		}
	}
	return conflict
}
