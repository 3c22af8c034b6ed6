package gateway

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/par"
)

// Invoker runs an endpoint group's function with an API Gateway event, the
// way API Gateway would: through the Lambda Invoke API in AWS, in-process
// in the dev stack.
type Invoker interface {
	// Invoke runs the function of the group named group.
	Invoke(ctx context.Context, group string, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error)
}

// principalKey names the principal in an internal event's authorizer
// context.
const principalKey = "principal"

// Internal requests. A function of this service that has already
// authenticated its caller (the MCP server for a tool call, the dashboard
// for its owner) runs an endpoint in the endpoint's own function by
// invoking it directly with the caller's principal, signed (Seal), in the
// event's authorizer context. Handler lets such a principal through only
// with the service's signature for that request, so no one else (not a
// direct invocation, not an authorizer API Gateway might run) can speak
// for an account.

// principalJSON is a principal as an internal event carries it.
type principalJSON struct {
	AccountID    string     `json:"account_id"`
	Actor        auth.Actor `json:"actor"`
	CredentialID string     `json:"credential_id,omitempty"`
	IP           string     `json:"ip,omitempty"`
}

// InternalPrincipal returns the principal of an internal request: one whose
// API Gateway event (in ctx, as the adapter puts it) carries one, which
// Handler lets through only with this service's signature.
func InternalPrincipal(ctx context.Context) (auth.Principal, bool) {
	gw, ok := RequestContext(ctx)
	if !ok || gw.Authorizer == nil || gw.Authorizer.Lambda == nil {
		return auth.Principal{}, false
	}
	s, ok := gw.Authorizer.Lambda[principalKey].(string)
	if !ok {
		return auth.Principal{}, false
	}
	var p principalJSON
	if err := json.Unmarshal([]byte(s), &p); err != nil || p.AccountID == "" || p.Actor.Type == "" {
		return auth.Principal{}, false
	}
	return auth.Principal{AccountID: p.AccountID, Actor: p.Actor, CredentialID: p.CredentialID, IP: p.IP}, true
}

// Remote returns an http.Handler that serves a request for a route of
// group by invoking the group's function with the request's API Gateway
// event, as the caller's principal (from the request's context, signed
// with seal), and writes the function's answer. A path no route of the
// group matches goes to the function as $default.
func Remote(inv Invoker, seal *Seal, group routes.Group) http.Handler {
	mux := http.NewServeMux()
	for _, r := range routes.ForGroup(group) {
		mux.Handle(r.Pattern(), forward(inv, seal, group, r.Key(), r.Params()))
	}
	mux.Handle("/", forward(inv, seal, group, "$default", nil))
	return mux
}

// unavailable is the answer when another function cannot be reached.
const unavailable = `{"error":"The service could not reach one of its parts. Retry in a moment.","code":"unavailable"}`

// forward invokes group's function for routeKey.
func forward(inv Invoker, seal *Seal, group routes.Group, routeKey string, params []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		if r.Body != nil {
			b, err := io.ReadAll(r.Body)
			if err != nil {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				_, _ = io.WriteString(w, `{"error":"The request body could not be read.","code":"bad_request"}`)
				return
			}
			body = b
		}
		var pp map[string]string
		if len(params) > 0 {
			pp = map[string]string{}
			for _, name := range params {
				pp[name] = r.PathValue(name)
			}
		}
		ev := Event(r, routeKey, pp, body)
		// The answer is read here, not passed through: it comes as text.
		delete(ev.Headers, "accept-encoding")
		if p, ok := auth.From(r.Context()); ok {
			if p.IP != "" {
				ev.RequestContext.HTTP.SourceIP = p.IP
			}
			if err := seal.WithPrincipal(&ev, p); err != nil {
				slog.ErrorContext(r.Context(), "sign an internal request's principal", "err", err)
				writeUnavailable(w)
				return
			}
		}
		var resp events.APIGatewayV2HTTPResponse
		var err error
		par.Waiting(r.Context(), func() { resp, err = inv.Invoke(r.Context(), string(group), ev) })
		if err != nil {
			writeUnavailable(w)
			return
		}
		WriteResponse(w, resp)
	})
}

// writeUnavailable answers 503 unavailable: another function could not be
// reached.
func writeUnavailable(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", "5")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = io.WriteString(w, unavailable)
}

// RemoteAgentAPI returns an http.Handler that serves every agent-API route
// by invoking its group's function (Remote), as the caller's principal (from
// the request's context, signed with seal): how the owner's dashboard runs
// each of its reads and actions as the endpoint itself. Other paths answer
// a plain 404.
func RemoteAgentAPI(inv Invoker, seal *Seal) http.Handler {
	groups := map[routes.Group]http.Handler{}
	mux := http.NewServeMux()
	for _, r := range routes.Table {
		if r.Auth != routes.Agent || r.Group == routes.MCP {
			continue
		}
		h, ok := groups[r.Group]
		if !ok {
			h = Remote(inv, seal, r.Group)
			groups[r.Group] = h
		}
		mux.Handle(r.Pattern(), h)
	}
	return mux
}
