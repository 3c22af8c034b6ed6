package forum

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"rvcontent/shared/platform/forumapi"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// ErrThreadNotFound is returned for a thread that is not on the site.
var ErrThreadNotFound = apperr.NotFoundf("No forum thread with that id on this site.")

// errThreadChanged is returned when a thread changed between read and
// write three times in a row.
var errThreadChanged = apperr.New(apperr.Conflict, "The thread changed at the same moment. Retry the request.")

// getThread returns thread id of the site; a forgotten one is not found.
func (s *Service) getThread(ctx context.Context, siteID, id string) (threadItem, error) {
	it, err := s.readThread(ctx, siteID, id)
	if err == nil && it.forgotten(s.Clock.Now()) {
		return threadItem{}, ErrThreadNotFound
	}
	return it, err
}

// readThread reads thread id as stored, forgotten or not.
func (s *Service) readThread(ctx context.Context, siteID, id string) (threadItem, error) {
	if !ids.Valid(id) {
		return threadItem{}, ErrThreadNotFound
	}
	var it threadItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.ForumThreadSK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return threadItem{}, ErrThreadNotFound
	}
	if err != nil {
		return threadItem{}, apperr.Wrap("forum.getThread", err)
	}
	return it, nil
}

// getText returns a thread's body and top comments (empty when unread).
func (s *Service) getText(ctx context.Context, siteID, id string) (textItem, error) {
	var it textItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.ForumThreadTextSK(id), &it)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return textItem{}, apperr.Wrap("forum.getText", err)
	}
	if it.Comments == nil {
		it.Comments = []forumapi.Comment{}
	}
	it.PK, it.SK = dynamo.SitePK(siteID), dynamo.ForumThreadTextSK(id)
	return it, nil
}

// putThread adds the write of after to tx, on the condition that the
// stored thread is still the one read (its updated_at is before's), or
// absent when before is empty. It moves updated_at forward and returns the
// item as written.
func (s *Service) putThread(tx *dynamo.Tx, before string, after threadItem) threadItem {
	after.UpdatedAt = nextUpdate(s.Clock.Now(), before)
	after.index()
	after.TTL = after.expiry()
	if before == "" {
		tx.Put("thread", after, "attribute_not_exists(pk)", nil)
		return after
	}
	tx.Put("thread", after, "updated_at = :old", map[string]types.AttributeValue{
		":old": &types.AttributeValueMemberS{Value: before},
	})
	return after
}

// putText adds the write of a thread's text to tx; it expires with the
// thread.
func putText(tx *dynamo.Tx, th threadItem, text textItem) {
	text.TTL = th.TTL
	tx.Put("text", text, "", nil)
}

// expireText adds to tx the change of a thread's text expiry to the
// thread's.
func expireText(tx *dynamo.Tx, th threadItem) {
	u := &types.Update{UpdateExpression: aws.String("REMOVE #ttl"), ExpressionAttributeNames: map[string]string{"#ttl": dynamo.TTL}}
	if th.TTL != 0 {
		u.UpdateExpression = aws.String("SET #ttl = :ttl")
		u.ExpressionAttributeValues = map[string]types.AttributeValue{":ttl": &types.AttributeValueMemberN{Value: strconv.FormatInt(th.TTL, 10)}}
	}
	tx.Update("text", dynamo.SitePK(th.SiteID), dynamo.ForumThreadTextSK(th.ID), u)
}

// refreshText adds to tx the update of a thread's text that a search
// result allows: its body when body is not empty (the top comments read
// before are kept) and its expiry, the thread's.
func refreshText(tx *dynamo.Tx, th threadItem, body string) {
	var set []string
	values := map[string]types.AttributeValue{}
	names := map[string]string{"#ttl": dynamo.TTL}
	if body != "" {
		set = append(set, "#body = :body")
		names["#body"] = "body"
		values[":body"] = &types.AttributeValueMemberS{Value: body}
	}
	if th.TTL != 0 {
		set = append(set, "#ttl = :ttl")
		values[":ttl"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(th.TTL, 10)}
	}
	expr := ""
	if len(set) > 0 {
		expr = "SET " + strings.Join(set, ", ")
	}
	if th.TTL == 0 {
		expr = strings.TrimSpace(expr + " REMOVE #ttl")
	}
	u := &types.Update{UpdateExpression: aws.String(expr), ExpressionAttributeNames: names}
	if len(values) > 0 {
		u.ExpressionAttributeValues = values
	}
	tx.Update("text", dynamo.SitePK(th.SiteID), dynamo.ForumThreadTextSK(th.ID), u)
}

