package gateway

import (
	"context"
	"net/http"
	"strings"

	"github.com/aws/aws-lambda-go/events"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"rvcontent/shared/kernel/secret"
)

// Handler adapts h to API Gateway HTTP API events (payload 2.0) with
// aws-lambda-go-api-proxy's httpadapter: headers, cookies, base64 bodies,
// the query and GO_API_HOST as API Gateway and the library define them.
// An event's authorizer context reaches h only when seal signed its
// principal for the request (see Seal); with a nil seal, never. The
// master key seal derives from is in every request's context (Keys), for
// what handlers sign themselves. A large answer goes gzipped to a caller
// that accepts it, and one Lambda could not return becomes a 500 that
// says so (see fit). A header whose value is one string (see whole) reaches h
// as API Gateway sent it, not split at its commas as the library splits
// list headers.
func Handler(h http.Handler, seal *Seal) LambdaHandler {
	proxy := httpadapter.NewV2(keepWhole(h)).ProxyWithContext
	return func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		seal.check(&ev)
		if seal != nil {
			ctx = context.WithValue(ctx, keysKey{}, seal.keys)
		}
		ctx = context.WithValue(ctx, headersKey{}, ev.Headers)
		resp, err := proxy(ctx, ev)
		if err != nil {
			return resp, err
		}
		return fit(&ev, resp), nil
	}
}

// keysKey holds the master key in a request's context (see Keys).
type keysKey struct{}

// whole are the request headers whose value is one string, commas and
// spaces included: an Idempotency-Key ("batch 7, item 1" is not "batch
// 7,item 1") and the payment processor's signature. httpadapter splits
// every header it does not know as single-valued at its commas, trimming
// the pieces; Handler gives these back whole.
var whole = []string{"Idempotency-Key", "Stripe-Signature"}

// headersKey holds an event's headers in its request's context, for
// keepWhole.
type headersKey struct{}

// keepWhole sets each whole header of a request to the event's value,
// without the spaces around it (which HTTP does not count as the value).
func keepWhole(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if sent, ok := r.Context().Value(headersKey{}).(map[string]string); ok {
			for _, name := range whole {
				if v := strings.Trim(header(sent, name), " \t"); v != "" {
					r.Header[name] = []string{v}
				}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// Keys returns the master key of the function serving the request whose
// context ctx is, as Handler put it there (the one its seal derives
// from), or nil outside Handler.
func Keys(ctx context.Context) *secret.Source {
	k, _ := ctx.Value(keysKey{}).(*secret.Source)
	return k
}

// RequestContext returns the API Gateway request context of the request
// whose context ctx is, as Handler put it there.
func RequestContext(ctx context.Context) (events.APIGatewayV2HTTPRequestContext, bool) {
	return core.GetAPIGatewayV2ContextFromContext(ctx)
}

// common maps the lower-case names API Gateway sends of frequent headers
// to their canonical forms.
var common = func() map[string]string {
	m := map[string]string{}
	for _, name := range []string{
		"Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Content-Length",
		"Content-Type", "Cookie", "Host", "Idempotency-Key", "Origin", "Referer", "User-Agent", "X-Amzn-Trace-Id",
		"X-Api-Key", "X-Forwarded-For", "X-Forwarded-Port", "X-Forwarded-Proto", "Access-Control-Request-Method",
		"Access-Control-Request-Headers", "Mcp-Protocol-Version", "Mcp-Session-Id", "Stripe-Signature",
	} {
		m[strings.ToLower(name)] = name
	}
	return m
}()
