package dynamo

import (
	"context"
	"errors"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
)

// QueryPage runs a query on partition pk of the table and returns up to limit
// items of type T after cursor, with the cursor of the next page ("" when
// there is none). It keeps reading while a filter expression drops items, so
// a page is short only at the end; it then reads in growing batches, so a
// page whose items lie behind many others takes a few queries. Cursors
// hold only the sort key: the partition comes from pk, the caller's own. A cursor without a sort key,
// with any other key (QueryPage issues none), or one the query refuses as its starting key (a cursor of another list), gives
// ErrBadCursor.
func QueryPage[T any](ctx context.Context, t *Table, in *dynamodb.QueryInput, limit int, after Cursor, pk string) ([]T, string, error) {
	return QueryPageUpTo[T](ctx, t, in, limit, 0, after, pk)
}

// QueryPageUpTo is QueryPage for a list whose filter expression may pass
// over much of its partition: a page reads at most most items of the key
// condition's range (0: no bound), so its cost does not grow with what
// the filter drops. A page that stops there may be short, even empty, and
// its cursor is then the last item read (the next page goes on after it),
// so a short page with a cursor is not the end.
func QueryPageUpTo[T any](ctx context.Context, t *Table, in *dynamodb.QueryInput, limit, most int, after Cursor, pk string) ([]T, string, error) {
	in.TableName = aws.String(t.Name)
	if after != nil {
		sk, ok := after["sk"]
		if !ok || len(after) != 1 {
			return nil, "", ErrBadCursor
		}
		in.ExclusiveStartKey = Key(pk, sk)
	}
	rows, stop, err := queryRows(ctx, t, in, limit, most)
	if err != nil {
		if after != nil && badStartKey(err) {
			return nil, "", ErrBadCursor
		}
		return nil, "", err
	}
	if len(rows) > limit {
		rows, stop = rows[:limit], rows[limit-1]
	}
	next := ""
	if stop != nil {
		var last struct {
			SK string `dynamodbav:"sk"`
		}
		if err := attributevalue.UnmarshalMap(stop, &last); err != nil {
			return nil, "", err
		}
		next = EncodeCursor(Cursor{"sk": last.SK})
	}
	items, err := UnmarshalList[T](rows)
	return items, next, err
}

// QueryRows runs in from its ExclusiveStartKey (if any) and returns the
// items it read, in order: more than limit of them means another page
// follows the first limit (the page's last item is where it starts). It
// keeps reading while a filter expression drops items, in growing
// batches, as QueryPage does; lists whose cursors QueryPage cannot keep
// (an index's keys) page with it. A query DynamoDB refuses returns its
// error (a starting key outside the query's partition among them).
func QueryRows(ctx context.Context, t *Table, in *dynamodb.QueryInput, limit int) ([]map[string]types.AttributeValue, error) {
	rows, _, err := queryRows(ctx, t, in, limit, 0)
	return rows, err
}

// queryRows is QueryRows reading at most most items of the key
// condition's range (0: no bound). When it stops there with limit or
// fewer rows, stop is the key of the last item read, where the next
// read goes on; otherwise stop is nil.
func queryRows(ctx context.Context, t *Table, in *dynamodb.QueryInput, limit, most int) (rows []map[string]types.AttributeValue, stop map[string]types.AttributeValue, err error) {
	in.TableName = aws.String(t.Name)
	batch := limit + 1
	read := 0
	for {
		// Without a filter every item read is kept: read exactly what the
		// page lacks. With one, a batch that came back short doubles the
		// next (up to maxFilteredBatch), so items the filter drops cost few
		// round trips rather than one per page's worth.
		n := limit + 1 - len(rows)
		if in.FilterExpression != nil {
			n = max(n, batch)
			batch = min(batch*2, maxFilteredBatch)
		}
		if most > 0 {
			n = min(n, most-read)
		}
		in.Limit = aws.Int32(int32(n))
		out, err := t.Client.Query(ctx, in)
		if err != nil {
			return nil, nil, err
		}
		rows = append(rows, out.Items...)
		read += int(out.ScannedCount)
		if len(rows) > limit || out.LastEvaluatedKey == nil {
			return rows, nil, nil
		}
		if most > 0 && read >= most {
			return rows, out.LastEvaluatedKey, nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

// maxFilteredBatch is the most items one Query of a filtered page reads.
const maxFilteredBatch = 1000

// badStartKey reports whether err is DynamoDB refusing a query's starting
// key (outside the key condition, wrong size or type).
func badStartKey(err error) bool {
	var ae smithy.APIError
	return errors.As(err, &ae) && ae.ErrorCode() == "ValidationException" &&
		strings.Contains(strings.ToLower(ae.ErrorMessage()), "start")
}
