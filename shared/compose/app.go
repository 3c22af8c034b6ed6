// Package compose is the composition root: it builds every service from its
// adapters, and exposes the handlers each Lambda function (and the dev
// stack) runs: one http.Handler per endpoint group, the jobs and deliveries
// queue consumers, and the scheduler.
package compose

import (
	"context"
	"log/slog"
	"rvcontent/shared/edge/oauthserver"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/edge/agentapi"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/pages"
	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/backlinks"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/forum"
	"rvcontent/shared/feature/idempotency"
	"rvcontent/shared/feature/integrations"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/keywords"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/research"
	"rvcontent/shared/feature/scheduler"
	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/studio"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/mail"
	"rvcontent/shared/platform/model"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/queue"
)

// Deps are the adapters the service runs on: AWS in a Lambda, local
// stand-ins in the dev stack.
type Deps struct {
	Config          config.Config
	Table           *dynamo.Table
	Clock           clock.Clock
	JobsQueue       queue.Sender
	DeliveriesQueue queue.Sender
	Mailer          mail.Sender
	// Egress is the one outbound HTTP client for addresses users give.
	Egress *egress.Client
	// Payments is the payment processor (Stripe in AWS, the simulated
	// processor in the dev stack); nil leaves billing unavailable.
	Payments payments.Processor
	// ForumPlatform is the discussion platform forum presence reads (the
	// fixture forum in the dev stack); nil reads the forum's public API
	// through Egress.
	ForumPlatform forum.Platform
	// Model is the language model; nil picks it from the configuration.
	Model model.Model
}

// App is the wired service.
type App struct {
	Deps
	Counters *ratelimit.Counters
	// ArticleStore and Articles own a site's articles (wireContent).
	ArticleStore *articles.Store
	Articles     *articles.Service
	// Keywords and Research own keywords, research runs and the scan's
	// plan stage (wireResearch).
	Keywords *keywords.Service
	Research *research.Service
	// AI is the per-account AI rate limit shared by research, verification
	// checks and sweeps.
	AI          *ratelimit.AI
	Idempotency *idempotency.Store
	Events      *eventlog.Writer
	EventStore  *eventlog.Store
	Fanout      *eventlog.Fanout
	Enqueuer    *jobs.Enqueuer
	JobStore    *jobs.Store
	JobWorker   *jobs.Worker
	Credentials *credentials.Service
	Authn       api.Authenticator // agent keys and OAuth access tokens, for the agent API and MCP (wireOAuth)
	Accounts    *accounts.Service
	Sites       *sites.Store
	Activity    *activity.Log
	Scheduler   *scheduler.Scheduler
	// Mail is the mail outbox every email goes through (wireMail).
	Mail *mail.Spool
	// Billing, Gate, Credits and Studio are wired by wireBilling, first, so
	// every other feature can register its handlers through Gate.Guard.
	Billing *billing.Service
	Gate    *billing.Gate
	Credits *credits.Service
	Studio  *studio.Service
	// SiteKeys and PublicAPI serve the public articles API; Integrations
	// pushes articles to platforms (wirePublishing).
	SiteKeys     *sitekeys.Service
	PublicAPI    *publicapi.Server
	Integrations *integrations.Service
	// Backlinks runs the backlink exchange (wireBacklinks, which runs after
	// wirePublishing: read it lazily from there).
	Backlinks *backlinks.Service
	// Forum runs forum presence (wireForum).
	Forum *forum.Service
	// Webhooks manages webhook endpoints (wireWebhooks).
	Webhooks *webhooks.Service

	handlers map[string]handlerFunc
	// deliveryHandlers consume the deliveries queue's message types.
	deliveryHandlers []MessageHandler
}

// MessageHandler handles one deliveries-queue message; it reports false
// when the message is of a type it does not handle.
type MessageHandler func(ctx context.Context, rec events.SQSMessage) (handled bool, err error)

