package compose

import (
	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/erasure"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/idempotency"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/oauth"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/feature/sessions"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/mail"
)

// The parts every group shares: the table's counters and logs, events,
// jobs, sites, mail, accounts and credentials. Each key type names one part
// in a Graph.
type (
	kEgress       struct{}
	kCounters     struct{}
	kAI           struct{}
	kIdempotency  struct{}
	kEvents       struct{}
	kEventStore   struct{}
	kEnqueuer     struct{}
	kJobStore     struct{}
	kActivity     struct{}
	kSites        struct{}
	kSiteSettings struct{}
	kSpool        struct{}
	kAccounts     struct{}
	kClaims       struct{}
	kErasure      struct{}
	kCredentials  struct{}
	kWebhooks     struct{}
	kTokens       struct{}
	kKnown        struct{}
	kAuthn        struct{}
	kSessions     struct{}
	kSeal         struct{}
)

// Table is the service's table.
func Table(g *Graph) *dynamo.Table { return need(g.Deps.Table, "a table") }

// Egress is the outbound HTTP client for addresses users give.
func Egress(g *Graph) *egress.Client {
	return once(g, kEgress{}, func() *egress.Client {
		if g.Deps.Egress != nil {
			return g.Deps.Egress
		}
		return egress.New(egress.Options{UserAgent: UserAgent})
	})
}

// Counters are the fixed-window request counters.
func Counters(g *Graph) *ratelimit.Counters {
	return once(g, kCounters{}, func() *ratelimit.Counters { return &ratelimit.Counters{Table: Table(g), Clock: g.Clock} })
}

// AI is the per-account AI rate limit that research, verification checks,
// sweeps and rewrites count toward.
func AI(g *Graph) *ratelimit.AI {
	return once(g, kAI{}, func() *ratelimit.AI {
		return &ratelimit.AI{Counters: Counters(g), PerHour: g.Config.AIRequestsPerHour}
	})
}

// Idempotency stores Idempotency-Key records.
func Idempotency(g *Graph) *idempotency.Store {
	return once(g, kIdempotency{}, func() *idempotency.Store { return &idempotency.Store{Table: Table(g), Clock: g.Clock} })
}

// Events records events with their changes and hands those a webhook
// endpoint wants to the deliveries queue for fan-out.
func Events(g *Graph) *eventlog.Writer {
	return once(g, kEvents{}, func() *eventlog.Writer {
		return &eventlog.Writer{Clock: g.Clock, Dispatcher: dispatcher(g), Subscribers: webhooks.Subscriptions{Table: Table(g)}}
	})
}

func dispatcher(g *Graph) *eventlog.QueueDispatcher {
	return &eventlog.QueueDispatcher{Queue: need(g.DeliveriesQueue, "the deliveries queue")}
}

// EventStore reads the events feed.
func EventStore(g *Graph) *eventlog.Store {
	return once(g, kEventStore{}, func() *eventlog.Store { return &eventlog.Store{Table: Table(g), Clock: g.Clock} })
}

// Enqueuer queues jobs.
func Enqueuer(g *Graph) *jobs.Enqueuer {
	return once(g, kEnqueuer{}, func() *jobs.Enqueuer {
		return &jobs.Enqueuer{Clock: g.Clock, Queue: need(g.JobsQueue, "the jobs queue")}
	})
}

// JobStore reads jobs.
func JobStore(g *Graph) *jobs.Store {
	return once(g, kJobStore{}, func() *jobs.Store { return &jobs.Store{Table: Table(g), Clock: g.Clock} })
}

// Activity is the activity log.
func Activity(g *Graph) *activity.Log {
	return once(g, kActivity{}, func() *activity.Log { return &activity.Log{Table: Table(g), Clock: g.Clock} })
}

// Sites stores sites.
func Sites(g *Graph) *sites.Store {
	return once(g, kSites{}, func() *sites.Store { return &sites.Store{Table: Table(g)} })
}

// SiteSettings changes a site's brand and writing settings.
func SiteSettings(g *Graph) *sites.Settings {
	return once(g, kSiteSettings{}, func() *sites.Settings { return &sites.Settings{Table: Table(g), Clock: g.Clock, Store: Sites(g)} })
}

