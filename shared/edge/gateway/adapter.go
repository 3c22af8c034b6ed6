package gateway

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
)

// The function's side of the adapter: an API Gateway v2 event becomes the
// http.Request a handler serves, and what the handler writes becomes the
// event's answer. It behaves as aws-lambda-go-api-proxy's httpadapter.NewV2
// did (headers split and joined on commas, cookies, base64 bodies, the
// query, GO_API_HOST), with fewer copies and allocations on the way.

// requestContextKey holds an internal request's API Gateway request
// context (RequestContext reads it).
type requestContextKey struct{}

// RequestContext returns the API Gateway request context of the request
// whose context ctx is, as Handler put it there.
func RequestContext(ctx context.Context) (events.APIGatewayV2HTTPRequestContext, bool) {
	rc, ok := ctx.Value(requestContextKey{}).(*events.APIGatewayV2HTTPRequestContext)
	if !ok {
		return events.APIGatewayV2HTTPRequestContext{}, false
	}
	return *rc, true
}

// customHost, when set (GO_API_HOST, as the proxy library reads it),
// replaces https://<domain name> in request URLs.
var customHost, hasCustomHost = os.LookupEnv("GO_API_HOST")

// Handler adapts h to API Gateway HTTP API events.
func Handler(h http.Handler) LambdaHandler {
	return func(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		r, err := request(ctx, &ev)
		if err != nil {
			return gatewayTimeout(), fmt.Errorf("gateway: could not convert the event to a request: %w", err)
		}
		w := &answer{header: make(http.Header, 8), status: unset}
		h.ServeHTTP(w, r)
		return w.response()
	}
}

// request returns the http.Request of ev, with ev's request context in
// its context.
func request(ctx context.Context, ev *events.APIGatewayV2HTTPRequest) (*http.Request, error) {
	body, n, err := requestBody(ev)
	if err != nil {
		return nil, err
	}
	u, err := requestURL(ev)
	if err != nil {
		return nil, err
	}
	rc := &ev.RequestContext
	r := &http.Request{
		Method: strings.ToUpper(rc.HTTP.Method), URL: u, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: requestHeader(ev), Body: body, ContentLength: n, Host: u.Host, RemoteAddr: rc.HTTP.SourceIP,
		RequestURI: u.RequestURI(),
	}
	return r.WithContext(context.WithValue(ctx, requestContextKey{}, rc)), nil
}

// requestBody returns ev's body, decoded from base64 when it is, and its
// length.
func requestBody(ev *events.APIGatewayV2HTTPRequest) (io.ReadCloser, int64, error) {
	if ev.IsBase64Encoded {
		b, err := base64.StdEncoding.DecodeString(ev.Body)
		if err != nil {
			return nil, 0, err
		}
		return io.NopCloser(bytes.NewReader(b)), int64(len(b)), nil
	}
	if ev.Body == "" {
		return http.NoBody, 0, nil
	}
	return io.NopCloser(strings.NewReader(ev.Body)), int64(len(ev.Body)), nil
}

// requestHeader returns ev's headers: its cookies as Cookie headers, and
// every other header's value split on commas (except headers that take one
// value).
func requestHeader(ev *events.APIGatewayV2HTTPRequest) http.Header {
	h := make(http.Header, len(ev.Headers)+1)
	if len(ev.Cookies) > 0 {
		h["Cookie"] = append([]string(nil), ev.Cookies...)
	}
	// Single values share one backing array.
	values := make([]string, 0, len(ev.Headers))
	for k, v := range ev.Headers {
		name := canonical(k)
		if !singleton[name] && strings.Contains(v, ",") {
			for part := range strings.SplitSeq(v, ",") {
				h[name] = append(h[name], strings.Trim(part, " "))
			}
			continue
		}
		if !singleton[name] {
			v = strings.Trim(v, " ")
		}
		if _, dup := h[name]; dup {
			h[name] = append(h[name], v)
			continue
		}
		values = append(values, v)
		h[name] = values[len(values)-1 : len(values) : len(values)]
	}
	return h
}

