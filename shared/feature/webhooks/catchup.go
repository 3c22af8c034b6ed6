package webhooks

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// CatchUpKind is the due-work kind of new endpoints' catch-ups.
const CatchUpKind = "webhook_catchup"

// An event is checked against its account's endpoints right before it
// commits, and one nothing wants is recorded without an outbox entry. An
// event that commits while an endpoint is being created may have been
// checked before the endpoint existed, though it happened after the
// endpoint's creation time, which is taken before its own commit. So each
// new endpoint gets a catch-up: CatchUpAfter its creation, the scheduler
// gives it every event of the account from CatchUpWindow that it wants and
// that has no delivery to it yet.
const (
	CatchUpAfter  = 2 * time.Minute
	CatchUpWindow = time.Minute
)

// catchUp is a new endpoint's catch-up, due in DUE#webhook_catchup.
type catchUp struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	AccountID string `dynamodbav:"account_id"`
	WebhookID string `dynamodbav:"webhook_id"`
	From      string `dynamodbav:"from"` // the endpoint's created_at
	GSI1PK    string `dynamodbav:"gsi1pk"`
	GSI1SK    string `dynamodbav:"gsi1sk"`
	TTL       int64  `dynamodbav:"ttl"`
}

// addCatchUp adds to tx the catch-up of endpoint id of account, created
// at now.
func addCatchUp(tx *dynamo.Tx, accountID, id string, now time.Time) {
	due := now.Add(CatchUpAfter)
	tx.PutNew("catchup", catchUp{
		PK: dynamo.WebhookLogPK(accountID, id), SK: dynamo.CatchUpSK, AccountID: accountID, WebhookID: id,
		From: clock.Format(now), GSI1PK: dynamo.DuePK(CatchUpKind), GSI1SK: dynamo.TimeKey(clock.SortKey(due), accountID+"#"+id),
		TTL: due.Add(eventlog.Retention).Unix(),
	})
}

// CatchUp runs the due catch-ups of new endpoints and returns how many
// deliveries they added.
func (s *Service) CatchUp(ctx context.Context) (int, error) {
	rows, err := dynamo.Due[catchUp](ctx, s.Table, CatchUpKind, clock.SortKey(s.Clock.Now()), sweepPage)
	if err != nil {
		return 0, err
	}
	added := 0
	for _, c := range rows {
		n, err := s.catchUp(ctx, c)
		if err != nil {
			return added, err
		}
		added += n
	}
	return added, nil
}

// catchUp gives endpoint c the events of its window it wants and has no
// delivery of, then removes the catch-up.
func (s *Service) catchUp(ctx context.Context, c catchUp) (int, error) {
	added := 0
	ep, err := s.get(ctx, c.AccountID, c.WebhookID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return 0, err
	}
	if err == nil {
		if added, err = s.catchUpEvents(ctx, ep, c); err != nil {
			return added, err
		}
	}
	return added, s.Table.Delete(ctx, c.PK, c.SK)
}

// catchUpEvents adds the deliveries of catch-up c to endpoint ep and
// queues their first attempts.
func (s *Service) catchUpEvents(ctx context.Context, ep item, c catchUp) (int, error) {
	from, err := clock.Parse(c.From)
	if err != nil {
		slog.ErrorContext(ctx, "webhook catch-up with an unreadable start", "webhook_id", c.WebhookID, "from", c.From)
		return 0, nil
	}
	in, err := dynamo.Partition(dynamo.EventsPK(c.AccountID)).
		SKBetween(clock.SortKey(from), clock.SortKey(from.Add(CatchUpWindow))+"~").Input()
	if err != nil {
		return 0, err
	}
	in.ConsistentRead = aws.Bool(true)
	rows, err := s.Table.QueryAll(ctx, in)
	if err != nil {
		return 0, err
	}
	evs, err := dynamo.UnmarshalList[eventlog.Item](rows)
	if err != nil {
		return 0, err
	}
	now, added := s.Clock.Now(), 0
	for _, it := range evs {
		if it.Type == TestEventType || !ep.Wants(it.Event) {
			continue
		}
		body, err := EncodeEvent(it.Event)
		if err != nil {
			return added, err
		}
		err = s.Table.PutNew(ctx, newDelivery(it.Event, body, ep.ID, now))
		if errors.Is(err, dynamo.ErrConditionFailed) {
			continue // delivered through the outbox
		}
		if err != nil {
			return added, err
		}
		s.queueAttempt(ctx, c.AccountID, ep.ID, it.ID, 1, 0)
		added++
	}
	return added, nil
}
