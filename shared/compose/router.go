package compose

import (
	"fmt"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/oauthserver"
	"rvcontent/shared/edge/publicapi/shape"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apperr"
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
	return groupHandler(g, group, hs, own, plainNotFound)
}

// ParamNotFound answers a request whose path parameter p cannot exist: a
// JSON 404 on the APIs, a 404 page on pages. next is the route's handler,
// for a page that must first send a signed-out browser to sign in (see
// api.MarkImpossible).
type ParamNotFound func(w http.ResponseWriter, r *http.Request, p routes.Param, next http.Handler)

// PageGroup is Group for the group of pages a person opens: notFound
// renders the 404 page of a path parameter that cannot exist. (Only the
// pages function links the page templates.)
func PageGroup(g *Graph, group routes.Group, hs map[string]http.HandlerFunc, notFound ParamNotFound) http.Handler {
	return groupHandler(g, group, hs, nil, notFound)
}

// groupHandler builds Group and PageGroup's handler; pageNotFound answers
// the page routes' impossible parameters.
func groupHandler(g *Graph, group routes.Group, hs map[string]http.HandlerFunc, own Middleware, pageNotFound ParamNotFound) http.Handler {
	mux := http.NewServeMux()
	paths := map[string]bool{}
	for _, r := range routes.ForGroup(group) {
		h, ok := hs[r.Key()]
		if !ok {
			panic(fmt.Sprintf("compose: no handler for route %s", r.Key()))
		}
		mux.Handle(r.Pattern(), chain(g, r, h, own, pageNotFound))
		paths[r.Path] = true
	}
	// Unmatched requests carry the rate-limit headers like every answer
	// (spec 4.1). In an agent-API group (the accounts function serves API
	// Gateway's $default route, so every unrouted request in AWS), one
	// with an accepted agent credential counts against its account's
	// budget, as its other requests do; any other against the caller
	// address's.
	anonymous := api.Budget{Limit: g.Config.AnonymousRequestsPerMinute, Window: Minute}
	answer := api.ForBrowsers(routes.IsPage, routes.FormPage, http.HandlerFunc(api.NotFound))
	notFound := api.RateLimit(Counters(g), anonymous, anonymous)(answer)
	if hasAgentRoutes(group) {
		account := api.Budget{Limit: g.Config.AccountRequestsPerMinute, Window: Minute}
		counted := api.SkipInternal(api.RateLimit(Counters(g), account, anonymous))(answer)
		notFound = api.Authenticate(Authn(g), counted, Known(g))(counted)
	}
	notFound = shape.Unmatched(notFound, publicAddressAdmits(g)) // the public API answers in its own shape
	notFound = privateUnmatched(notFound)
	for p := range paths {
		mux.Handle(p, notFound) // same path, another method
	}
	mux.Handle("/", notFound)
	return api.Base(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; p != path.Clean(p) && p != path.Clean(p)+"/" {
			notFound.ServeHTTP(w, r) // "//" or "." segments: the JSON 404, not the mux's redirect
			return
		}
		if r.Method == http.MethodHead {
			// API Gateway routes by exact method, so in AWS a HEAD reaches
			// no route's function; the mux would serve it as a GET.
			notFound.ServeHTTP(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	}))
}

