package eventlog

import (
	"context"
	"slices"
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
//
// An event's place in the feed is its creation time, taken shortly before
// its transaction commits, so an event can appear behind one a poller
// already read. The cursor therefore never moves past the settle horizon
// (Settle before now): it stays there and lists the events already read
// beyond it, which later calls skip. A late event lands behind the
// horizon's position, not behind the poller.
func (s *Store) List(ctx context.Context, accountID string, q Query) (Page, error) {
	now := s.Clock.Now()
	oldest := clock.SortKey(now.Add(-Retention))
	after := oldest
	var seen map[string]bool
	switch {
	case q.Cursor != "":
		c, err := dynamo.DecodeCursor(q.Cursor)
		if err != nil || c["after"] == "" {
			return Page{}, apperr.Invalid(apperr.Problem{Field: "cursor", Problem: "is not a cursor this service issued"})
		}
		after, seen = c["after"], readSeen(c["seen"])
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
	horizon := clock.SortKey(now.Add(-Settle))
	var recent []Item // read beyond the horizon, oldest first
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
			if seen[seenKey(r.Event.ID)] || !q.matches(r.Event) {
				last, recent = r.SK, appendRecent(recent, r, horizon)
				continue
			}
			if len(page.Events) == q.Limit {
				page.HasMore = true
				break
			}
			page.Events = append(page.Events, r.Event)
			last, recent = r.SK, appendRecent(recent, r, horizon)
		}
		if page.HasMore || out.LastEvaluatedKey == nil {
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	page.NextCursor = nextCursor(after, last, horizon, recent)
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

// Settle is how long after its creation time an event may still commit:
// the feed's cursor stays this far behind the present (see List).
const Settle = 30 * time.Second

// maxSeen bounds the events a cursor lists as read beyond its position; a
// busier window moves the cursor to the last event read instead.
const maxSeen = 100

// appendRecent adds r to recent when it lies beyond the horizon.
func appendRecent(recent []Item, r Item, horizon string) []Item {
	if r.SK > horizon {
		return append(recent, r)
	}
	return recent
}

// nextCursor is the position after a page that started after `after` and
// read up to last: last itself when that is settled, else the horizon (or
// the old position, when later) with every event read beyond it.
func nextCursor(after, last, horizon string, recent []Item) string {
	at := max(after, horizon)
	if last <= at {
		return dynamo.EncodeCursor(dynamo.Cursor{"after": last})
	}
	var keys []string
	for _, r := range recent {
		if r.SK > at {
			keys = append(keys, seenKey(r.Event.ID))
		}
	}
	if len(keys) > maxSeen {
		return dynamo.EncodeCursor(dynamo.Cursor{"after": last})
	}
	return dynamo.EncodeCursor(dynamo.Cursor{"after": at, "seen": strings.Join(keys, ",")})
}

// seenKey shortens an event id for a cursor's list: the id's random tail.
func seenKey(id string) string {
	if len(id) > 12 {
		return id[len(id)-12:]
	}
	return id
}

// readSeen parses a cursor's list of events read beyond its position.
func readSeen(s string) map[string]bool {
	if s == "" {
		return nil
	}
	out := map[string]bool{}
	for _, k := range strings.Split(s, ",") {
		out[k] = true
	}
	return out
}
