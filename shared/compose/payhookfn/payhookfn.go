// Package payhookfn composes the payments-webhook function: the endpoint
// where the payment processor (Stripe) sends its webhooks. It is its own
// package because only it verifies Stripe's signatures.
package payhookfn

import (
	"net/http"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/payhook"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/stripepay"
)

// HTTP returns the payments-webhook group's handler. Studio is composed
// at start: a paid charge that waited for the cardholder adds its Studio
// site (billing.SiteCharges), which starts the site's scan.
func HTTP(g *compose.Graph) http.Handler {
	compose.Studio(g)
	s := g.Config.Stripe
	receiver := &stripepay.Receiver{
		Secret: s.WebhookSecret, StudioPriceID: s.StudioPriceID, Clock: g.Clock,
		Sink: compose.Billing(g), Refs: compose.Billing(g),
	}
	return compose.Group(g, routes.PaymentsWebhook, map[string]http.HandlerFunc{
		"POST " + routes.PaymentsWebhookPath: payhook.Handler{Receiver: receiver}.ServeHTTP,
	}, nil)
}
