package compose

import (
	"context"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/kernel/workqueues"
	"rvcontent/shared/platform/mail"
)

// The workers' parts.
type (
	kFanout struct{}
)

// SQSHandler is a queue consumer's Lambda handler.
type SQSHandler = func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error)

// Fanout hands each event to the webhook endpoints subscribed to it.
func Fanout(g *Graph) *eventlog.Fanout {
	return once(g, kFanout{}, func() *eventlog.Fanout {
		return &eventlog.Fanout{Store: EventStore(g), Dispatcher: dispatcher(g), Consumer: webhooks.Consumer{Service: Webhooks(g)}}
	})
}

// Deliveries is the deliveries queue's consumer: event fan-out messages
// and webhook delivery attempts. A batch's records are handled at once, up
// to workqueues.Deliveries.RecordConcurrency.
func Deliveries(g *Graph) SQSHandler {
	handlers := []func(ctx context.Context, rec events.SQSMessage) (bool, error){Fanout(g).Handle, Webhooks(g).Handle}
	handle := func(ctx context.Context, rec events.SQSMessage) error {
		for _, h := range handlers {
			if handled, err := h(ctx, rec); handled {
				if err != nil {
					slog.ErrorContext(ctx, "delivery message will be retried", "message_id", rec.MessageId, "err", err)
				}
				return err
			}
		}
		slog.ErrorContext(ctx, "drop unknown deliveries message", "message_id", rec.MessageId)
		return nil
	}
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var resp events.SQSEventResponse
		errs := par.Each(ctx, len(ev.Records), workqueues.Deliveries.RecordConcurrency, func(ctx context.Context, i int) error {
			return handle(ctx, ev.Records[i])
		})
		for i, err := range errs {
			if err != nil {
				resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: ev.Records[i].MessageId})
			}
		}
		return resp, nil
	}
}

// MailSweeper sends what the outbox's sends right after commits left
// behind, with every kind of mail the service sends.
func MailSweeper(g *Graph) *mail.Sweeper {
	templates := map[string]mail.Template{}
	for _, ts := range []map[string]mail.Template{
		Accounts(g).MailTemplates(), Credentials(g).MailTemplates(), Sessions(g).MailTemplates(), Webhooks(g).MailTemplates(),
		Erasure(g).MailTemplates(),
	} {
		for k, t := range ts {
			templates[k] = t
		}
	}
	return &mail.Sweeper{Spool: Spool(g), Templates: templates}
}

// Scheduler runs the periodic work, in this order: sweeps of lost work,
// billing (card checks, the simulated processor's renewals, then Studio
// site removals), webhooks, writing and autopilot, the backlink exchange (domain
// re-checks, due placement steps, then matching, so a reservation is placed
// at the run after it was made) and forum presence.
func Scheduler(g *Graph) *scheduler.Scheduler {
	task := func(name string, run func(context.Context) error) scheduler.Task {
		return scheduler.Task{Name: name, Run: run}
	}
	// Sweeping lost jobs runs none: it needs no runners.
	worker := &jobs.Worker{Table: Table(g), Clock: g.Clock, Enqueuer: Enqueuer(g)}
	fanout, sweeper, hooks := Fanout(g), MailSweeper(g), Webhooks(g)
	ts := []scheduler.Task{
		task("jobs.sweep", func(ctx context.Context) error { _, err := worker.Sweep(ctx); return err }),
		task("events.outbox", func(ctx context.Context) error { _, err := fanout.Sweep(ctx); return err }),
		task("mail.outbox", func(ctx context.Context) error { _, err := sweeper.Sweep(ctx); return err }),
		task("billing.card_checks", Billing(g).CheckCards),
	}
	if p, ok := g.Payments.(interface{ Tasks() []scheduler.Task }); ok {
		// The simulated processor's renewals come before the removals due
		// at the same period ends (billing never prices against an ended
		// period either way; this keeps the dev stack's events in order).
		ts = append(ts, p.Tasks()...)
	}
	ts = append(ts,
		task("billing.site_removals", Studio(g).ArchiveDue),
		task("webhooks.deliveries", func(ctx context.Context) error { _, err := hooks.SweepDeliveries(ctx); return err }),
		task("webhooks.catchup", func(ctx context.Context) error { _, err := hooks.CatchUp(ctx); return err }),
		task("webhooks.health", func(ctx context.Context) error { _, err := hooks.CheckHealth(ctx); return err }),
		task("writing.recover", Writing(g).Recover),
		task("autopilot.slots", Autopilot(g).RunDue),
		task("backlinks.domains", Backlinks(g).RecheckDomains),
		task("backlinks.placements", Backlinks(g).RunDue),
		task("backlinks.match", Backlinks(g).Match),
		task("forum.sweeps", Forum(g).SweepDue),
		task("forum.reply_checks", Forum(g).CheckReplies),
	)
	return &scheduler.Scheduler{Tasks: ts}
}
