// Package compose is the composition root: it builds the service's parts
// from their adapters, and gives each Lambda function (and the dev stack)
// the handler it runs: one http.Handler per endpoint group (HTTP), the jobs
// and deliveries queue consumers (Jobs, Deliveries) and the scheduler
// (Scheduler).
//
// Parts are built on demand. A Graph holds the adapters (Deps) and each
// part once built; a getter such as Articles(g) builds its part from the
// parts it needs, by calling their getters, the first time it is asked.
// Composing one group's handler therefore builds that group's parts and
// nothing else, so a function builds and starts only what it serves,
// while the dev stack, which composes every group on one Graph, shares one
// of each. Every part is complete when built: no field is set afterwards.
//
// This package composes the parts every function may need (the table,
// budgets, credentials, accounts, sites, billing, events and webhooks) and
// the groups made of them alone: accounts, sites, billing, events and
// OAuth. The content side (articles, writing, backlinks, forum presence,
// the public API, the scheduler) is composed in contentfns, the jobs
// worker in jobsfn, the owner's pages in pagesfn, the MCP server in mcpfn
// and the payment processor's webhooks in payhookfn; each is imported only
// by the functions that serve it, so a function links the packages it
// serves (and runs their initialisers) and no others.
package compose

import (
	"fmt"
	"log/slog"
	"os"
	"strings"

	"rvcontent/shared/feature/forum"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/mail"
	"rvcontent/shared/platform/model"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/queue"
)

// Deps are the adapters the service runs on: AWS in a Lambda, local
// stand-ins in the dev stack. A function sets the ones its group uses; a
// part that needs an adapter nobody set fails the composition at start.
type Deps struct {
	Config          config.Config
	Table           *dynamo.Table
	Clock           clock.Clock
	JobsQueue       queue.Sender
	DeliveriesQueue queue.Sender
	// Mailer sends email (SES, or the dev outbox); nil leaves every mail
	// to the outbox sweep (mail.Deferred).
	Mailer mail.Sender
	// Egress is the one outbound HTTP client for addresses users give;
	// nil makes one with UserAgent.
	Egress *egress.Client
	// Payments is the payment processor (Stripe in AWS, the simulated
	// processor in the dev stack); nil leaves billing unavailable.
	Payments payments.Processor
	// ForumPlatform is the discussion platform forum presence reads (the
	// fixture forum in the dev stack); nil reads the forum's public API
	// through Egress.
	ForumPlatform forum.Platform
	// Model is the language model; nil is the deterministic offline model.
	Model model.Model
	// Secret is the master key (see package secret): a deployed function
	// reads it in the background from the secret SECRET_KEY_SECRET_ID
	// names; nil is Config.SecretKey, known at once.
	Secret *secret.Source
}

// Graph is a composition in progress: the adapters and every part built so
// far. It is built once when a function or the dev stack starts and is not
// safe for concurrent use; the handlers it returns are.
type Graph struct {
	Deps
	parts    map[any]any
	building map[any]bool
}

// New returns a Graph on d, with the configuration's defaults filled in.
func New(d Deps) *Graph {
	d.Config.Fill()
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Secret == nil {
		d.Secret = secret.Static(d.Config.SecretKey)
	}
	return &Graph{Deps: d, parts: map[any]any{}, building: map[any]bool{}}
}

// Once returns the part stored under key (a value of a type of the
// caller's own, so keys of two packages never meet), building it first
// with build. A part whose building asks for itself is a wiring mistake: it
// panics with the key, as does a part that needs an adapter g lacks.
func Once[T any](g *Graph, key any, build func() T) T {
	return once(g, key, build)
}

// once is Once.
func once[T any](g *Graph, key any, build func() T) T {
	if v, ok := g.parts[key]; ok {
		return v.(T)
	}
	if g.building[key] {
		panic(fmt.Sprintf("compose: %T needs itself", key))
	}
	g.building[key] = true
	v := build()
	delete(g.building, key)
	g.parts[key] = v
	return v
}

// need panics when an adapter a part needs was not given.
func need[T comparable](v T, what string) T {
	var zero T
	if v == zero {
		panic("compose: this function was not given " + what)
	}
	return v
}

// UserAgent is the honest User-Agent of the service's outbound requests.
const UserAgent = "ServiceBot/1.0 (content-marketing service; fetches pages its users ask it to)"

// SetupLogging makes slog write JSON lines at level to standard output.
func SetupLogging(level string) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(strings.ToLower(level))); err != nil {
		l = slog.LevelInfo
	}
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: l})))
}
