package catalog

import (
	"fmt"
	"net/http"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/kernel/apperr"
)

// billingOps are billing (spec 4.9). The owner pays on the pages these
// links open; the service never sees a card number.
func billingOps() []Operation {
	const tag = "Billing"
	return []Operation{
		{
			ID: "get_billing", API: AgentAPI, Method: http.MethodGet, Path: "/billing", Group: routes.Billing, Tag: tag,
			Summary:     "billing status",
			Description: "Returns the account's billing status, plan, Studio sites and monthly total.",
			Status:      http.StatusOK, Response: one("billing", billingShape()),
		},
		{
			ID: "create_checkout_link", API: AgentAPI, Method: http.MethodPost, Path: "/billing/checkout", Group: routes.Billing, Tag: tag,
			Summary:     "checkout link for owner",
			Description: "Returns a checkout link for the owner (7-day trial, or the plan when an earlier subscription ended), valid 7 days; conflict while a subscription is current.",
			Status:      http.StatusOK, Response: one("checkout", checkoutShape()),
			Fails: []Error{errConflict("a subscription is current"), errNoProcessor},
		},
		{
			ID: "create_portal_link", API: AgentAPI, Method: http.MethodPost, Path: "/billing/portal", Group: routes.Billing, Tag: tag,
			Summary:     "portal link for owner",
			Description: "Returns a billing portal link (valid 24 hours) where the owner manages card, invoices and cancellation; while a Studio site's charge waits for the cardholder, the link opens that payment first. Conflict without a subscription.",
			Status:      http.StatusOK, Response: one("portal", portalShape()),
			Fails: []Error{errConflict("the account never had a subscription"), errNoProcessor},
		},
		{
			ID: "activate_billing", API: AgentAPI, Method: http.MethodPost, Path: "/billing/activate", Group: routes.Billing, Tag: tag, Needs: trialOnly,
			Summary:     "end trial now and pay",
			Description: "Ends the trial now and charges the plan (49.5 USD); returns {billing, charged}; conflict when not trialing or when the owner set the trial to end, payment_failed when the card is declined.",
			Status:      http.StatusOK, Response: wrap(prop("billing", billingShape()), prop("charged", moneyShape())),
			Fails: []Error{errPaymentFailed, errHuman},
		},
		{
			ID: "get_studio_quote", API: AgentAPI, Method: http.MethodGet, Path: "/billing/studio-quote", Group: routes.Billing, Tag: tag,
			Summary:     "price of one more Studio site",
			Description: "Returns the price of one more Studio site today; pass its proration_date to add_studio_site within 30 minutes.",
			Status:      http.StatusOK, Response: one("studio_quote", quoteShape()),
		},
	}
}

// errNoProcessor is billing without a payment processor (a deployment
// without Stripe settings).
var errNoProcessor = fails(http.StatusServiceUnavailable, apperr.Unavailable, "no payment processor is configured")

// eventOps are the event feed and webhook endpoints (spec 4.10).
func eventOps() []Operation {
	const tag = "Events"
	webhookFields := func(create bool) []Field {
		events := list("events", `Event types to receive, or ["*"] for all; duplicates are dropped.`, enum("", append([]string{"*"}, webhooks.EventTypes...)...), 1, webhooks.MaxEventItems)
		url := link("url", "A public https address that receives the events.", webhooks.MaxURL)
		description := text("description", "A note for people.", 0, webhooks.MaxDescription)
		if create {
			return []Field{url.required(), events.required(), description}
		}
		return []Field{url, events, description.nullable(), flag("enabled", "Whether events are delivered; true re-enables a disabled endpoint.")}
	}
	return []Operation{
		{
			ID: "list_events", API: AgentAPI, Method: http.MethodGet, Path: "/events", Group: routes.Events, Tag: tag,
			Summary:     "read event stream",
			Description: "Reads the account's event stream (kept 30 days), oldest first; keep calling with next_cursor, which is always set, to poll.",
			Query: []Field{
				timestamp("since", "Start at this ISO 8601 timestamp (first call only)."),
				text("cursor", "The next_cursor of the previous call.", 0, 0),
				commaList("types", "Only these event types (spec 6, webhook.test included), such as site.scan_completed; any other value answers 422.", webhooks.EventTypes...),
				text("site_id", "Only events of this site.", 0, 0),
				integer("limit", "Events per call.", 1, float64(maxLimit)).withDefault(defaultLimit),
			},
			Status: http.StatusOK,
			Response: wrap(
				prop("events", &Schema{Type: "array", Items: eventShape()}),
				prop("next_cursor", str("Always set: pass it as cursor to poll.", 0, 0)),
				prop("has_more", &Schema{Type: "boolean"}),
			),
			Fails: []Error{errSiteFilter},
		},
		{
			ID: "list_webhooks", API: AgentAPI, Method: http.MethodGet, Path: "/webhooks", Group: routes.Events, Tag: tag,
			Summary:     "list webhook endpoints",
			Description: "Lists the account's webhook endpoints, without their secrets.",
			Query:       page(), Status: http.StatusOK, Response: listOf("webhooks", webhookShape()),
		},
		{
			ID: "create_webhook", API: AgentAPI, Method: http.MethodPost, Path: "/webhooks", Group: routes.Events, Tag: tag,
			Summary:     "create endpoint",
			Description: fmt.Sprintf("Creates a webhook endpoint (at most %d per account); its signing secret is in this answer only.", webhooks.MaxEndpoints),
			Body:        webhookFields(true),
			Status:      http.StatusCreated, Response: one("webhook", webhookShape()),
			Fails:   []Error{errConflict(fmt.Sprintf("the account has %d endpoints", webhooks.MaxEndpoints))},
			Example: &Example{Request: map[string]any{"url": "https://hooks.acme.com/content", "events": []any{"article.generated", "site.scan_completed"}}},
		},
		{
			ID: "update_webhook", API: AgentAPI, Method: http.MethodPatch, Path: "/webhooks/{webhook_id}", Group: routes.Events, Tag: tag,
			Summary:     "update webhook endpoint",
			Description: "Changes a webhook endpoint; only the fields sent change; enabled true re-enables a disabled one.",
			Body:        webhookFields(false),
			Status:      http.StatusOK, Response: one("webhook", webhookShape()),
		},
		{
			ID: "delete_webhook", API: AgentAPI, Method: http.MethodDelete, Path: "/webhooks/{webhook_id}", Group: routes.Events, Tag: tag,
			Summary:     "delete endpoint",
			Description: "Deletes a webhook endpoint; deliveries in flight are dropped.",
			Status:      http.StatusOK, Response: deleted(),
		},
		{
			ID: "test_webhook", API: AgentAPI, Method: http.MethodPost, Path: "/webhooks/{webhook_id}/test", Group: routes.Events, Tag: tag,
			Summary:     "send test event",
			Description: "Sends a signed webhook.test event to the endpoint now and returns how the delivery went.",
			Status:      http.StatusOK, Response: one("delivery", testResultShape()),
		},
		{
			ID: "list_webhook_deliveries", API: AgentAPI, Method: http.MethodGet, Path: "/webhooks/{webhook_id}/deliveries", Group: routes.Events, Tag: tag, Beyond: true,
			Summary:     "recent delivery attempts",
			Description: "Lists the endpoint's delivery attempts of the last 30 days, newest first.",
			Query:       page(), Status: http.StatusOK, Response: listOf("deliveries", attemptShape()),
		},
	}
}
