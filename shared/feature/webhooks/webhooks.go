// Package webhooks owns webhook endpoints and the delivery of every event to
// them (spec 2 Webhook endpoint, 4.10, 6). An account has at most ten
// endpoints. Each committed event is turned by the event log's fan-out into
// one delivery per enabled endpoint subscribed to its type; a delivery is a
// signed HTTPS POST of the event exactly as GET /events shows it, retried on
// the spec's schedule (short waits as queue delays, long ones through the
// scheduler) until a 2xx answer or the eighth attempt. An endpoint failing
// for 24 hours earns its owner a warning email; after 3 days it is disabled
// and the owner told. Revoking the credential that created an endpoint
// disables it; deleting an endpoint drops its pending deliveries.
//
// Signing secrets are never stored: each is derived from the service's
// SECRET_KEY and a random per-endpoint nonce (see Keyring).
package webhooks

import (
	"time"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/auth"
)

// MaxEndpoints is the most webhook endpoints an account may have (spec 8).
const MaxEndpoints = 10

// MaxDescription is the longest description accepted (spec 4.10).
const MaxDescription = 200

// Disabled reasons, as disabled_reason shows them.
const (
	ReasonFailing           = "delivery_failures"  // every delivery failed for 3 days
	ReasonCredentialRevoked = "credential_revoked" // the creating key or connection was revoked
	ReasonManual            = "manual"             // PATCH with enabled false
)

// Endpoint is a webhook endpoint as the API shows it (spec 2). Secret is set
// only in the response that creates it.
type Endpoint struct {
	ID                 string     `json:"id" dynamodbav:"id"`
	URL                string     `json:"url" dynamodbav:"url"`
	Events             []string   `json:"events" dynamodbav:"events"`
	Description        *string    `json:"description" dynamodbav:"description"`
	Enabled            bool       `json:"enabled" dynamodbav:"enabled"`
	DisabledReason     *string    `json:"disabled_reason" dynamodbav:"disabled_reason"`
	Secret             string     `json:"secret,omitempty" dynamodbav:"-"`
	CreatedBy          auth.Actor `json:"created_by" dynamodbav:"created_by"`
	CreatedAt          string     `json:"created_at" dynamodbav:"created_at"`
	LastDeliveryAt     *string    `json:"last_delivery_at" dynamodbav:"last_delivery_at"`
	LastDeliveryStatus *int       `json:"last_delivery_status" dynamodbav:"last_delivery_status"`
}

// Subscribed reports whether the endpoint wants events of type typ.
func (e Endpoint) Subscribed(typ string) bool {
	for _, t := range e.Events {
		if t == AllEvents || t == typ {
			return true
		}
	}
	return false
}

// Wants reports whether the endpoint receives ev: it is enabled, subscribed
// to its type, and existed when ev happened (an endpoint added later does
// not receive older events). Both times use the API's fixed-width layout, so
// they compare as strings.
func (e Endpoint) Wants(ev eventlog.Event) bool {
	return e.Enabled && e.Subscribed(ev.Type) && e.CreatedAt <= ev.CreatedAt
}

// Schedule is the wait before each attempt, measured from the previous one
// (spec 6): Schedule[n] comes before attempt n+1.
var Schedule = []time.Duration{
	0, time.Minute, 5 * time.Minute, 30 * time.Minute,
	2 * time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour,
}

// MaxAttempts is how many times one event is tried on one endpoint.
var MaxAttempts = len(Schedule)

// Deadline is how long an endpoint has to answer (spec 8).
const Deadline = 10 * time.Second

// WarnAfter is how long an endpoint fails before its owner is warned, and
// DisableAfter how long before it is disabled (spec 6: 3 days).
const (
	WarnAfter    = 24 * time.Hour
	DisableAfter = 72 * time.Hour
)
