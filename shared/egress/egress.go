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
	"context"
	"crypto/tls"
	"errors"
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

	"rvcontent/shared/weburl"
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

// Options configure a Client.
type Options struct {
	UserAgent      string        // sent on every request unless the request sets one
	ConnectTimeout time.Duration // 5 s when zero
	Timeout        time.Duration // whole request; 15 s when zero
	MaxBody        int64         // bytes read from a response; 2 MB when zero
	MaxRedirects   int           // hops followed when a request follows redirects; 5 when zero
	Overrides      Overrides     // dev stack only
	Resolver       Resolver      // net.DefaultResolver when nil
}

// Client makes outbound requests safely.
type Client struct {
	opts      Options
	guardian  *ssrf.Guardian
	transport *http.Transport
}

// New returns a client with opts.
func New(opts Options) *Client {
	if opts.ConnectTimeout == 0 {
		opts.ConnectTimeout = 5 * time.Second
	}
	if opts.Timeout == 0 {
		opts.Timeout = 15 * time.Second
	}
	if opts.MaxBody == 0 {
		opts.MaxBody = 2 << 20
	}
	if opts.MaxRedirects == 0 {
		opts.MaxRedirects = 5
	}
	if opts.UserAgent == "" {
		opts.UserAgent = "ServiceBot/1.0"
	}
	if opts.Resolver == nil {
		opts.Resolver = net.DefaultResolver
	}
	c := &Client{opts: opts, guardian: ssrf.New(ssrf.WithAnyPort())}
	c.transport = &http.Transport{
		Proxy:                 nil, // never through an environment proxy: it would bypass the checks
		DialContext:           c.dial,
		DialTLSContext:        c.dialTLS,
		TLSHandshakeTimeout:   opts.ConnectTimeout,
		ResponseHeaderTimeout: opts.Timeout,
		MaxIdleConns:          20,
		IdleConnTimeout:       30 * time.Second,
		DisableCompression:    false,
	}
	return c
}

// Request describes one outbound request.
type Request struct {
	Method          string // GET when empty
	URL             string
	Header          http.Header
	Body            []byte
	FollowRedirects bool
	Timeout         time.Duration // overrides Options.Timeout when set
	MaxBody         int64         // overrides Options.MaxBody when set
}

// Response is a completed request. Body holds at most MaxBody bytes.
type Response struct {
	StatusCode int
	Header     http.Header
	Body       []byte
	URL        *url.URL // the final URL after redirects
	Duration   time.Duration
}

// Do sends req. It returns an *Error for every failure to get a response
// (refused address, DNS, timeout, TLS, oversized body); an HTTP error status
// is a response, not an error.
func (c *Client) Do(ctx context.Context, req Request) (*Response, error) {
	u, problem := weburl.Parse(req.URL, false)
	if problem != "" {
		return nil, &Error{Reason: ReasonRefused, URL: req.URL, Message: "the address " + problem + ", so the service will not connect to it"}
	}
	timeout := req.Timeout
	if timeout == 0 {
		timeout = c.opts.Timeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	var body io.Reader
	if req.Body != nil {
		body = strings.NewReader(string(req.Body))
	}
	hr, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, &Error{Reason: ReasonRefused, URL: req.URL, Message: "the address is not a valid URL"}
	}
	for k, vs := range req.Header {
		hr.Header[k] = vs
	}
	if hr.Header.Get("User-Agent") == "" {
		hr.Header.Set("User-Agent", c.opts.UserAgent)
	}
	hops := 0
	client := &http.Client{
		Transport: c.transport,
		CheckRedirect: func(next *http.Request, via []*http.Request) error {
			if !req.FollowRedirects {
				return http.ErrUseLastResponse
			}
			hops++
			if hops > c.opts.MaxRedirects {
				return &Error{Reason: ReasonRedirects, URL: next.URL.String(), Message: fmt.Sprintf("it redirected more than %d times", c.opts.MaxRedirects)}
			}
			if _, p := weburl.Parse(next.URL.String(), false); p != "" {
				return &Error{Reason: ReasonRefused, URL: next.URL.String(), Message: "it redirected to " + next.URL.Redacted() + ", which " + p}
			}
			if ua := req.Header.Get("User-Agent"); ua != "" {
				next.Header.Set("User-Agent", ua)
			}
			return nil
		},
	}
	start := time.Now()
	resp, err := client.Do(hr)
	if err != nil {
		return nil, classify(req.URL, err, ctx)
	}
	defer resp.Body.Close()
	max := req.MaxBody
	if max == 0 {
		max = c.opts.MaxBody
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, classify(req.URL, err, ctx)
	}
	if int64(len(b)) > max {
		return nil, &Error{Reason: ReasonTooLarge, URL: req.URL, Message: fmt.Sprintf("the response is larger than %s, the most the service reads", size(max))}
	}
	return &Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: b, URL: resp.Request.URL, Duration: time.Since(start)}, nil
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

// dial connects to addr after resolving it and checking every address.
func (c *Client) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	d := &net.Dialer{Timeout: c.opts.ConnectTimeout}
	if c.opts.Overrides != nil {
		if to, ok := c.opts.Overrides.Address(host); ok {
			return d.DialContext(ctx, "tcp", to) // an explicit dev-stack mapping to a loopback fixture
		}
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		ips = []netip.Addr{ip}
	} else {
		addrs, err := c.opts.Resolver.LookupIPAddr(ctx, host)
		if err != nil {
			return nil, &Error{Reason: ReasonDNS, URL: host, Message: "the host name " + host + " could not be resolved", cause: err}
		}
		for _, a := range addrs {
			if ip, ok := netip.AddrFromSlice(a.IP); ok {
				ips = append(ips, ip.Unmap())
			}
		}
	}
	var lastErr error = &Error{Reason: ReasonDNS, URL: host, Message: "the host name " + host + " has no address"}
	for _, ip := range ips {
		if err := c.guardian.SafeAddr(ip.Unmap()); err != nil {
			lastErr = &Error{Reason: ReasonRefused, URL: host, Message: "it resolves to " + ip.String() + ", a private or reserved address, so the service will not connect to it"}
			continue
		}
		safe := &net.Dialer{Timeout: c.opts.ConnectTimeout, Control: func(network, address string, rc syscall.RawConn) error {
			return c.guardian.Safe(network, address, rc) // checked again on the socket itself
		}}
		conn, err := safe.DialContext(ctx, network, net.JoinHostPort(ip.String(), port))
		if err == nil {
			return conn, nil
		}
		lastErr = err
	}
	return nil, lastErr
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
	hctx, cancel := context.WithTimeout(ctx, c.opts.ConnectTimeout)
	defer cancel()
	if err := conn.HandshakeContext(hctx); err != nil {
		raw.Close()
		return nil, &Error{Reason: ReasonTLS, URL: host, Message: "the secure connection to " + host + " failed (" + err.Error() + ")", cause: err}
	}
	return conn, nil
}

func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// classify turns a transport error into an *Error.
func classify(rawURL string, err error, ctx context.Context) error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var ne net.Error
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return &Error{Reason: ReasonTimeout, URL: rawURL, Message: "it did not answer in time", cause: err}
	case errors.Is(err, syscall.ECONNREFUSED):
		return &Error{Reason: ReasonConnect, URL: rawURL, Message: "it refused the connection", cause: err}
	}
	return &Error{Reason: ReasonConnect, URL: rawURL, Message: "the connection failed (" + err.Error() + ")", cause: err}
}
