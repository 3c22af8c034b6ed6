package webhooks

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// Handle consumes attempt messages of the deliveries queue. Messages of
// other types are reported as not handled, for other handlers.
func (s *Service) Handle(ctx context.Context, rec events.SQSMessage) (handled bool, err error) {
	var m attemptMessage
	if json.Unmarshal([]byte(rec.Body), &m) != nil || m.Type != MessageType {
		return false, nil
	}
	return true, s.Attempt(ctx, m.AccountID, m.WebhookID, m.EventID, m.Attempt)
}

// Attempt makes attempt n of the delivery of event eventID to endpoint
// webhookID, unless that attempt was already made or is running elsewhere
// (a duplicate message), and records its outcome. A delivery whose endpoint
// is gone, disabled or no longer subscribed is dropped instead.
func (s *Service) Attempt(ctx context.Context, accountID, webhookID, eventID string, n int) error {
	// The claim and the endpoint are read at once.
	var d delivery
	var ok bool
	var ep item
	var epErr error
	err := par.Do(ctx, func(ctx context.Context) (err error) {
		d, ok, err = s.claim(ctx, accountID, webhookID, eventID, n)
		return err
	}, func(ctx context.Context) error {
		ep, epErr = s.get(ctx, accountID, webhookID)
		return nil
	})
	if err != nil || !ok {
		return err
	}
	if errors.Is(epErr, ErrNotFound) {
		return s.drop(ctx, d)
	}
	if epErr != nil {
		return epErr // the claim runs out and the sweep tries again
	}
	return s.attemptClaimed(ctx, ep, d, n)
}

// attemptClaimed makes attempt n of the claimed delivery d to endpoint ep
// and records its outcome; a delivery whose endpoint is disabled or no
// longer subscribed, or was disabled or unsubscribed from its type while
// the delivery was pending (and turned back on since), is dropped instead.
func (s *Service) attemptClaimed(ctx context.Context, ep item, d delivery, n int) error {
	if !ep.Enabled || !ep.keeps(d.CreatedAt, d.EventType) {
		return s.drop(ctx, d)
	}
	accountID, webhookID := d.AccountID, d.WebhookID
	secret, err := s.Keys.Secret(accountID, webhookID, ep.SecretNonce, ep.SecretKeyID)
	if err != nil {
		// Our configuration, not the endpoint, is at fault: make no attempt
		// and count no failure; the sweep tries again after the claim.
		slog.ErrorContext(ctx, "derive webhook secret: is SECRET_KEY (or an older key) the one the endpoint was made with?", "webhook_id", webhookID, "err", err)
		return err
	}
	return s.finish(ctx, ep, d, n, s.send(ctx, ep.URL, secret, []byte(d.Body), d.EventID, d.EventType, n))
}

// claim marks attempt n of a pending delivery as running, if no other
// worker holds it, and returns the delivery; ok is false when the attempt
// is not there to make.
func (s *Service) claim(ctx context.Context, accountID, webhookID, eventID string, n int) (delivery, bool, error) {
	now := s.Clock.Now()
	b := newUpdate()
	b.set("claimed_until", num(now.Add(Lease).UnixMilli()))
	b.set("gsi1sk", str(dueKey(now.Add(Lease), accountID, webhookID, eventID)))
	b.condition(b.eq("state", str(statePending)) + " AND " + b.eq("next_attempt", num(int64(n))) + " AND " + b.name("claimed_until") + " < " + b.value(num(now.UnixMilli())))
	u := b.update()
	out, err := s.Table.Update(ctx, dynamo.WebhookLogPK(accountID, webhookID), dynamo.DeliverySK(eventID), &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
		ReturnValues: types.ReturnValueAllNew,
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return delivery{}, false, nil
	}
	if err != nil {
		return delivery{}, false, err
	}
	var d delivery
	err = attributevalue.UnmarshalMap(out.Attributes, &d)
	return d, err == nil, err
}

// drop ends a pending delivery without an attempt.
func (s *Service) drop(ctx context.Context, d delivery) error {
	b := newUpdate()
	b.set("state", str(stateDropped))
	b.set("claimed_until", num(0))
	b.remove("gsi1pk", "gsi1sk")
	b.condition(b.eq("state", str(statePending)))
	u := b.update()
	_, err := s.Table.Update(ctx, d.PK, d.SK, &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil
	}
	return err
}