// Spool is the mail outbox every email goes through.
func Spool(g *Graph) *mail.Spool {
	return once(g, kSpool{}, func() *mail.Spool {
		var sender mail.Sender = mail.Deferred{}
		if g.Mailer != nil {
			sender = g.Mailer
		}
		return &mail.Spool{Table: Table(g), Clock: g.Clock, Sender: sender}
	})
}

// Owners reads accounts' owners.
func Owners(g *Graph) accounts.Owners { return accounts.Owners{Table: Table(g)} }

// Accounts creates, reads and claims accounts.
func Accounts(g *Graph) *accounts.Service {
	return once(g, kAccounts{}, func() *accounts.Service {
		return &accounts.Service{
			Table: Table(g), Clock: g.Clock, Events: Events(g), Jobs: Enqueuer(g), Mail: Spool(g),
			Counters: Counters(g), Credentials: Credentials(g), Sites: Sites(g),
			BaseURL: g.Config.BaseURL, DashboardURL: g.Config.DashboardURL,
			SignupsPerAddressPerHour: g.Config.SignupsPerAddressPerHour, Eraser: Erasure(g),
		}
	})
}

// Erasure deletes accounts for their owners.
func Erasure(g *Graph) *erasure.Service {
	return once(g, kErasure{}, func() *erasure.Service {
		return &erasure.Service{Table: Table(g), Clock: g.Clock, Jobs: Enqueuer(g), Mail: Spool(g)}
	})
}

// Claims serves the claim page: it finds an account by its claim token
// and claims it.
func Claims(g *Graph) *accounts.Claims {
	return once(g, kClaims{}, func() *accounts.Claims {
		return &accounts.Claims{Table: Table(g), Clock: g.Clock, Events: Events(g)}
	})
}

// Credentials manages agent keys and OAuth connections; a revocation
// disables the webhook endpoints the credential created.
func Credentials(g *Graph) *credentials.Service {
	return once(g, kCredentials{}, func() *credentials.Service {
		return &credentials.Service{
			Table: Table(g), Clock: g.Clock, Events: Events(g), Mail: Spool(g), Owners: Owners(g),
			Listener: Webhooks(g), DashboardURL: g.Config.DashboardURL,
		}
	})
}

// Webhooks manages webhook endpoints and their deliveries.
func Webhooks(g *Graph) *webhooks.Service {
	return once(g, kWebhooks{}, func() *webhooks.Service {
		return &webhooks.Service{
			Table: Table(g), Clock: g.Clock, Events: Events(g), Queue: need(g.DeliveriesQueue, "the deliveries queue"),
			Client: Egress(g), Keys: webhooks.NewKeyring(g.Secret),
			Mail: Spool(g), Owners: Owners(g), DashboardURL: g.Config.DashboardURL,
		}
	})
}

// Tokens signs and verifies OAuth access tokens.
func Tokens(g *Graph) *oauth.Tokens {
	return once(g, kTokens{}, func() *oauth.Tokens { return oauth.NewTokens(g.Secret, g.Config.BaseURL, g.Clock) })
}

// Seal signs the principal of the requests this function makes to another
// endpoint group's function, and checks it on those it receives.
func Seal(g *Graph) *gateway.Seal {
	return once(g, kSeal{}, func() *gateway.Seal { return gateway.NewSeal(g.Secret) })
}

// Authn accepts the agent API's and MCP's credentials: agent keys and OAuth
// access tokens.
func Authn(g *Graph) *oauth.Authenticator {
	return once(g, kAuthn{}, func() *oauth.Authenticator {
		keys := &credentials.Authenticator{Table: Table(g), Clock: g.Clock}
		return &oauth.Authenticator{Keys: keys, Tokens: Tokens(g), Connections: keys}
	})
}

// Known remembers the principals of credentials accepted lately, so a
// read with one runs beside its check (see api.Authenticate): one per
// function, shared by its routes.
func Known(g *Graph) *api.Principals {
	return once(g, kKnown{}, api.NewPrincipals)
}

// Sessions signs owners in by email link and keeps their sessions.
func Sessions(g *Graph) *sessions.Service {
	return once(g, kSessions{}, func() *sessions.Service {
		return &sessions.Service{
			Table: Table(g), Clock: g.Clock, Mail: Spool(g), Owners: Owners(g), Counters: Counters(g),
			RequestsPerAddressPerHour: g.Config.SignInsPerAddressPerHour,
			BaseURL:                   g.Config.BaseURL, Keys: g.Secret,
		}
	})
}