// nextUpdate returns now as an updated_at, strictly after previous so
// every write moves it.
func nextUpdate(now time.Time, previous string) string {
	if p, err := time.Parse(clock.Layout, previous); err == nil && !now.After(p) {
		now = p.Add(time.Microsecond)
	}
	return clock.Format(now)
}

// changeThread reads thread id, lets change modify it and writes it back
// with also's writes in one transaction, reading again when another write
// won the race (three tries). change returning an error stops without
// writing; it returning false writes nothing and answers the thread as
// read.
func (s *Service) changeThread(ctx context.Context, siteID, id string, change func(*threadItem) (bool, error),
	also func(tx *dynamo.Tx, after threadItem) any) (threadItem, error) {
	for attempt := 0; attempt < 3; attempt++ {
		it, err := s.getThread(ctx, siteID, id)
		if err != nil {
			return threadItem{}, err
		}
		after := it
		write, err := change(&after)
		if err != nil || !write {
			return it, err
		}
		tx := &dynamo.Tx{}
		after = s.putThread(tx, it.UpdatedAt, after)
		if after.TTL != it.TTL {
			expireText(tx, after)
		}
		var result any
		if also != nil {
			result = also(tx, after)
		}
		err = s.Table.Commit(ctx, tx, result)
		if dynamo.LostRace(err, "thread") {
			continue
		}
		if err != nil {
			return threadItem{}, apperr.Wrap("forum.changeThread", err)
		}
		return after, nil
	}
	return threadItem{}, errThreadChanged
}

// listThreads returns up to limit threads of the site whose status is one
// of statuses (any when empty), best fit first, after cursor.
func (s *Service) listThreads(ctx context.Context, siteID string, statuses []string, limit int, cursor string) ([]threadItem, string, error) {
	q := dynamo.IndexPartition(dynamo.GSI2, dynamo.ForumThreadsByFitPK(siteID))
	// Forgotten threads are left out on the service clock: the table's TTL
	// deletes them late (hours to days), and never under the dev clock.
	q = q.Filter(expression.Or(expression.AttributeNotExists(expression.Name(dynamo.TTL)),
		expression.Name(dynamo.TTL).GreaterThan(expression.Value(s.Clock.Now().Unix()))))
	if len(statuses) > 0 {
		q = q.Filter(dynamo.AttrIn("status", statuses))
	}
	in, err := q.Input()
	if err != nil {
		return nil, "", apperr.Wrap("forum.listThreads", err)
	}
	if cursor != "" {
		c, err := dynamo.DecodeCursor(cursor)
		if err != nil || c["k"] == "" || !ids.Valid(c["t"]) {
			return nil, "", errBadCursor
		}
		in.ExclusiveStartKey = map[string]types.AttributeValue{
			dynamo.GSI2PK: &types.AttributeValueMemberS{Value: dynamo.ForumThreadsByFitPK(siteID)},
			dynamo.GSI2SK: &types.AttributeValueMemberS{Value: c["k"]},
			dynamo.PK:     &types.AttributeValueMemberS{Value: dynamo.SitePK(siteID)},
			dynamo.SK:     &types.AttributeValueMemberS{Value: dynamo.ForumThreadSK(c["t"])},
		}
	}
	rows, err := dynamo.QueryRows(ctx, s.Table, in, limit)
	if err != nil {
		return nil, "", apperr.Wrap("forum.listThreads", err)
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	items, err := dynamo.UnmarshalList[threadItem](rows)
	if err != nil {
		return nil, "", apperr.Wrap("forum.listThreads", err)
	}
	next := ""
	if more && len(items) > 0 {
		last := items[len(items)-1]
		next = dynamo.EncodeCursor(dynamo.Cursor{"k": last.GSI2SK, "t": last.ID})
	}
	return items, next, nil
}

var errBadCursor = apperr.BadCursor()