// requestURL returns the URL of ev: its raw path (or the context's path)
// and query on https://<domain name>.
func requestURL(ev *events.APIGatewayV2HTTPRequest) (*url.URL, error) {
	path := ev.RawPath
	if path == "" {
		path = ev.RequestContext.HTTP.Path
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	query := ev.RawQueryString
	if query == "" && len(ev.QueryStringParameters) > 0 {
		values := url.Values{}
		for k, v := range ev.QueryStringParameters {
			values.Add(k, v)
		}
		query = values.Encode()
	}
	if hasCustomHost {
		if query != "" {
			path += "?" + query
		}
		return url.Parse(customHost + path)
	}
	u := &url.URL{Scheme: "https", Host: ev.RequestContext.DomainName, RawQuery: query}
	unescaped, err := url.PathUnescape(path)
	if err != nil {
		return nil, err
	}
	u.Path = unescaped
	if u.EscapedPath() != path { // as url.Parse keeps an escaping of its own
		u.RawPath = path
	}
	return u, nil
}

// canonical returns the canonical form of header name k, without an
// allocation for the names requests usually carry.
func canonical(k string) string {
	if c, ok := common[k]; ok {
		return c
	}
	return textproto.CanonicalMIMEHeaderKey(k)
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

// singleton are the headers whose value is never split on commas (as the
// proxy library has them).
var singleton = map[string]bool{
	"Content-Type": true, "Content-Disposition": true, "Content-Length": true, "User-Agent": true,
	"Referer": true, "Host": true, "Authorization": true, "Proxy-Authorization": true,
	"If-Modified-Since": true, "If-Unmodified-Since": true, "From": true, "Location": true,
	"Max-Forwards": true,
}

// unset is an answer's status before anything is written.
const unset = -1

// answer is the http.ResponseWriter a handler writes the function's answer
// to.
type answer struct {
	header http.Header
	body   strings.Builder
	status int
}

func (a *answer) Header() http.Header { return a.header }

// WriteHeader sets the status.
func (a *answer) WriteHeader(status int) { a.status = status }

// Write adds b to the body: the status is 200 unless one was set, and the
// content type is detected unless one was set.
func (a *answer) Write(b []byte) (int, error) {
	if a.status == unset {
		a.status = http.StatusOK
	}
	if a.header.Get("Content-Type") == "" {
		a.header.Add("Content-Type", http.DetectContentType(b))
	}
	return a.body.Write(b)
}

// errNoStatus is the error of a handler that answered nothing.
var errNoStatus = errors.New("gateway: the handler set no status")

// response returns the event's answer: headers joined on commas,
// Set-Cookie as cookies, a body that is not UTF-8 in base64.
func (a *answer) response() (events.APIGatewayV2HTTPResponse, error) {
	if a.status == unset {
		return gatewayTimeout(), errNoStatus
	}
	resp := events.APIGatewayV2HTTPResponse{StatusCode: a.status, Headers: make(map[string]string, len(a.header)), Cookies: []string{}}
	for k, v := range a.header {
		switch {
		case strings.EqualFold(k, "Set-Cookie"):
			resp.Cookies = append(resp.Cookies, v...)
		case len(v) == 1:
			resp.Headers[k] = v[0]
		default:
			resp.Headers[k] = strings.Join(v, ",")
		}
	}
	if body := a.body.String(); utf8.ValidString(body) {
		resp.Body = body
	} else {
		resp.Body, resp.IsBase64Encoded = base64.StdEncoding.EncodeToString([]byte(body)), true
	}
	return resp, nil
}

// gatewayTimeout is the answer of an event the function could not serve.
func gatewayTimeout() events.APIGatewayV2HTTPResponse {
	return events.APIGatewayV2HTTPResponse{StatusCode: http.StatusGatewayTimeout}
}