// chain wraps a route's handler in the middleware of its credential kind,
// with the plan gate when the route needs something. A path parameter that
// cannot exist answers not found once the caller is known (agent API) or at
// once (pages), before anything is read for it.
func chain(g *Graph, r routes.Route, h http.Handler, own Middleware, pageNotFound ParamNotFound) http.Handler {
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
		mws = append(mws, api.Authenticate(Authn(g), l(api.Rejecter(cfg.BaseURL)), Known(g)), l, knownParams(r, notFound), api.WellFormedQuery, gateStart)
		if r.Group != routes.MCP {
			// The MCP server reads its own body; each tool call runs its
			// route's full chain.
			mws = append(mws, api.ReadBody, api.JSONBody, api.Idempotent(Idempotency(g)), gateCheck, await)
		}
	case strings.HasPrefix(r.Path, routes.AgentBase):
		mws = append(mws, label, limit(), knownParams(r, notFound), api.WellFormedQuery, api.ReadBody, api.JSONBody, api.Idempotent(Idempotency(g)), await)
	case r.Group == routes.OAuth:
		mws = append(mws, label, knownParams(r, pageNotFound), api.ReadBodyAnswering(oauthserver.BodyRefused))
	case strings.HasPrefix(r.Path, routes.PublicBase+"/"):
		// A public route without a site key (the API's OpenAPI document)
		// answers in the public shape and counts against the address.
		keyless := func(next http.Handler) http.Handler { return shape.Keyless(next, publicAddressAdmits(g)) }
		mws = append(mws, label, keyless, knownParams(r, pageNotFound), api.ReadBody)
	default:
		mws = append(mws, label, knownParams(r, pageNotFound), api.ReadBody)
	}
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	if private(r) {
		h = api.NoStore(h) // outermost: refusals are the caller's too
	}
	return h
}

// private reports whether r's answers are the caller's own, which no cache
// may keep (api.NoStore): every agent-credential route (the MCP server's
// included) and POST /accounts, whose answer holds the new agent key and
// claim link; not the OpenAPI documents, which are public.
func private(r routes.Route) bool {
	return r.Auth == routes.Agent || strings.HasPrefix(r.Path, routes.AgentBase) && r.Path != routes.AgentOpenAPIPath
}

// privateUnmatched has the 404 of a request no route matched under the
// agent API or the MCP server say that no cache may keep it
// (api.NoStore), as every other answer there does, refusals included; the
// public API's and the pages' unmatched requests keep their own headers.
func privateUnmatched(h http.Handler) http.Handler {
	noStore := api.NoStore(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if under(r.URL.Path, routes.AgentBase) || under(r.URL.Path, routes.MCPPath) {
			noStore.ServeHTTP(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// under reports whether path is root or below it.
func under(path, root string) bool { return path == root || strings.HasPrefix(path, root+"/") }

// hasAgentRoutes reports whether group serves routes of the agent API.
func hasAgentRoutes(group routes.Group) bool {
	for _, r := range routes.ForGroup(group) {
		if r.Auth == routes.Agent {
			return true
		}
	}
	return false
}

// passThrough is the middleware that adds nothing.
func passThrough(h http.Handler) http.Handler { return h }

// knownParams answers a request whose path parameter cannot exist (not of
// its kind, see routes.ParamKind) with notFound, before anything is read
// for it; other requests go on. The public API's routes answer their own
// errors.
func knownParams(r routes.Route, notFound ParamNotFound) Middleware {
	return func(next http.Handler) http.Handler {
		if !r.Checked() {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if p, bad := r.Impossible(req.PathValue); bad {
				notFound(w, req, p, next)
				return
			}
			next.ServeHTTP(w, req)
		})
	}
}

// notFound is the APIs' answer to a parameter that cannot exist: the
// resource's own not_found.
func notFound(w http.ResponseWriter, req *http.Request, p routes.Param, _ http.Handler) {
	api.Error(w, req, apperr.New(apperr.NotFound, p.NotFound))
}

// plainNotFound is the answer of a page route outside the pages function
// (none today): a plain-text 404.
func plainNotFound(w http.ResponseWriter, _ *http.Request, p routes.Param, _ http.Handler) {
	http.Error(w, p.NotFound, http.StatusNotFound)
}

// publicAddressAdmits counts a request under the public API's root that
// matches none of its routes against its address's per-minute limit, as
// the public API's own chain counts every request it serves, and reports
// whether it is within it. A counter that fails admits (and is logged),
// as the public API's own count does.
func publicAddressAdmits(g *Graph) func(*http.Request) bool {
	return func(r *http.Request) bool {
		win, err := Counters(g).Hit(r.Context(), shape.AddressScope(r), shape.Window)
		if err != nil {
			slog.WarnContext(r.Context(), "public rate limit counter failed", "err", err)
			return true
		}
		return win.Count <= g.Config.PublicRequestsPerIP
	}
}
