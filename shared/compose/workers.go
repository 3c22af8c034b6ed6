package compose

import (
	"context"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/feature/eventlog"
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
