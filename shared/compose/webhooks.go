package compose

import (
	"context"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/feature/webhooks"
)

// wireWebhooks wires webhook endpoints and deliveries (issue: webhooks):
// the endpoints' handlers, the event fan-out consumer that makes
// deliveries, the deliveries-queue handler that attempts them, the
// scheduled sweep of due attempts and the endpoint health checks, and the
// revocation hook that disables the endpoints a revoked credential created.
func (a *App) wireWebhooks() {
	svc := &webhooks.Service{
		Table: a.Table, Clock: a.Clock, Events: a.Events, Queue: a.DeliveriesQueue,
		Client: a.Egress, Keys: webhooks.NewKeyring(a.Config.SecretKey),
		Mail: a.Mail, Owners: a.Accounts, DashboardURL: a.Config.DashboardURL,
	}
	a.Mail.Register(svc.MailTemplates())
	a.register((&agentapi.Webhooks{Service: svc}).Handlers())
	a.Fanout.Consumers = append(a.Fanout.Consumers, webhooks.Consumer{Service: svc})
	a.deliveryHandlers = append(a.deliveryHandlers, svc.Handle)
	a.Scheduler.Tasks = append(a.Scheduler.Tasks,
		scheduler.Task{Name: "webhooks.deliveries", Run: func(ctx context.Context) error { _, err := svc.SweepDeliveries(ctx); return err }},
		scheduler.Task{Name: "webhooks.health", Run: func(ctx context.Context) error { _, err := svc.CheckHealth(ctx); return err }},
	)
	a.Credentials.Listener = svc
	a.Webhooks = svc
}
