// Package webhooks owns webhook endpoints and the delivery of every event to
// them (spec 2 Webhook endpoint, 4.10, 6). An account has at most ten
// endpoints. Each committed event is turned by the event log's fan-out into
// one delivery per enabled endpoint subscribed to its type; a delivery is a
// signed HTTPS POST of the event exactly as GET /events shows it, retried on
// the spec's schedule (short waits as queue delays, long ones through the
// scheduler) until a 2xx answer or the eighth attempt. An endpoint failing
// for 24 hours earns its owner a warning email; after 3 days it is disabled
// and the owner told. Revoking the credential that created an endpoint
// disables it; deleting or disabling an endpoint, or unsubscribing it from
// a type, drops its pending deliveries (of that type) for good.
//
// Signing secrets are never stored: each is derived from the service's
// SECRET_KEY and a random per-endpoint nonce (see Keyring).
package webhooks

import (
	"maps"
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
	// EnabledAt is when PATCH enabled true last turned the disabled
	// endpoint back on (empty if never): a disabling ends every delivery
	// pending then, so only events after it are delivered (see Wants).
	EnabledAt string `json:"-" dynamodbav:"enabled_at,omitempty"`
	// SubscribedAt is, for each event type a PATCH of events subscribed the
	// endpoint to again, when: unsubscribing ended the deliveries of that
	// type pending then, so only its events after it are delivered.
	SubscribedAt map[string]string `json:"-" dynamodbav:"subscribed_at,omitempty"`
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

// Wants reports whether the endpoint receives ev: it is enabled and keeps
// events of its type from then (see keeps).
func (e Endpoint) Wants(ev eventlog.Event) bool {
	return e.Enabled && e.keeps(ev.CreatedAt, ev.Type)
}

// keeps reports whether the endpoint, while enabled, takes an event of type
// typ, or the retry of a delivery of one, from time at: it is subscribed to
// typ and has been without a break since at, neither created, re-enabled
// nor subscribed to typ again after it (a disabling or an unsubscribing
// drops what was pending for good). The times use the API's fixed-width
// layout, so they compare as strings.
func (e Endpoint) keeps(at, typ string) bool {
	return e.Subscribed(typ) && e.CreatedAt <= at && e.EnabledAt <= at && e.SubscribedAt[typ] <= at
}

// resubscribed returns SubscribedAt for the endpoint's events becoming
// events at now: every known type the endpoint was not subscribed to and
// is afterwards is noted at now. It returns nil when no type is added.
func (e Endpoint) resubscribed(events []string, now string) map[string]string {
	after := Endpoint{Events: events}
	var out map[string]string
	for _, typ := range EventTypes {
		if !e.Subscribed(typ) && after.Subscribed(typ) {
			if out == nil {
				out = maps.Clone(e.SubscribedAt)
				if out == nil {
					out = map[string]string{}
				}
			}
			out[typ] = now
		}
	}
	return out
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
