package compose

import (
	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/edge/pages"
	"rvcontent/shared/edge/payhook"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/feature/studio"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/stripepay"
)

// wireBilling wires billing, plan gates, credits and Studio sites (issue:
// billing): the services; the billing, Studio site, credits and payments
// webhook handlers; the payment processor's sink (its events drive the
// billing state machine) and scheduled work; the trial card checks and the
// archival of removed Studio sites. It runs before the other features so
// they can register their handlers through a.Gate.Guard and ask
// a.Billing.PlanActive.
func (a *App) wireBilling() {
	t, c, cfg := a.Table, a.Clock, a.Config
	a.Credits = &credits.Service{Table: t, Events: a.Events}
	a.Billing = &billing.Service{
		Table: t, Clock: c, Events: a.Events, Credits: a.Credits, Sites: a.Sites,
		Processor: a.Payments, DashboardURL: cfg.DashboardURL,
		Links: &billing.CheckoutLinks{BaseURL: cfg.BaseURL, Key: derive(cfg.SecretKey, "checkout-link-v1")},
	}
	a.Gate = &billing.Gate{Billing: a.Billing, Sites: a.Sites}
	a.Studio = &studio.Service{
		Table: t, Clock: c, Billing: a.Billing, Sites: a.Sites, Credits: a.Credits,
		Events: a.Events, Jobs: a.Enqueuer, Counters: a.Counters, DashboardURL: cfg.DashboardURL,
	}
	if s, ok := a.Payments.(interface{ SetSink(payments.Sink) }); ok {
		s.SetSink(a.Billing)
	}
	a.register((&agentapi.Billing{Service: a.Billing, Accounts: a.Accounts}).Handlers())
	a.register((&agentapi.Studio{Service: a.Studio}).Handlers())
	a.register((&agentapi.Credits{Service: a.Credits, Sites: a.Sites}).Handlers())
	a.register(map[string]handlerFunc{"GET /checkout/{token}": (&pages.Checkouts{Billing: a.Billing}).Open})
	receiver := &stripepay.Receiver{Secret: cfg.Stripe.WebhookSecret, StudioPriceID: cfg.Stripe.StudioPriceID, Clock: c, Sink: a.Billing, Refs: a.Billing}
	a.register(map[string]handlerFunc{"POST " + routes.PaymentsWebhookPath: payhook.Handler{Receiver: receiver}.ServeHTTP})
	a.Scheduler.Tasks = append(a.Scheduler.Tasks,
		scheduler.Task{Name: "billing.card_checks", Run: a.Billing.CheckCards},
		scheduler.Task{Name: "billing.site_removals", Run: a.Studio.ArchiveDue},
	)
	if p, ok := a.Payments.(interface{ Tasks() []scheduler.Task }); ok {
		a.Scheduler.Tasks = append(a.Scheduler.Tasks, p.Tasks()...)
	}
}
