package compose

import (
	"fmt"
	"net/http"
	"strings"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/mcpserver"
	"rvcontent/shared/edge/publicapi"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
)

type handlerFunc = http.HandlerFunc

// HTTP returns the handler of endpoint group g: every route of the group
// behind the middleware its credential kind needs, and a JSON 404 for
// everything else. It panics when a route has no handler, which the route
// table test catches.
func (a *App) HTTP(g routes.Group) http.Handler {
	mux := http.NewServeMux()
	paths := map[string]bool{}
	for _, r := range routes.ForGroup(g) {
		h, ok := a.handlers[r.Key()]
		if !ok {
			panic(fmt.Sprintf("compose: no handler for route %s", r.Key()))
		}
		mux.Handle(r.Pattern(), a.chain(r, h))
		paths[r.Path] = true
	}
	// Unmatched requests carry the rate-limit headers like every answer
	// (spec 4.1) and count against the caller address's budget.
	anonymous := api.Budget{Limit: a.Config.AnonymousRequestsPerMinute, Window: Minute}
	notFound := api.RateLimit(a.Counters, anonymous, anonymous)(http.HandlerFunc(api.NotFound))
	notFound = publicapi.Unmatched(notFound) // the public API answers in its own shape
	for p := range paths {
		mux.Handle(p, notFound) // same path, another method
	}
	mux.Handle("/", notFound)
	return api.Base(mux)
}

// chain wraps a route's handler in the middleware of its credential kind.
func (a *App) chain(r routes.Route, h http.Handler) http.Handler {
	cfg := a.Config
	account := api.Budget{Limit: cfg.AccountRequestsPerMinute, Window: Minute}
	anonymous := api.Budget{Limit: cfg.AnonymousRequestsPerMinute, Window: Minute}
	label := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			api.Label(req, r.Key())
			next.ServeHTTP(w, req)
		})
	}
	// A tool call's request, made in-process by the MCP server, was counted
	// as its MCP request.
	limit := mcpserver.SkipInProcess(api.RateLimit(a.Counters, account, anonymous))
	var mws []func(http.Handler) http.Handler
	switch {
	case r.Auth == routes.SiteKey:
		// The public API's own chain: CORS, preflights, its limits, the site key.
		mws = append(mws, label, a.PublicAPI.Middleware)
	case r.Auth == routes.Agent && r.Group == routes.MCP:
		// The agent API's credential check and budget; the MCP server reads
		// its own body, and each tool call runs its route's full chain.
		reject := limit(api.Rejecter(cfg.BaseURL))
		mws = append(mws, label, mcpserver.CORS, api.Authenticate(a.Authn, reject), limit)
	case r.Auth == routes.Agent:
		// Refused credentials count against the caller address's budget.
		reject := limit(api.Rejecter(cfg.BaseURL))
		mws = append(mws, label, api.Authenticate(a.Authn, reject), limit, api.ReadBody, api.JSONBody, api.Idempotent(a.Idempotency))
	case strings.HasPrefix(r.Path, routes.AgentBase):
		mws = append(mws, label, limit, api.ReadBody, api.JSONBody, api.Idempotent(a.Idempotency))
	default:
		mws = append(mws, label, api.ReadBody)
	}
	if r.Needs != (billing.Requirement{}) {
		mws = append(mws, api.Gate(a.Gate, r.Needs))
	}
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// HasHandler reports whether the route key has a handler.
func (a *App) HasHandler(key string) bool {
	_, ok := a.handlers[key]
	return ok
}
