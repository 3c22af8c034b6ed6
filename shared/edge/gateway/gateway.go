// Package gateway is the edge between API Gateway's HTTP API (payload
// version 2.0) and plain net/http handlers, in both directions: Lambda
// functions wrap their handler with Handler (a request's API Gateway
// request context is then RequestContext of its context); the dev stack
// turns each incoming request into the event API Gateway would send
// (Event) and writes the function's answer back (WriteResponse), so every
// local request takes the production adapter path.
package gateway

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
)

// LambdaHandler is the signature of an HTTP API Lambda function.
type LambdaHandler func(context.Context, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error)

// Event returns the event API Gateway sends for r, matched by routeKey
// ("GET /path/{id}", or "$default") with path parameters params.
func Event(r *http.Request, routeKey string, params map[string]string, body []byte) events.APIGatewayV2HTTPRequest {
	headers := make(map[string]string, len(r.Header))
	var cookies []string
	for k, vs := range r.Header {
		lk := lower(k)
		if lk == "cookie" {
			for _, v := range vs {
				for c := range strings.SplitSeq(v, ";") {
					if c = strings.TrimSpace(c); c != "" {
						cookies = append(cookies, c)
					}
				}
			}
			continue
		}
		if len(vs) == 1 {
			headers[lk] = vs[0]
		} else {
			headers[lk] = strings.Join(vs, ",")
		}
	}
	var query map[string]string
	if r.URL.RawQuery != "" {
		values := r.URL.Query()
		query = make(map[string]string, len(values))
		for k, vs := range values {
			query[k] = strings.Join(vs, ",")
		}
	}
	ip, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		ip = r.RemoteAddr
	}
	prefix, _, _ := strings.Cut(r.Host, ".")
	now := time.Now()
	ev := events.APIGatewayV2HTTPRequest{
		Version:               "2.0",
		RouteKey:              routeKey,
		RawPath:               r.URL.EscapedPath(),
		RawQueryString:        r.URL.RawQuery,
		Cookies:               cookies,
		Headers:               headers,
		QueryStringParameters: query,
		PathParameters:        params,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey:     routeKey,
			AccountID:    "000000000000",
			Stage:        "$default",
			RequestID:    requestID(),
			APIID:        "devstack",
			DomainName:   r.Host,
			DomainPrefix: prefix,
			Time:         now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
			TimeEpoch:    now.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method:    r.Method,
				Path:      r.URL.Path,
				Protocol:  r.Proto,
				SourceIP:  ip,
				UserAgent: r.UserAgent(),
			},
		},
	}
	if len(query) == 0 {
		ev.QueryStringParameters = nil
	}
	if len(body) > 0 {
		if utf8.Valid(body) {
			ev.Body = string(body)
		} else {
			ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(body), true
		}
	}
	return ev
}

// lower returns header name k in lower case, as API Gateway sends header
// names, without an allocation for the usual ones.
func lower(k string) string {
	if l, ok := lowered()[k]; ok {
		return l
	}
	return strings.ToLower(k)
}

// lowered maps the canonical names of frequent headers to lower case. It
// is built on first use: only functions that make events need it.
var lowered = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(common))
	for l, c := range common {
		m[c] = l
	}
	return m
})

// requestIDs make API Gateway-like request ids: a prefix random per
// process (drawn on first use) and a count, base64.
var requestIDs = struct {
	prefix func() [8]byte
	n      atomic.Uint64
}{prefix: sync.OnceValue(func() (p [8]byte) {
	_, _ = rand.Read(p[:])
	return p
})}

// requestID returns a request id no other request of any process is
// likely to have.
func requestID() string {
	var b [16]byte
	prefix := requestIDs.prefix()
	copy(b[:8], prefix[:])
	binary.BigEndian.PutUint64(b[8:], requestIDs.n.Add(1))
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// WriteResponse writes a function's answer to w as API Gateway would.
func WriteResponse(w http.ResponseWriter, resp events.APIGatewayV2HTTPResponse) {
	h := w.Header()
	values := make([]string, 0, len(resp.Headers)) // one backing array for all single values
	for k, v := range resp.Headers {
		values = append(values, v)
		h[textproto.CanonicalMIMEHeaderKey(k)] = values[len(values)-1 : len(values) : len(values)]
	}
	for k, vs := range resp.MultiValueHeaders {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	for _, c := range resp.Cookies {
		w.Header().Add("Set-Cookie", c)
	}
	status := resp.StatusCode
	if status == 0 {
		status = http.StatusOK
	}
	if resp.IsBase64Encoded {
		if b, err := base64.StdEncoding.DecodeString(resp.Body); err == nil {
			w.WriteHeader(status)
			_, _ = w.Write(b)
			return
		}
	}
	w.WriteHeader(status)
	_, _ = io.WriteString(w, resp.Body)
}