// New wires the service on d.
func New(d Deps) *App {
	d.Config.Fill()
	a := &App{Deps: d}
	t, c := d.Table, d.Clock
	a.Counters = &ratelimit.Counters{Table: t, Clock: c}
	a.AI = &ratelimit.AI{Counters: a.Counters, PerHour: d.Config.AIRequestsPerHour}
	a.Idempotency = &idempotency.Store{Table: t, Clock: c}
	dispatcher := &eventlog.QueueDispatcher{Queue: d.DeliveriesQueue}
	a.Events = &eventlog.Writer{Clock: c, Dispatcher: dispatcher}
	a.EventStore = &eventlog.Store{Table: t, Clock: c}
	a.Fanout = &eventlog.Fanout{Store: a.EventStore, Dispatcher: dispatcher}
	a.Enqueuer = &jobs.Enqueuer{Clock: c, Queue: d.JobsQueue}
	a.JobStore = &jobs.Store{Table: t}
	a.JobWorker = &jobs.Worker{Table: t, Clock: c, Enqueuer: a.Enqueuer, Runners: map[string]jobs.Runner{}}
	a.Sites = &sites.Store{Table: t}
	a.Activity = &activity.Log{Table: t, Clock: c}
	a.Accounts = &accounts.Service{
		Table: t, Clock: c, Events: a.Events, Jobs: a.Enqueuer, Counters: a.Counters, Sites: a.Sites,
		BaseURL: d.Config.BaseURL, DashboardURL: d.Config.DashboardURL, SignupsPerAddressPerHour: d.Config.SignupsPerAddressPerHour,
	}
	a.Credentials = &credentials.Service{
		Table: t, Clock: c, Events: a.Events, Owners: a.Accounts, DashboardURL: d.Config.DashboardURL,
	}
	a.Accounts.Credentials = a.Credentials
	a.Scheduler = &scheduler.Scheduler{Tasks: []scheduler.Task{
		{Name: "jobs.sweep", Run: func(ctx context.Context) error { _, err := a.JobWorker.Sweep(ctx); return err }},
		{Name: "events.outbox", Run: func(ctx context.Context) error { _, err := a.Fanout.Sweep(ctx); return err }},
	}}

	a.deliveryHandlers = []MessageHandler{a.Fanout.Handle}

	agent := &agentapi.Server{
		Accounts: a.Accounts, Credentials: a.Credentials, Activity: a.Activity,
		Jobs: a.JobStore, Sites: a.Sites, Events: a.EventStore,
	}
	claims := &pages.Claims{Accounts: a.Accounts}
	meta := &oauthserver.Metadata{BaseURL: d.Config.BaseURL}
	a.handlers = map[string]handlerFunc{}
	a.register(agent.Handlers())
	a.register(map[string]handlerFunc{
		"GET /claim/{token}":                        claims.Show,
		"POST /claim/{token}":                       claims.Submit,
		"GET /.well-known/oauth-protected-resource": meta.ProtectedResource,
	})

	// Each feature wires its services, handlers, job runners, queue
	// handlers and scheduled tasks in its own file of this package.
	a.wireMail()
	a.wireBilling()
	a.wireSites()
	a.wireWebhooks()
	a.wireOAuth()
	a.wireContent()
	a.wirePublishing()
	a.wireBacklinks()
	a.wireForum()
	a.wireMCP()
	return a
}

// register adds handlers by route key; a key registered twice is a wiring
// mistake.
func (a *App) register(hs map[string]handlerFunc) {
	for k, h := range hs {
		if _, dup := a.handlers[k]; dup {
			panic("compose: two handlers for " + k)
		}
		a.handlers[k] = h
	}
}

// HandleJobs is the jobs queue's consumer.
func (a *App) HandleJobs(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
	return a.JobWorker.Handle(ctx, ev)
}

// HandleDeliveries is the deliveries queue's consumer: event fan-out.
func (a *App) HandleDeliveries(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
	var resp events.SQSEventResponse
	for _, rec := range ev.Records {
		handled, err := false, error(nil)
		for _, h := range a.deliveryHandlers {
			if handled, err = h(ctx, rec); handled {
				break
			}
		}
		if !handled {
			slog.ErrorContext(ctx, "drop unknown deliveries message", "message_id", rec.MessageId)
			continue
		}
		if err != nil {
			slog.ErrorContext(ctx, "delivery message will be retried", "message_id", rec.MessageId, "err", err)
			resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: rec.MessageId})
		}
	}
	return resp, nil
}

// HandleSchedule is the EventBridge schedule's consumer.
func (a *App) HandleSchedule(ctx context.Context, ev events.EventBridgeEvent) error {
	return a.Scheduler.Handle(ctx, ev)
}

// Minute is the request budgets' window.
const Minute = time.Minute
