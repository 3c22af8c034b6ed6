package dynamo

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// Query is one DynamoDB Query's expressions, built with the SDK's
// expression package: a key condition on one partition of the table or of
// an index (with at most one condition on its sort key), and optionally a
// filter and a projection. The builder names every attribute and value with
// its own placeholders (#0, :0, ...), so a filter never collides with the
// key condition and reserved words (status, source, hash) need no care.
//
// Start with Partition, PartitionPrefix or IndexPartition, narrow the sort
// key, add filters, and call Input:
//
//	in, err := dynamo.PartitionPrefix(dynamo.SitePK(siteID), dynamo.ArticlePrefix).Input()
//	if err != nil {
//		return apperr.Wrap("articles.All", err)
//	}
//	in.ConsistentRead = aws.Bool(true)
//
// A Query is a value: each method returns a changed copy.
type Query struct {
	index   string // "" for the table
	pk      string
	sort    func(sk expression.KeyBuilder) expression.KeyConditionBuilder // nil: the whole partition
	filters []expression.ConditionBuilder
	project []string
}

// Partition is the query of every item of the table's partition pk.
func Partition(pk string) Query { return Query{pk: pk} }

// PartitionPrefix is the query of the items of the table's partition pk
// whose sort key begins with prefix. An empty prefix is Partition(pk) (no
// sort-key condition: DynamoDB refuses an empty key value).
func PartitionPrefix(pk, prefix string) Query { return Partition(pk).SKBeginsWith(prefix) }

// IndexPartition is the query of partition pk of the global secondary
// index named index (GSI1, GSI2); the key attributes' names come from
// TableSchema. Input fails for an index TableSchema does not have.
func IndexPartition(index, pk string) Query { return Query{index: index, pk: pk} }

// SKBeginsWith keeps the items whose sort key begins with prefix; an empty
// prefix keeps the whole partition. Like every SK method it replaces the
// query's sort-key condition, if any.
func (q Query) SKBeginsWith(prefix string) Query {
	if prefix == "" {
		q.sort = nil
		return q
	}
	q.sort = func(sk expression.KeyBuilder) expression.KeyConditionBuilder { return sk.BeginsWith(prefix) }
	return q
}

// SKGreaterThan keeps the items whose sort key sorts after v.
func (q Query) SKGreaterThan(v string) Query {
	q.sort = func(sk expression.KeyBuilder) expression.KeyConditionBuilder {
		return sk.GreaterThan(expression.Value(v))
	}
	return q
}

// SKGreaterThanEqual keeps the items whose sort key is v or sorts after it.
func (q Query) SKGreaterThanEqual(v string) Query {
	q.sort = func(sk expression.KeyBuilder) expression.KeyConditionBuilder {
		return sk.GreaterThanEqual(expression.Value(v))
	}
	return q
}

// SKLessThan keeps the items whose sort key sorts before v.
func (q Query) SKLessThan(v string) Query {
	q.sort = func(sk expression.KeyBuilder) expression.KeyConditionBuilder {
		return sk.LessThan(expression.Value(v))
	}
	return q
}

// SKBetween keeps the items whose sort key is from, to or sorts between
// them (both ends included).
func (q Query) SKBetween(from, to string) Query {
	q.sort = func(sk expression.KeyBuilder) expression.KeyConditionBuilder {
		return sk.Between(expression.Value(from), expression.Value(to))
	}
	return q
}

// Filter adds c to the query's filter expression, ANDed with the filters
// added before. A filter drops items after they are read: a page may hold
// fewer than Limit items (QueryPage reads on). An unset c (the zero
// ConditionBuilder) makes Input fail.
func (q Query) Filter(c expression.ConditionBuilder) Query {
	q.filters = append(q.filters[:len(q.filters):len(q.filters)], c)
	return q
}

// Project makes the query read only the named top-level attributes
// (replacing an earlier projection); none reads every attribute.
func (q Query) Project(names ...string) Query {
	q.project = names
	return q
}

// AttrIn is the filter condition "attribute attr is one of values". It is
// unset (Filter then makes Input fail) when values is empty: filter on it
// only when there is a value to match. A value repeated counts once:
// DynamoDB refuses an IN of more than 100 operands, and a filter a caller
// sends as a list (status=new,new,...) may repeat its few values any
// number of times.
func AttrIn(attr string, values []string) expression.ConditionBuilder {
	values = distinct(values)
	if len(values) == 0 {
		return expression.ConditionBuilder{}
	}
	ops := make([]expression.OperandBuilder, len(values)-1)
	for i, v := range values[1:] {
		ops[i] = expression.Value(v)
	}
	return expression.Name(attr).In(expression.Value(values[0]), ops...)
}

// distinct returns values without repeats, in first-seen order.
func distinct(values []string) []string {
	seen := make(map[string]bool, len(values))
	out := make([]string, 0, len(values))
	for _, v := range values {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// Input builds the query's QueryInput: IndexName when it reads an index,
// and the key condition, filter and projection expressions with their
// attribute names and values. The caller adds the rest (ConsistentRead,
// ScanIndexForward, Limit, ExclusiveStartKey); Table.Query, Table.QueryAll
// and QueryPage fill in TableName. Building fails only on a programming
// error (an unknown index, an unset filter); wrap it like any other.
func (q Query) Input() (*dynamodb.QueryInput, error) {
	pkName, skName, err := keyNames(q.index)
	if err != nil {
		return nil, err
	}
	key := expression.Key(pkName).Equal(expression.Value(q.pk))
	if q.sort != nil {
		key = key.And(q.sort(expression.Key(skName)))
	}
	b := expression.NewBuilder().WithKeyCondition(key)
	switch len(q.filters) {
	case 0:
	case 1:
		b = b.WithFilter(q.filters[0])
	default:
		b = b.WithFilter(expression.And(q.filters[0], q.filters[1], q.filters[2:]...))
	}
	if len(q.project) > 0 {
		rest := make([]expression.NameBuilder, len(q.project)-1)
		for i, n := range q.project[1:] {
			rest[i] = expression.Name(n)
		}
		b = b.WithProjection(expression.NamesList(expression.Name(q.project[0]), rest...))
	}
	expr, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("dynamo: build query of %q: %w", q.pk, err)
	}
	in := &dynamodb.QueryInput{
		KeyConditionExpression:    expr.KeyCondition(),
		FilterExpression:          expr.Filter(),
		ProjectionExpression:      expr.Projection(),
		ExpressionAttributeNames:  expr.Names(),
		ExpressionAttributeValues: expr.Values(),
	}
	if q.index != "" {
		in.IndexName = aws.String(q.index)
	}
	return in, nil
}

// keyNames returns the partition and sort key attributes of index ("" for
// the table), as TableSchema names them.
func keyNames(index string) (pk, sk string, err error) {
	if index == "" {
		return TableSchema.PartitionKey, TableSchema.SortKey, nil
	}
	for _, ix := range TableSchema.Indexes {
		if ix.Name == index {
			return ix.PartitionKey, ix.SortKey, nil
		}
	}
	return "", "", fmt.Errorf("dynamo: the table has no index %q", index)
}
