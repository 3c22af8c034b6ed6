package webhooks

import "sort"

// AllEvents subscribes an endpoint to every event type, present and future.
const AllEvents = "*"

// TestEventType is the event POST /webhooks/{id}/test sends.
const TestEventType = "webhook.test"

// EventTypes are the event types an endpoint can subscribe to (spec 6).
var EventTypes = []string{
	"account.claimed",
	"agent_access.created", "agent_access.revoked",
	"site.scan_completed", "site.scan_failed", "site.added", "site.removal_scheduled", "site.archived",
	"article.created", "article.generated", "article.generation_failed", "article.finished",
	"article.updated", "article.published", "article.publish_failed", "article.deleted",
	"autopilot.queue_empty",
	"credits.low", "credits.exhausted", "credits.reset",
	"integration.connected", "integration.error", "integration.disconnected",
	"backlink.verified", "backlink.lost",
	"forum.sweep_completed", "forum.reply_verified", "forum.reply_removed",
	"billing.trial_started", "billing.card_check_failed", "billing.activated",
	"billing.payment_failed", "billing.canceled", "billing.ended",
	TestEventType,
}

var known = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range EventTypes {
		m[t] = true
	}
	return m
}()

// KnownType reports whether typ is an event type of spec 6.
func KnownType(typ string) bool { return known[typ] }

// sortedTypes lists the known types for error messages.
func sortedTypes() []string {
	out := append([]string(nil), EventTypes...)
	sort.Strings(out)
	return out
}
