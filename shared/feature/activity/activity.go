// Package activity is the account's activity log (spec 2, 4.4): every change
// made through the API is recorded with its actor, action, resource, summary
// and the caller's address, in the same transaction as the change, and kept
// 365 days.
package activity

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Retention is how long entries are kept (spec 8).
const Retention = 365 * 24 * time.Hour

// Resource names what a change was made to.
type Resource struct {
	Type string `json:"type" dynamodbav:"type"`
	ID   string `json:"id" dynamodbav:"id"`
}

// Entry is one activity entry as the API shows it.
type Entry struct {
	ID        string     `json:"id" dynamodbav:"id"`
	CreatedAt string     `json:"created_at" dynamodbav:"created_at"`
	Actor     auth.Actor `json:"actor" dynamodbav:"actor"`
	Action    string     `json:"action" dynamodbav:"action"`
	// SiteID is the site changed; "" for account-wide changes (keys,
	// claims), as the spec's Activity entry has site_id as a string.
	SiteID   string   `json:"site_id" dynamodbav:"site_id"`
	Resource Resource `json:"resource" dynamodbav:"resource"`
	Summary  string   `json:"summary" dynamodbav:"summary"`
	IP       string   `json:"ip" dynamodbav:"ip"`
}

type item struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Entry
	ActorID string `dynamodbav:"actor_id"`
	TTL     int64  `dynamodbav:"ttl"`
}

// Change describes a change to record.
type Change struct {
	Action   string // "<resource>.<verb>", e.g. "agent_key.created"
	SiteID   string // empty for account-wide changes
	Resource Resource
	Summary  string
}

// Record adds the entry for change, made by p at now, to tx.
func Record(tx *dynamo.Tx, now time.Time, p auth.Principal, c Change) {
	e := Entry{
		ID: ids.Sortable(), CreatedAt: clock.Format(now), Actor: p.Actor, Action: c.Action,
		SiteID: c.SiteID, Resource: c.Resource, Summary: c.Summary, IP: p.IP,
	}
	tx.Put("activity", item{
		PK: dynamo.ActivityPK(p.AccountID), SK: dynamo.TimeKey(clock.SortKey(now), e.ID),
		Entry: e, ActorID: p.Actor.ID, TTL: now.Add(Retention).Unix(),
	}, "", nil)
}

// MaxFilteredRead is the most entries of the account's log one page read
// with an actor or site filter goes through (the log is one partition per
// account, which the filters do not key): a page of a quiet site or actor
// costs the same however busy the rest of the account is. A page that
// stops there may be short, even empty, with a cursor that goes on.
const MaxFilteredRead = 1000

// Filter narrows a list of entries.
type Filter struct {
	// ActorID is an actor's id: an agent key's, an OAuth connection's, a
	// site key's or the owner's (UUIDs), or auth.ServiceID.
	ActorID string
	SiteID  string
	Since   time.Time // zero: the whole retention period
}

// validActorID reports whether id can be an entry's actor id (see
// Filter.ActorID): any other matches no entry ever, so the filter is
// refused rather than answered with an empty log.
func validActorID(id string) bool {
	return id == auth.ServiceID || ids.Valid(id)
}

// Log reads activity entries.
type Log struct {
	Table *dynamo.Table
	Clock clock.Clock
}

// List returns up to limit entries of account, newest first, after cursor.
// A filtered page reads at most MaxFilteredRead entries, so it may be
// short, even empty, with a next cursor; "" is the end.
func (l *Log) List(ctx context.Context, accountID string, f Filter, limit int, cursor string) ([]Entry, string, error) {
	if f.ActorID != "" && !validActorID(f.ActorID) {
		return nil, "", apperr.Invalid(apperr.Problem{Field: "actor_id", Problem: "must be the id of an agent key, an app connection, a site key or the owner (the account's id), or \"" + auth.ServiceID + "\" for the service's own work"})
	}
	cur, err := dynamo.DecodeCursor(cursor)
	if err != nil || !entryCursor(cur) {
		return nil, "", apperr.BadCursor()
	}
	from := l.Clock.Now().Add(-Retention)
	if f.Since.After(from) {
		from = f.Since
	}
	if cur != nil && cur["sk"] < clock.SortKey(from) {
		// The entries after the cursor's have all passed their retention
		// since it was issued: the list ends here (DynamoDB would refuse
		// a starting key below the read's range).
		return []Entry{}, "", nil
	}
	q := dynamo.Partition(dynamo.ActivityPK(accountID)).SKGreaterThanEqual(clock.SortKey(from))
	if f.ActorID != "" {
		q = q.Filter(expression.Name("actor_id").Equal(expression.Value(f.ActorID)))
	}
	if f.SiteID != "" {
		q = q.Filter(expression.Name("site_id").Equal(expression.Value(f.SiteID)))
	}
	in, err := q.Input()
	if err != nil {
		return nil, "", apperr.Wrap("activity.List", err)
	}
	in.ScanIndexForward = aws.Bool(false)
	items, next, err := dynamo.QueryPageUpTo[item](ctx, l.Table, in, limit, MaxFilteredRead, cur, dynamo.ActivityPK(accountID))
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", apperr.BadCursor()
	}
	if err != nil {
		return nil, "", apperr.Wrap("activity.List", err)
	}
	out := make([]Entry, len(items))
	for i, it := range items {
		out[i] = it.Entry
	}
	return out, next, nil
}

// entryCursor reports whether c (nil for none) is a cursor of this log: its
// sort key is an entry's, a time in clock.SortKey's form, "#" and the
// entry's id (dynamo.QueryPage refuses any other key). The log's key condition is a lower bound only, so
// DynamoDB takes any later key as a place to start from: another list's
// cursor, or a made-up one, would start the page anywhere instead of being
// refused as every other list refuses it.
func entryCursor(c dynamo.Cursor) bool {
	if c == nil {
		return true
	}
	at, id, ok := strings.Cut(c["sk"], "#")
	if !ok || !ids.Valid(id) {
		return false
	}
	return clock.IsSortKey(at)
}
