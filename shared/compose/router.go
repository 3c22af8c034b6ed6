package compose

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
)

// Minute is the request budgets' window.
const Minute = time.Minute

// Middleware wraps a handler.
type Middleware = func(http.Handler) http.Handler

// Group returns the handler of endpoint group: every route of the group,
// with its handler from hs (by route key), behind the middleware its
// credential kind and needs call for, and a JSON 404 for everything else.
// own, when not nil, is the group's own outer middleware: the public API's
// chain (CORS, preflights, its limits, the site key) around its site-key
// routes, or the MCP server's CORS around its agent-credential routes. It
// panics when a route has no handler, which the route table test catches.
func Group(g *Graph, group routes.Group, hs map[string]http.HandlerFunc, own Middleware) http.Handler {
	mux := http.NewServeMux()
	paths := map[string]bool{}
	for _, r := range routes.ForGroup(group) {
		h, ok := hs[r.Key()]
		if !ok {
			panic(fmt.Sprintf("compose: no handler for route %s", r.Key()))
		}
		mux.Handle(r.Pattern(), chain(g, r, h, own))
		paths[r.Path] = true
	}
	// Unmatched requests carry the rate-limit headers like every answer
	// (spec 4.1) and count against the caller address's budget.
	anonymous := api.Budget{Limit: g.Config.AnonymousRequestsPerMinute, Window: Minute}
	notFound := api.RateLimit(Counters(g), anonymous, anonymous)(http.HandlerFunc(api.NotFound))
	notFound = publicapi.Unmatched(notFound) // the public API answers in its own shape
	for p := range paths {
		mux.Handle(p, notFound) // same path, another method
	}
	mux.Handle("/", notFound)
	return api.Base(mux)
}

// chain wraps a route's handler in the middleware of its credential kind,
// with the plan gate when the route needs something.
func chain(g *Graph, r routes.Route, h http.Handler, own Middleware) http.Handler {
	cfg := g.Config
	label := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			api.Label(req, r.Key())
			next.ServeHTTP(w, req)
		})
	}
	limit := func() Middleware {
		account := api.Budget{Limit: cfg.AccountRequestsPerMinute, Window: Minute}
		anonymous := api.Budget{Limit: cfg.AnonymousRequestsPerMinute, Window: Minute}
		// A tool call's request, made in-process by the MCP server, was
		// counted as its MCP request.
		return api.SkipInternal(api.RateLimit(Counters(g), account, anonymous))
	}
	// The plan gate's reads start with the budget count; its decision is
	// answered after the idempotency claim (a replay comes first).
	gateStart, gateCheck := passThrough, passThrough
	if r.Needs != (billing.Requirement{}) {
		if r.Auth != routes.Agent {
			panic("compose: only agent-credential routes have plan requirements: " + r.Key())
		}
		gateStart, gateCheck = api.Gate(Gate(g), r.Needs)
	}
	// A write waits for its budget count right before it runs; a tool call
	// is held by the MCP server itself, which knows whether it writes.
	await := api.SkipInternal(api.AwaitBudget)
	var mws []Middleware
	switch {
	case r.Auth == routes.SiteKey:
		if own == nil {
			panic("compose: the public API's routes need its chain")
		}
		mws = append(mws, label, own)
	case r.Auth == routes.Agent:
		// Refused credentials count against the caller address's budget.
		l := limit()
		mws = append(mws, label)
		if own != nil {
			mws = append(mws, own)
		}
		mws = append(mws, api.Authenticate(Authn(g), l(api.Rejecter(cfg.BaseURL))), l, gateStart)
		if r.Group != routes.MCP {
			// The MCP server reads its own body; each tool call runs its
			// route's full chain.
			mws = append(mws, api.ReadBody, api.JSONBody, api.Idempotent(Idempotency(g)), gateCheck, await)
		}
	case strings.HasPrefix(r.Path, routes.AgentBase):
		mws = append(mws, label, limit(), api.ReadBody, api.JSONBody, api.Idempotent(Idempotency(g)), await)
	default:
		mws = append(mws, label, api.ReadBody)
	}
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// passThrough is the middleware that adds nothing.
func passThrough(h http.Handler) http.Handler { return h }
