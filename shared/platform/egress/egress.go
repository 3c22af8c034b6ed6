// Package egress is the service's one outbound HTTP client for addresses a
// user gave: website scans, domain verification, webhook deliveries, link
// and reply checks, platform pushes. It refuses loopback, private,
// link-local, multicast, reserved and unspecified addresses (IPv4 and IPv6,
// IPv4-mapped included) at dial time, after DNS, so a name that resolves or
// re-resolves to such an address fails; it checks every redirect hop the
// same way, caps connect time, total time and response size, sends an honest
// User-Agent, and explains failures in words a user can act on. In the dev
// stack it honours the /_dev/hosts overrides and /_dev/dns TXT answers.
package egress

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"code.dny.dev/ssrf"

	"rvcontent/shared/kernel/weburl"
)

// Overrides are the dev stack's host overrides and TXT answers.
type Overrides interface {
	// Address returns the loopback address that replaces host, if any.
	Address(host string) (string, bool)
	// TXT returns the TXT answers set for name, if any.
	TXT(name string) ([]string, bool)
}

// Resolver looks host names up.
type Resolver interface {
	LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error)
	LookupTXT(ctx context.Context, name string) ([]string, error)
}

// Defaults of Options.
const (
	DefaultConnectTimeout = 5 * time.Second
	DefaultTimeout        = 15 * time.Second
	DefaultMaxBody        = 2 << 20
	DefaultMaxRedirects   = 5
	DefaultUserAgent      = "ServiceBot/1.0"
)

// Options configure a Client.
type Options struct {
	UserAgent      string        // sent on every request unless the request sets one
	ConnectTimeout time.Duration // DNS plus TCP connect plus TLS handshake; DefaultConnectTimeout when zero
	Timeout        time.Duration // whole request, body included; DefaultTimeout when zero
	MaxBody        int64         // bytes read from a response; DefaultMaxBody when zero
	MaxRedirects   int           // hops followed when a request follows redirects; DefaultMaxRedirects when zero
	Overrides      Overrides     // dev stack only
	Resolver       Resolver      // net.DefaultResolver when nil
}

// MaxIdleConnsPerHost is how many idle connections the client keeps to one
// host: as many as one deliveries worker sends to it at once.
const MaxIdleConnsPerHost = 32

// Client makes outbound requests safely. It is safe for concurrent use.
type Client struct {
	opts      Options
	guardian  *ssrf.Guardian
	transport *http.Transport
	// connect opens the TCP connection to an address that passed the
	// checks; tests replace it to stand in for the internet.
	connect func(ctx context.Context, network, address string) (net.Conn, error)
}

// New returns a client with opts.
func New(opts Options) *Client {
	if opts.ConnectTimeout <= 0 {
		opts.ConnectTimeout = DefaultConnectTimeout
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = DefaultMaxBody
	}
	if opts.MaxRedirects <= 0 {
		opts.MaxRedirects = DefaultMaxRedirects
	}
	if opts.UserAgent == "" {
		opts.UserAgent = DefaultUserAgent
	}
	if opts.Resolver == nil {
		opts.Resolver = net.DefaultResolver
	}
	c := &Client{opts: opts, guardian: guardian}
	// The dial's time is bounded by the context dial gives it (see
	// connectTimeout), so a request may allow more than the default.
	safe := &net.Dialer{Control: func(network, address string, _ syscall.RawConn) error {
		return c.guardian.Safe(network, address, nil) // checked again on the socket itself
	}}
	c.connect = safe.DialContext
	c.transport = &http.Transport{
		Proxy:               nil, // never through an environment proxy: it would bypass the checks
		DialContext:         c.dial,
		DialTLSContext:      c.dialTLS,
		TLSHandshakeTimeout: opts.ConnectTimeout,
		// Deliveries to one webhook receiver run many at once: keep their
		// connections for the next ones instead of closing all but two.
		MaxIdleConns:        256,
		MaxIdleConnsPerHost: MaxIdleConnsPerHost,
		IdleConnTimeout:     30 * time.Second,
	}
	return c
}

// CloseIdleConnections closes the connections kept for later requests, so
// the next request to each host dials again: the dev stack calls it when a
// host override changes where a host name leads.
func (c *Client) CloseIdleConnections() {
	c.transport.CloseIdleConnections()
}

