package webhooks

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// DueKind is the due-work kind of pending deliveries.
const DueKind = "webhook"

// Delivery states.
const (
	statePending   = "pending"
	stateSucceeded = "succeeded"
	stateFailed    = "failed"  // every attempt failed
	stateDropped   = "dropped" // endpoint deleted, disabled or unsubscribed first
)

// Lease is how long a queued attempt message or a running attempt may take
// before the sweep sends the attempt again.
const Lease = 2 * time.Minute

// delivery is the delivery of one event to one endpoint. Its key is made
// from the event and endpoint ids, so a fan-out that runs twice finds it
// there and adds no second one. While pending it sits in DUE#webhook at the
// time its next attempt is due (for a long wait) or at the time its queued
// message counts as lost (for a short one).
type delivery struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	ID        string `dynamodbav:"id"`
	AccountID string `dynamodbav:"account_id"`
	WebhookID string `dynamodbav:"webhook_id"`
	EventID   string `dynamodbav:"event_id"`
	EventType string `dynamodbav:"event_type"`
	// Body is the event as sent: byte for byte the object GET /events shows.
	Body      string `dynamodbav:"body"`
	State     string `dynamodbav:"state"`
	CreatedAt string `dynamodbav:"created_at"`
	// NextAttempt is the attempt to make next while pending, else the last.
	NextAttempt int `dynamodbav:"next_attempt"`
	// ClaimedUntil (Unix ms) keeps a second worker off a running attempt.
	ClaimedUntil int64  `dynamodbav:"claimed_until"`
	GSI1PK       string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK       string `dynamodbav:"gsi1sk,omitempty"`
	TTL          int64  `dynamodbav:"ttl"`
}

// namespace makes delivery ids: a name-based UUID of endpoint and event.
var namespace = uuid.MustParse("6f0b7c52-93c1-4d0e-9a55-3c1f0f7e2b1d")

// DeliveryID returns the id of the delivery of event eventID to endpoint
// webhookID: the same for every fan-out of the event.
func DeliveryID(webhookID, eventID string) string {
	return uuid.NewSHA1(namespace, []byte(webhookID+"/"+eventID)).String()
}

// dueKey is the GSI1 sort key of a delivery due at t.
func dueKey(t time.Time, accountID, webhookID, eventID string) string {
	return dynamo.TimeKey(clock.SortKey(t), accountID+"#"+webhookID+"#"+eventID)
}

// newDelivery returns the pending first delivery of ev to endpoint
// webhookID, created at now.
func newDelivery(ev eventlog.Event, body []byte, webhookID string, now time.Time) delivery {
	return delivery{
		PK: dynamo.WebhookLogPK(ev.AccountID, webhookID), SK: dynamo.DeliverySK(ev.ID),
		ID: DeliveryID(webhookID, ev.ID), AccountID: ev.AccountID, WebhookID: webhookID,
		EventID: ev.ID, EventType: ev.Type, Body: string(body), State: statePending,
		CreatedAt: clock.Format(now), NextAttempt: 1,
		GSI1PK: dynamo.DuePK(DueKind), GSI1SK: dueKey(now.Add(Lease), ev.AccountID, webhookID, ev.ID),
		TTL: now.Add(eventlog.Retention).Unix(),
	}
}

// claimed returns d held for its next attempt by the caller until now plus
// Lease, as claim would.
func (d delivery) claimed(now time.Time) delivery {
	d.ClaimedUntil = now.Add(Lease).UnixMilli()
	return d
}

// EncodeEvent returns ev as GET /events shows it: JSON without HTML
// escaping, data unchanged.
func EncodeEvent(ev eventlog.Event) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(ev); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// attemptMessage is the deliveries-queue message of one attempt.
type attemptMessage struct {
	Type      string `json:"type"` // MessageType
	AccountID string `json:"account_id"`
	WebhookID string `json:"webhook_id"`
	EventID   string `json:"event_id"`
	Attempt   int    `json:"attempt"`
}

// MessageType is the type of attempt messages on the deliveries queue.
const MessageType = "webhook.attempt"
