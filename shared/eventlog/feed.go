package eventlog

import (
	"context"
	"slices"
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
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.Table.Name),
		KeyConditionExpression:    aws.String("pk = :pk AND sk > :after"),
		ExpressionAttributeValues: values,
		ScanIndexForward:          aws.Bool(true),
		ConsistentRead:            aws.Bool(true),
	}
	// Filters apply here rather than as a filter expression, so the cursor
	// moves past every event read, matching or not: a poller of a rare type
	// never reads the same events twice.
	filtered := len(q.Types) > 0 || q.SiteID != ""
	page := Page{}
	last := after
	for {
		chunk := q.Limit + 1 - len(page.Events)
		if filtered && chunk < filteredChunk {
			chunk = filteredChunk
		}
		in.Limit = aws.Int32(int32(chunk))
		out, err := s.Table.Client.Query(ctx, in)
		if err != nil {
			return Page{}, apperr.Wrap("eventlog.List", err)
		}
		rows, err := dynamo.UnmarshalList[Item](out.Items)
		if err != nil {
			return Page{}, apperr.Wrap("eventlog.List", err)
		}
		for _, r := range rows {
			if !q.matches(r.Event) {
				last = r.SK
				continue
			}
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
	}
	page.NextCursor = dynamo.EncodeCursor(dynamo.Cursor{"after": last})
	if page.Events == nil {
		page.Events = []Event{}
	}
	return page, nil
}

// filteredChunk is how many events a filtered read takes at a time.
const filteredChunk = 100

// matches reports whether e passes the query's type and site filters.
func (q Query) matches(e Event) bool {
	if len(q.Types) > 0 && !slices.Contains(q.Types, e.Type) {
		return false
	}
	return q.SiteID == "" || (e.SiteID != nil && *e.SiteID == q.SiteID)
}
