package eventlog

import (
	"context"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/apperr"
	"rvcontent/shared/clock"
	"rvcontent/shared/dynamo"
)

// Query selects events for GET /events.
type Query struct {
	Since  time.Time // first call: events created at or after it
	Cursor string    // later calls: events after this position
	Types  []string  // only these types, when set
	SiteID string    // only this site's events, when set
	Limit  int
}

// Page is one page of the feed.
type Page struct {
	Events     []Event
	NextCursor string // always set: the position after the last event seen
	HasMore    bool
}

// List returns events of account oldest first. The next cursor is always set,
// even on an empty page, so a poller can keep calling with it.
func (s *Store) List(ctx context.Context, accountID string, q Query) (Page, error) {
	oldest := clock.SortKey(s.Clock.Now().Add(-Retention))
	after := oldest
	switch {
	case q.Cursor != "":
		c, err := dynamo.DecodeCursor(q.Cursor)
		if err != nil || c["after"] == "" {
			return Page{}, apperr.Invalid(apperr.Problem{Field: "cursor", Problem: "is not a cursor this service issued"})
		}
		after = c["after"]
	case !q.Since.IsZero():
		after = clock.SortKey(q.Since)
	}
	if after < oldest {
		after = oldest
	}
	values := map[string]types.AttributeValue{
		":pk":    &types.AttributeValueMemberS{Value: dynamo.EventsPK(accountID)},
		":after": &types.AttributeValueMemberS{Value: after},
	}
	var filters []string
	if len(q.Types) > 0 {
		var names []string
		for i, t := range q.Types {
			k := ":t" + string(rune('a'+i%26)) + strings.Repeat("x", i/26)
			values[k] = &types.AttributeValueMemberS{Value: t}
			names = append(names, k)
		}
		filters = append(filters, "#type IN ("+strings.Join(names, ", ")+")")
	}
	if q.SiteID != "" {
		filters = append(filters, "site_id = :site")
		values[":site"] = &types.AttributeValueMemberS{Value: q.SiteID}
	}
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table.Name),
		KeyConditionExpression:    aws.String("pk = :pk AND sk > :after"),
		ExpressionAttributeValues: values,
		ScanIndexForward:          aws.Bool(true),
		ConsistentRead:            aws.Bool(true),
	}
	if len(filters) > 0 {
		in.FilterExpression = aws.String(strings.Join(filters, " AND "))
		in.ExpressionAttributeNames = map[string]string{"#type": "type"}
	}
	page := Page{}
	last := after
	for {
		in.Limit = aws.Int32(int32(q.Limit + 1 - len(page.Events)))
		out, err := s.Table.Client.Query(ctx, in)
		if err != nil {
			return Page{}, apperr.Wrap("eventlog.List", err)
		}
		rows, err := dynamo.UnmarshalList[Item](out.Items)
		if err != nil {
			return Page{}, apperr.Wrap("eventlog.List", err)
		}
		for _, r := range rows {
			if len(page.Events) == q.Limit {
				page.HasMore = true
				break
			}
			page.Events = append(page.Events, r.Event)
			last = r.SK
		}
		if page.HasMore || out.LastEvaluatedKey == nil {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
		if sk, ok := out.LastEvaluatedKey["sk"].(*types.AttributeValueMemberS); ok && len(page.Events) < q.Limit {
			last = sk.Value // filtered-out events need not be read again
		}
	}
	page.NextCursor = dynamo.EncodeCursor(dynamo.Cursor{"after": last})
	if page.Events == nil {
		page.Events = []Event{}
	}
	return page, nil
}
