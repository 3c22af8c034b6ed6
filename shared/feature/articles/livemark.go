package articles

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// A site's live mark is a sort key of its finished articles' index (GSI2,
// updated_at#id) up to which every finished article has a live URL, so the
// public API's published=false list, which the plugins of a site with
// hundreds of published articles ask at every sync, starts there rather
// than reading them all again. Nothing lands behind it: every write of a
// finished article moves it past the site's finished head (see putHead),
// after every article already in the index. A list that starts at the mark
// moves it over the published articles it reads before the first one
// without a live URL, as far as the articles that have settled in the index
// (liveSettle). Items written before the mark existed need no change.
type liveMarkItem struct {
	PK      string `dynamodbav:"pk"`
	SK      string `dynamodbav:"sk"`
	Through string `dynamodbav:"through"`
}

// liveSettle is how long ago an article must have been written before the
// live mark passes it: an index follows writes within moments, and a write
// it has not shown yet must not be passed over.
const liveSettle = 5 * time.Minute

// liveWalk is a published=false walk of a site's finished articles: where
// the site's live mark lets it start, and how far it may move the mark.
type liveWalk struct {
	from    string // the mark as read ("" before the first)
	open    bool   // every article read so far, from the mark on, is published and settled
	settled string // the latest updated_at that has settled
	reach   string // the last article read while open
}

// liveWalk reads the site's live mark for a walk that starts after the
// sort key after ("" from the start).
func (s *Store) liveWalk(ctx context.Context, siteID, after string) (liveWalk, error) {
	var m liveMarkItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.FinishedLiveSK, &m)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return liveWalk{}, apperr.Wrap("articles.liveWalk", err)
	}
	return liveWalk{from: m.Through, open: after <= m.Through, settled: clock.Format(s.Clock.Now().Add(-liveSettle))}, nil
}

// pass notes the walk reading it.
func (w *liveWalk) pass(it item) {
	if !w.open {
		return
	}
	if it.PublishedURL == nil || it.UpdatedAt > w.settled {
		w.open = false
		return
	}
	w.reach = it.GSI2SK
}

// moveLiveMark moves the site's live mark to where walk w reached, on
// condition that it only moves forward. A failure is logged: the list
// answers all the same, and the next one moves it.
func (s *Store) moveLiveMark(ctx context.Context, siteID string, w liveWalk) {
	if w.reach <= w.from {
		return
	}
	_, err := s.Table.Update(ctx, dynamo.SitePK(siteID), dynamo.FinishedLiveSK, &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("SET through = :at"),
		ConditionExpression:       aws.String("attribute_not_exists(through) OR through < :at"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":at": &types.AttributeValueMemberS{Value: w.reach}},
	})
	if err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
		slog.WarnContext(ctx, "move the live mark", "site_id", siteID, "err", err)
	}
}