// Request describes one outbound request.
type Request struct {
	Method string // GET when empty
	URL    string
	// Header holds request headers by name (canonicalised when sent).
	Header          map[string]string
	Body            []byte
	FollowRedirects bool
	Timeout         time.Duration // overrides Options.Timeout when set
	// ConnectTimeout overrides Options.ConnectTimeout when set: a caller
	// whose deadline covers the whole request (a webhook delivery) sets it
	// to Timeout, so a slow connection within the deadline still counts.
	ConnectTimeout time.Duration
	MaxBody        int64 // overrides Options.MaxBody when set
	// Truncate keeps the first MaxBody bytes of a larger response instead of
	// failing, for callers that need the status more than the body (webhook
	// deliveries). For them a body that stops arriving (the deadline passes
	// or the connection breaks after the status came) is no failure either:
	// the response is returned with the part read, marked Truncated.
	Truncate bool
}

// Response is a completed request. Body holds at most MaxBody bytes.
type Response struct {
	StatusCode int
	Header     http.Header
	Body       []byte
	Truncated  bool     // the body was longer than MaxBody and was cut (Request.Truncate)
	URL        *url.URL // the final URL after redirects
	Duration   time.Duration
}

// Do sends req. It returns an *Error for every failure to get a response
// (refused address, DNS, connection, timeout, TLS, too many redirects,
// oversized body); an HTTP error status is a response, not an error.
func (c *Client) Do(ctx context.Context, req Request) (*Response, error) {
	u, problem := weburl.Parse(req.URL, false)
	if problem != "" {
		return nil, &Error{Reason: ReasonRefused, URL: req.URL, Message: "the address " + problem + " (loopback, private and reserved addresses are refused)"}
	}
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = c.opts.Timeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if req.ConnectTimeout > 0 {
		ctx = context.WithValue(ctx, connectTimeoutKey{}, req.ConnectTimeout)
	}
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
	}
	hr, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, &Error{Reason: ReasonRefused, URL: req.URL, Message: "the address is not a valid URL"}
	}
	for k, v := range req.Header {
		hr.Header.Set(k, v)
	}
	if hr.Header.Get("User-Agent") == "" {
		hr.Header.Set("User-Agent", c.opts.UserAgent)
	}
	var rt http.RoundTripper = c.transport
	if req.FollowRedirects {
		rt = redirectGuard{next: c.transport}
	}
	client := &http.Client{Transport: rt, CheckRedirect: c.checkRedirect(req.FollowRedirects)}
	start := time.Now()
	resp, err := client.Do(hr)
	if err != nil {
		return nil, classify(ctx, req.URL, timeout, err)
	}
	defer resp.Body.Close()
	max := req.MaxBody
	if max <= 0 {
		max = c.opts.MaxBody
	}
	final := resp.Request.URL.String()
	if resp.ContentLength > max && !req.Truncate {
		return nil, tooLarge(final, max)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil && req.Truncate {
		// The status came: it is the answer, whatever the body does.
		return &Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: b[:min(int64(len(b)), max)], Truncated: true, URL: resp.Request.URL, Duration: time.Since(start)}, nil
	}
	if err != nil {
		return nil, classify(ctx, final, timeout, err)
	}
	truncated := int64(len(b)) > max
	if truncated && !req.Truncate {
		return nil, tooLarge(final, max)
	}
	if truncated {
		b = b[:max]
	}
	return &Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: b, Truncated: truncated, URL: resp.Request.URL, Duration: time.Since(start)}, nil
}

// checkRedirect stops at the first redirect when follow is false, else
// follows at most MaxRedirects hops, each to a public http(s) address (its
// resolved address is checked when it is dialled).
func (c *Client) checkRedirect(follow bool) func(*http.Request, []*http.Request) error {
	return func(next *http.Request, via []*http.Request) error {
		if !follow {
			return http.ErrUseLastResponse
		}
		if len(via) > c.opts.MaxRedirects {
			return &Error{Reason: ReasonRedirects, URL: via[0].URL.String(), Message: fmt.Sprintf("it redirected more than %d times", c.opts.MaxRedirects)}
		}
		if _, p := weburl.Parse(next.URL.String(), false); p != "" {
			why := "which is not a public web address (loopback, private and reserved addresses are refused)"
			if s := strings.ToLower(next.URL.Scheme); s != "http" && s != "https" {
				why = "which is not an http or https address"
			}
			return &Error{Reason: ReasonRefused, URL: next.URL.Redacted(), Message: "it redirected to " + next.URL.Redacted() + ", " + why}
		}
		return nil
	}
}

// redirectGuard refuses a redirect whose Location is not a URL, which the
// http.Client would report only as a parse failure in its own words: the
// caller learns where the hop pointed and that it was not followed.
type redirectGuard struct{ next http.RoundTripper }

// maxShownLocation caps how much of a bad Location header a message quotes.
const maxShownLocation = 200

