package eventlog

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
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
// even on an empty page, so a poller can keep calling with it. A call
// reads at most MaxFilteredRead events: a filtered one may stop there with
// a short page, even an empty one, and HasMore.
//
// An event's place in the feed is its creation time, taken shortly before
// its transaction commits, so an event can appear behind one a poller
// already read. The cursor therefore never moves past the settle horizon
// (Settle before now): it stays at the last settled event read and lists
// the events read beyond it, which later calls skip. A late event lands
// beyond that position, not behind the poller.
func (s *Store) List(ctx context.Context, accountID string, q Query) (Page, error) {
	now := s.Clock.Now()
	oldest := clock.SortKey(now.Add(-Retention))
	// start is where the caller asked to begin (the beginning of the feed
	// unless a cursor or since says otherwise); the query begins at it or at
	// the oldest retained event, whichever is later.
	start := feedStart
	var seen map[string]bool
	var listed []string
	switch {
	case q.Cursor != "":
		c, err := dynamo.DecodeCursor(q.Cursor)
		if err != nil || !issued(c) {
			return Page{}, apperr.BadCursor()
		}
		start, seen = c["after"], readSeen(c["seen"])
		if c["seen"] != "" {
			listed = strings.Split(c["seen"], ",")
		}
	case !q.Since.IsZero():
		start = clock.SortKey(q.Since)
	}
	after := max(start, oldest)
	in, err := dynamo.Partition(dynamo.EventsPK(accountID)).SKGreaterThan(after).Input()
	if err != nil {
		return Page{}, apperr.Wrap("eventlog.List", err)
	}
	in.TableName = aws.String(s.Table.Name)
	in.ScanIndexForward = aws.Bool(true)
	in.ConsistentRead = aws.Bool(true)
	// Filters apply here rather than as a filter expression, so the cursor
	// moves past every event read, matching or not: a poller of a rare type
	// never reads the same events twice.
	filtered := len(q.Types) > 0 || q.SiteID != ""
	page := Page{}
	pos := reading{after: start, last: start, horizon: clock.SortKey(now.Add(-Settle)), listed: listed, met: map[string]bool{}}
	read := 0
	for {
		chunk := q.Limit + 1 - len(page.Events)
		if filtered && chunk < filteredChunk {
			chunk = filteredChunk
		}
		chunk = min(chunk, MaxFilteredRead-read)
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
			if k := seenKey(r.Event.ID); seen[k] || !q.matches(r.Event) {
				pos.met[k] = seen[k]
				pos.read(r)
				continue
			}
			if len(page.Events) == q.Limit {
				page.HasMore = true
				break
			}
			page.Events = append(page.Events, r.Event)
			pos.read(r)
		}
		if page.HasMore || out.LastEvaluatedKey == nil {
			break
		}
		if read += len(rows); read >= MaxFilteredRead {
			// Bounded: the rest waits for the next call, which goes on
			// after the last event read.
			page.HasMore = true
			break
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
	pos.stopped = page.HasMore
	page.NextCursor = pos.cursor()
	if page.Events == nil {
		page.Events = []Event{}
	}
	return page, nil
}

// filteredChunk is how many events a filtered read takes at a time.
const filteredChunk = 100

// MaxFilteredRead is the most events one call reads: a call filtered by
// type or site that has not filled its page by then answers what it
// found with HasMore and a cursor after the last event read, so its cost
// does not grow with the rest of the account's feed.
const MaxFilteredRead = 1000

// matches reports whether e passes the query's type and site filters.
func (q Query) matches(e Event) bool {
	if len(q.Types) > 0 && !slices.Contains(q.Types, e.Type) {
		return false
	}
	return q.SiteID == "" || (e.SiteID != nil && *e.SiteID == q.SiteID)
}

// feedStart is the position before every event: it sorts before any time.
const feedStart = "0"

// position reports whether after is a position a cursor of this feed holds:
// feedStart, a since time (clock.SortKey's form) or an event's sort key
// (that time, "#" and the event's id). Any other string would start the
// read elsewhere than a cursor can (after "x", nothing ever comes), so
// it is refused as every list refuses a cursor it did not issue.
func position(after string) bool {
	if after == feedStart {
		return true
	}
	at, id, hasID := strings.Cut(after, "#")
	if hasID && !ids.Valid(id) {
		return false
	}
	return clock.IsSortKey(at)
}

// issued reports whether c is a cursor this feed issues (see
// reading.cursor): a position, alone or with the non-empty list of the
// short ids (seenKey) of at most maxSeen events read beyond it. Any other
// key or list makes it a cursor the feed did not issue.
func issued(c dynamo.Cursor) bool {
	if !position(c["after"]) {
		return false
	}
	switch len(c) {
	case 1:
		return true
	case 2:
		list, ok := c["seen"]
		if !ok || list == "" {
			return false
		}
		keys := strings.Split(list, ",")
		if len(keys) > maxSeen {
			return false
		}
		for _, k := range keys {
			if !isSeenKey(k) {
				return false
			}
		}
		return true
	}
	return false
}

// isSeenKey reports whether k is an event id's short form as seenKey
// makes it: the last 12 characters of an id the service issues, lowercase
// hex digits.
func isSeenKey(k string) bool {
	if len(k) != 12 {
		return false
	}
	for _, r := range k {
		if (r < '0' || r > '9') && (r < 'a' || r > 'f') {
			return false
		}
	}
	return true
}

// Settle is how long after its creation time an event may still commit:
// the feed's cursor stays this far behind the present (see List).
const Settle = 30 * time.Second

// maxSeen bounds the events a cursor lists as read beyond its position; a
// busier window moves the cursor to the last event read instead.
const maxSeen = 100

// reading tracks a feed read's position for the next cursor.
type reading struct {
	after   string // where the read started
	last    string // the last event read
	settled string // the last event read at or before the horizon
	horizon string // events beyond it may still see earlier ones commit
	recent  []Item // events read beyond the horizon, oldest first
	// listed are the events the cursor read from listed as read beyond its
	// position (their seenKey), met those of them this read came to, and
	// stopped whether the read stopped at a full page, before the end.
	listed  []string
	met     map[string]bool
	stopped bool
}

// read moves the position past r.
func (p *reading) read(r Item) {
	p.last = r.SK
	if r.SK > p.horizon {
		p.recent = append(p.recent, r)
	} else {
		p.settled = r.SK
	}
}

// cursor is the position after the read: the last event when it is
// settled, else the last settled event (or where the read started, when
// later) with every event read beyond it. A read that stopped at a full
// page before coming to events its cursor listed as read (late events
// sorted in before them) lists them still: they lie beyond the last event
// read, and the next pages must skip them too. It depends only on the
// cursor read from and the events read, so two reads of the same events
// give the same cursor.
func (p *reading) cursor() string {
	var ahead []string
	if p.stopped {
		for _, k := range p.listed {
			if !p.met[k] {
				ahead = append(ahead, k)
			}
		}
	}
	at := max(p.after, p.settled)
	var keys []string
	if p.last <= at {
		at = p.last
	} else {
		for _, r := range p.recent {
			if r.SK > at {
				keys = append(keys, seenKey(r.Event.ID))
			}
		}
	}
	keys = append(keys, ahead...)
	if len(keys) == 0 || len(keys) > maxSeen {
		return dynamo.EncodeCursor(dynamo.Cursor{"after": p.last})
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