// RoundTrip sends r and answers a redirect whose Location does not parse
// with an *Error (ReasonRefused) instead of the response.
func (g redirectGuard) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := g.next.RoundTrip(r)
	if err != nil {
		return resp, err
	}
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
	default:
		return resp, nil
	}
	loc := resp.Header.Get("Location")
	if loc == "" {
		return resp, nil
	}
	if _, perr := r.URL.Parse(loc); perr == nil {
		return resp, nil
	}
	resp.Body.Close()
	if len(loc) > maxShownLocation {
		loc = strings.ToValidUTF8(loc[:maxShownLocation], "") + "…"
	}
	return nil, &Error{Reason: ReasonRefused, URL: r.URL.Redacted(), Message: fmt.Sprintf("it redirected to %q, which is not a valid web address", loc)}
}

// Get fetches rawURL, following redirects.
func (c *Client) Get(ctx context.Context, rawURL string) (*Response, error) {
	return c.Do(ctx, Request{URL: rawURL, FollowRedirects: true})
}

// LookupTXT returns the TXT records of name (the dev stack's answers first).
func (c *Client) LookupTXT(ctx context.Context, name string) ([]string, error) {
	if c.opts.Overrides != nil {
		if v, ok := c.opts.Overrides.TXT(name); ok {
			return v, nil
		}
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.ConnectTimeout)
	defer cancel()
	return c.opts.Resolver.LookupTXT(ctx, name)
}

// dial connects to addr after resolving it and checking every address; it
// connects only to an address that passed the check, so a name that
// re-resolves to a private address between two requests fails the second.
func (c *Client) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if c.opts.Overrides != nil {
		if to, ok := c.opts.Overrides.Address(host); ok {
			d := &net.Dialer{Timeout: c.connectTimeout(ctx)}
			return d.DialContext(ctx, "tcp", to) // an explicit dev-stack mapping to a loopback fixture
		}
	}
	ips, err := c.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	var lastErr error
	for _, ip := range ips {
		if err := c.guardian.SafeAddr(ip); err != nil {
			lastErr = &Error{Reason: ReasonRefused, URL: host, Message: "the host name " + host + " resolves to " + ip.String() + ", " + Describe(ip) + ", so the service will not connect to it"}
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, c.connectTimeout(ctx))
		conn, err := c.connect(cctx, network, net.JoinHostPort(ip.String(), port))
		cancel()
		if err == nil {
			return conn, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// resolve returns the addresses of host (an IP literal is its own answer),
// IPv4-mapped IPv6 addresses unmapped so the IPv4 rules apply to them.
func (c *Client) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{ip.Unmap()}, nil
	}
	rctx, cancel := context.WithTimeout(ctx, c.connectTimeout(ctx))
	defer cancel()
	addrs, err := c.opts.Resolver.LookupIPAddr(rctx, host)
	if err != nil {
		return nil, &Error{Reason: ReasonDNS, URL: host, Message: "the host name " + host + " could not be resolved", cause: err}
	}
	var ips []netip.Addr
	for _, a := range addrs {
		if ip, ok := netip.AddrFromSlice(a.IP); ok {
			ips = append(ips, ip.Unmap())
		}
	}
	if len(ips) == 0 {
		return nil, &Error{Reason: ReasonDNS, URL: host, Message: "the host name " + host + " has no address"}
	}
	return ips, nil
}

// dialTLS connects like dial, then runs TLS for the original host name. The
// certificate of a dev-stack overridden host is not verified.
func (c *Client) dialTLS(ctx context.Context, network, addr string) (net.Conn, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	raw, err := c.dial(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	cfg := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if c.opts.Overrides != nil {
		if _, ok := c.opts.Overrides.Address(host); ok {
			cfg.InsecureSkipVerify = true
		}
	}
	conn := tls.Client(raw, cfg)
	hctx, cancel := context.WithTimeout(ctx, c.connectTimeout(ctx))
	defer cancel()
	if err := conn.HandshakeContext(hctx); err != nil {
		raw.Close()
		return nil, &Error{Reason: ReasonTLS, URL: host, Message: "the secure connection to " + host + " failed (" + err.Error() + ")", cause: err}
	}
	return conn, nil
}

// connectTimeoutKey carries a request's own ConnectTimeout to its dials.
type connectTimeoutKey struct{}

// connectTimeout is how long each step of connecting (DNS, TCP, TLS) may
// take for the request of ctx: its ConnectTimeout, else the client's.
func (c *Client) connectTimeout(ctx context.Context) time.Duration {
	if d, ok := ctx.Value(connectTimeoutKey{}).(time.Duration); ok && d > 0 {
		return d
	}
	return c.opts.ConnectTimeout
}
