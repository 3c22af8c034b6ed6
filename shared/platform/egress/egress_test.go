package egress

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// hosts is a test Overrides: host names served by local test servers.
type hosts map[string]string

func (h hosts) Address(host string) (string, bool) { a, ok := h[host]; return a, ok }
func (h hosts) TXT(name string) ([]string, bool) {
	if name == "_service.acme.com" {
		return []string{"token-1"}, true
	}
	return nil, false
}

// resolver answers from a table; each answer list is used in turn, the last
// one repeating, so a test can make a name re-resolve differently.
type resolver struct {
	mu      sync.Mutex
	answers map[string][][]string
	calls   map[string]int
}

func (r *resolver) LookupIPAddr(_ context.Context, host string) ([]net.IPAddr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.calls == nil {
		r.calls = map[string]int{}
	}
	list, ok := r.answers[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	i := r.calls[host]
	r.calls[host]++
	if i >= len(list) {
		i = len(list) - 1
	}
	var out []net.IPAddr
	for _, s := range list[i] {
		out = append(out, net.IPAddr{IP: net.ParseIP(s)})
	}
	return out, nil
}

func (r *resolver) LookupTXT(context.Context, string) ([]string, error) {
	return nil, errors.New("no TXT in tests")
}

func (r *resolver) count(host string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[host]
}

// reason asserts err is an *Error with the given reason and returns it.
func reason(t *testing.T, err error, want string) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want an *egress.Error with reason %s", err, err, want)
	}
	if e.Reason != want {
		t.Fatalf("reason %q (%s), want %q", e.Reason, e.Error(), want)
	}
	return e
}

func serverAddr(s *httptest.Server) string {
	return strings.TrimPrefix(strings.TrimPrefix(s.URL, "http://"), "https://")
}

// TestRefusedRanges resolves a public-looking name to each refused kind of
// address: the dial refuses it before connecting.
func TestRefusedRanges(t *testing.T) {
	cases := []struct{ name, ip, kind string }{
		{"ipv4 loopback", "127.0.0.1", "loopback"},
		{"ipv4 loopback range", "127.8.9.10", "loopback"},
		{"ipv4 private 10/8", "10.1.2.3", "private"},
		{"ipv4 private 172.16/12", "172.20.0.5", "private"},
		{"ipv4 private 192.168/16", "192.168.1.1", "private"},
		{"ipv4 link-local (cloud metadata)", "169.254.169.254", "link-local"},
		{"ipv4 multicast", "224.0.0.251", "multicast"},
		{"ipv4 unspecified", "0.0.0.0", "unspecified"},
		{"ipv4 this-network", "0.1.2.3", "reserved"},
		{"ipv4 shared address space", "100.64.0.1", "reserved"},
		{"ipv4 documentation", "192.0.2.10", "reserved"},
		{"ipv4 benchmarking", "198.18.0.1", "reserved"},
		{"ipv4 reserved 240/4", "240.0.0.1", "reserved"},
		{"ipv4 broadcast", "255.255.255.255", "reserved"},
		{"ipv6 loopback", "::1", "loopback"},
		{"ipv6 unspecified", "::", "unspecified"},
		{"ipv6 unique local", "fd00::1", "private"},
		{"ipv6 link-local", "fe80::1", "link-local"},
		{"ipv6 multicast", "ff02::1", "multicast"},
		{"ipv6 documentation", "2001:db8::1", "reserved"},
		{"ipv6 6to4", "2002:7f00:1::1", "reserved"},
		{"ipv6 teredo", "2001:0:4136:e378::1", "reserved"},
		{"ipv6 nat64 of loopback", "64:ff9b::7f00:1", "reserved"},
		{"ipv4-mapped loopback", "::ffff:127.0.0.1", "loopback"},
		{"ipv4-mapped private", "::ffff:10.0.0.1", "private"},
		{"ipv4-mapped link-local", "::ffff:169.254.169.254", "link-local"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := &resolver{answers: map[string][][]string{"victim.example.com": {{tc.ip}}}}
			c := New(Options{Resolver: res})
			connected := false
			c.connect = func(context.Context, string, string) (net.Conn, error) {
				connected = true
				return nil, errors.New("must not connect")
			}
			_, err := c.Get(context.Background(), "http://victim.example.com/")
			e := reason(t, err, ReasonRefused)
			if connected {
				t.Fatal("the client connected to a refused address")
			}
			for _, want := range []string{"victim.example.com", tc.kind, "will not connect"} {
				if !strings.Contains(e.Error(), want) {
					t.Errorf("message %q does not mention %q", e.Error(), want)
				}
			}
			if !strings.HasPrefix(e.URL, "http://victim.example.com") {
				t.Errorf("URL = %q, want the request URL", e.URL)
			}
		})
	}
}

// TestIPLiteralsRefused refuses URLs that name a non-public address
// directly, in every spelling, before any connection.
func TestIPLiteralsRefused(t *testing.T) {
	for _, u := range []string{
		"http://127.0.0.1/", "http://10.0.0.1:8080/", "http://169.254.169.254/latest/meta-data/",
		"http://[::1]/", "http://[::ffff:127.0.0.1]/", "http://[fe80::1]/", "http://0.0.0.0/",
		"http://localhost/", "http://printer.local/", "http://2130706433/", "ftp://example.com/",
		"http://user:pw@example.com/",
	} {
		t.Run(u, func(t *testing.T) {
			c := New(Options{Resolver: &resolver{}})
			c.connect = func(context.Context, string, string) (net.Conn, error) {
				t.Fatal("must not connect")
				return nil, nil
			}
			_, err := c.Get(context.Background(), u)
			reason(t, err, ReasonRefused)
		})
	}
}

// TestMixedAnswersConnectOnlyToPublic: when a name has public and private
// addresses, only the public one is dialled.
func TestMixedAnswersConnectOnlyToPublic(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "ok") }))
	defer srv.Close()
	res := &resolver{answers: map[string][][]string{"mixed.example.com": {{"10.0.0.1", "93.184.216.34"}}}}
	c := New(Options{Resolver: res})
	var dialled []string
	c.connect = func(ctx context.Context, network, addr string) (net.Conn, error) {
		dialled = append(dialled, addr)
		return (&net.Dialer{}).DialContext(ctx, "tcp", serverAddr(srv))
	}
	resp, err := c.Get(context.Background(), "http://mixed.example.com/")
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Body) != "ok" || len(dialled) != 1 || dialled[0] != "93.184.216.34:80" {
		t.Fatalf("body %q, dialled %v; want only the public address", resp.Body, dialled)
	}
}

// TestRebinding: a name that answered a public address for the first
// request and a loopback one for the next is refused on the next; the
// check runs on every dial, after DNS.
func TestRebinding(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close") // every request dials again
		fmt.Fprint(w, "public")
	}))
	defer srv.Close()
	res := &resolver{answers: map[string][][]string{"rebind.example.com": {{"93.184.216.34"}, {"127.0.0.1"}}}}
	c := New(Options{Resolver: res})
	var dialled []string
	c.connect = func(ctx context.Context, network, addr string) (net.Conn, error) {
		dialled = append(dialled, addr)
		return (&net.Dialer{}).DialContext(ctx, "tcp", serverAddr(srv))
	}
	if _, err := c.Get(context.Background(), "http://rebind.example.com/"); err != nil {
		t.Fatalf("first request: %v", err)
	}
	_, err := c.Get(context.Background(), "http://rebind.example.com/")
	e := reason(t, err, ReasonRefused)
	if !strings.Contains(e.Message, "127.0.0.1") || !strings.Contains(e.Message, "loopback") {
		t.Errorf("message %q should name the address and its kind", e.Message)
	}
	if res.count("rebind.example.com") != 2 || len(dialled) != 1 {
		t.Fatalf("lookups %d, dials %v; want 2 lookups and only the public address dialled", res.count("rebind.example.com"), dialled)
	}
}

// TestRedirectToPrivateName: a public site redirecting to a name that
// resolves privately is refused at the hop's dial.
func TestRedirectToPrivateName(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://internal.example.net/admin", http.StatusFound)
	}))
	defer srv.Close()
	res := &resolver{answers: map[string][][]string{"internal.example.net": {{"10.0.0.7"}}}}
	c := New(Options{Resolver: res, Overrides: hosts{"start.example.com": serverAddr(srv)}})
	_, err := c.Get(context.Background(), "http://start.example.com/")
	e := reason(t, err, ReasonRefused)
	if !strings.Contains(e.URL, "internal.example.net") || !strings.Contains(e.Message, "10.0.0.7") || !strings.Contains(e.Message, "private") {
		t.Fatalf("error %q should name the hop, its address and kind", e.Error())
	}
}

// TestRedirectToPrivateLiteral: a redirect to an address literal is refused
// before any dial.
func TestRedirectToPrivateLiteral(t *testing.T) {
	for _, target := range []string{"http://127.0.0.1:9/", "http://169.254.169.254/latest/meta-data/", "http://[::ffff:10.0.0.1]/", "file:///etc/passwd"} {
		t.Run(target, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, target, http.StatusMovedPermanently)
			}))
			defer srv.Close()
			c := New(Options{Resolver: &resolver{}, Overrides: hosts{"start.example.com": serverAddr(srv)}})
			_, err := c.Get(context.Background(), "http://start.example.com/")
			e := reason(t, err, ReasonRefused)
			if !strings.Contains(e.Message, "redirected to") {
				t.Fatalf("message %q should say it redirected", e.Message)
			}
		})
	}
}

// chain serves /hop/N redirecting to /hop/N-1 and /hop/0 answering "end".
func chain() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/hop/"))
		if n == 0 {
			fmt.Fprintf(w, "end %s", r.Header.Get("User-Agent"))
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/hop/%d", n-1), http.StatusFound)
	}))
}

func TestRedirectLimit(t *testing.T) {
	srv := chain()
	defer srv.Close()
	c := New(Options{UserAgent: "TestBot/1.0", MaxRedirects: 3, Overrides: hosts{"chain.example.com": serverAddr(srv)}})
	resp, err := c.Get(context.Background(), "http://chain.example.com/hop/3")
	if err != nil {
		t.Fatalf("3 hops with a limit of 3: %v", err)
	}
	if string(resp.Body) != "end TestBot/1.0" || resp.URL.Path != "/hop/0" {
		t.Fatalf("body %q at %s; want the end of the chain, User-Agent kept on every hop", resp.Body, resp.URL)
	}
	_, err = c.Get(context.Background(), "http://chain.example.com/hop/4")
	e := reason(t, err, ReasonRedirects)
	if !strings.Contains(e.Message, "more than 3") {
		t.Fatalf("message %q should give the limit", e.Message)
	}
}

func TestNoFollow(t *testing.T) {
	srv := chain()
	defer srv.Close()
	c := New(Options{Overrides: hosts{"chain.example.com": serverAddr(srv)}})
	resp, err := c.Do(context.Background(), Request{URL: "http://chain.example.com/hop/2"})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/hop/1" || resp.URL.Path != "/hop/2" {
		t.Fatalf("status %d, Location %q, URL %s; want the redirect itself", resp.StatusCode, resp.Header.Get("Location"), resp.URL)
	}
}

func TestSizeCap(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		if r.URL.Query().Get("chunked") == "" {
			w.Header().Set("Content-Length", strconv.Itoa(n))
		}
		w.Write([]byte(strings.Repeat("a", n)))
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}))
	defer srv.Close()
	c := New(Options{MaxBody: 1024, Overrides: hosts{"big.example.com": serverAddr(srv)}})
	for _, mode := range []string{"", "&chunked=1"} {
		resp, err := c.Get(context.Background(), "http://big.example.com/?n=1024"+mode)
		if err != nil || len(resp.Body) != 1024 {
			t.Fatalf("a body of exactly the cap (%q): %v", mode, err)
		}
		_, err = c.Get(context.Background(), "http://big.example.com/?n=1025"+mode)
		e := reason(t, err, ReasonTooLarge)
		if !strings.Contains(e.Message, "1 KB") {
			t.Fatalf("message %q should give the cap", e.Message)
		}
	}
	resp, err := c.Do(context.Background(), Request{URL: "http://big.example.com/?n=5000", MaxBody: 8000})
	if err != nil || len(resp.Body) != 5000 {
		t.Fatalf("a request's own cap: %v", err)
	}
	for _, mode := range []string{"", "&chunked=1"} {
		resp, err = c.Do(context.Background(), Request{URL: "http://big.example.com/?n=5000" + mode, Truncate: true})
		if err != nil || len(resp.Body) != 1024 || !resp.Truncated || resp.StatusCode != http.StatusOK {
			t.Fatalf("Truncate keeps the cap and the status (%q): %v %+v", mode, err, resp)
		}
	}
}

func TestTimeCap(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow-body" {
			w.Write([]byte("start"))
			w.(http.Flusher).Flush()
		}
		select {
		case <-release:
		case <-time.After(5 * time.Second):
		}
	}))
	defer srv.Close()
	defer close(release)
	c := New(Options{Timeout: 150 * time.Millisecond, Overrides: hosts{"slow.example.com": serverAddr(srv)}})
	for _, path := range []string{"/slow-headers", "/slow-body"} {
		start := time.Now()
		_, err := c.Get(context.Background(), "http://slow.example.com"+path)
		reason(t, err, ReasonTimeout)
		if took := time.Since(start); took > 2*time.Second {
			t.Fatalf("%s took %s; the cap is 150ms", path, took)
		}
	}
	_, err := c.Do(context.Background(), Request{URL: "http://slow.example.com/x", Timeout: 50 * time.Millisecond})
	reason(t, err, ReasonTimeout)
	// A caller that needs only the status (Truncate) keeps an answer whose
	// body stops arriving: the status came in time.
	resp, err := c.Do(context.Background(), Request{URL: "http://slow.example.com/slow-body", Truncate: true})
	if err != nil || resp.StatusCode != http.StatusOK || string(resp.Body) != "start" || !resp.Truncated {
		t.Fatalf("status-only request with a stalled body: %+v, %v; want 200, the part read, truncated", resp, err)
	}
	// Without a status there is still no answer.
	_, err = c.Do(context.Background(), Request{URL: "http://slow.example.com/slow-headers", Truncate: true})
	reason(t, err, ReasonTimeout)
}

func TestConnectFailures(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	c := New(Options{Resolver: &resolver{}, Overrides: hosts{"down.example.com": addr}})
	_, err := c.Get(context.Background(), "http://down.example.com/")
	e := reason(t, err, ReasonConnect)
	if !strings.Contains(e.Error(), "http://down.example.com/") || !strings.Contains(e.Message, "refused the connection") {
		t.Fatalf("message %q", e.Error())
	}
	_, err = c.Get(context.Background(), "http://nowhere.example.com/")
	e = reason(t, err, ReasonDNS)
	if !strings.Contains(e.Message, "could not be resolved") || !strings.Contains(e.URL, "http://nowhere.example.com") {
		t.Fatalf("message %q", e.Error())
	}
}

func TestTLSOverrideSkipsVerification(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "secure") }))
	defer srv.Close()
	c := New(Options{Overrides: hosts{"secure.example.com": serverAddr(srv)}})
	resp, err := c.Get(context.Background(), "https://secure.example.com/")
	if err != nil || string(resp.Body) != "secure" {
		t.Fatalf("https through an override: %v", err)
	}
	// Without the override the same self-signed server fails verification.
	res := &resolver{answers: map[string][][]string{"secure.example.com": {{"93.184.216.34"}}}}
	c = New(Options{Resolver: res})
	c.connect = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "tcp", serverAddr(srv))
	}
	_, err = c.Get(context.Background(), "https://secure.example.com/")
	reason(t, err, ReasonTLS)
}

func TestUserAgentAndHeaders(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s|%s|%s", r.Method, r.Header.Get("User-Agent"), r.Header.Get("X-Test"))
	}))
	defer srv.Close()
	c := New(Options{Overrides: hosts{"ua.example.com": serverAddr(srv)}})
	resp, err := c.Get(context.Background(), "http://ua.example.com/")
	if err != nil || string(resp.Body) != "GET|"+DefaultUserAgent+"|" {
		t.Fatalf("default User-Agent: %q %v", resp.Body, err)
	}
	h := map[string]string{"user-agent": "Own/2", "X-Test": "1"}
	resp, err = c.Do(context.Background(), Request{Method: "POST", URL: "http://ua.example.com/", Header: h, Body: []byte("{}")})
	if err != nil || string(resp.Body) != "POST|Own/2|1" {
		t.Fatalf("request headers: %q %v", resp.Body, err)
	}
}

func TestLookupTXTUsesOverrides(t *testing.T) {
	c := New(Options{Resolver: &resolver{}, Overrides: hosts{}})
	v, err := c.LookupTXT(context.Background(), "_service.acme.com")
	if err != nil || len(v) != 1 || v[0] != "token-1" {
		t.Fatalf("TXT = %v, %v", v, err)
	}
	if _, err := c.LookupTXT(context.Background(), "other.acme.com"); err == nil {
		t.Fatal("a name without an override goes to the resolver")
	}
}

func TestDescribe(t *testing.T) {
	for ip, want := range map[string]string{
		"8.8.8.8": "a public address", "2606:4700::1111": "a public address", "::ffff:8.8.8.8": "a public address",
		"10.0.0.1": "a private address", "::1": "a loopback address", "198.51.100.1": "a reserved or special-purpose address",
	} {
		if got := Describe(netip.MustParseAddr(ip)); got != want {
			t.Errorf("Describe(%s) = %q, want %q", ip, got, want)
		}
	}
}

// TestConnectionsAreReused sends two rounds of as many requests at once as
// a deliveries worker makes to one receiver: the second round opens no
// connection, because the client keeps that many idle per host.
func TestConnectionsAreReused(t *testing.T) {
	const atOnce = 20 // under MaxIdleConnsPerHost; Go's default keeps 2
	var mu sync.Mutex
	opened, waiting := 0, 0
	all := make(chan struct{})
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Each round's requests are answered once all of them arrived, so
		// each round holds atOnce connections at the same time.
		mu.Lock()
		waiting++
		if waiting == atOnce {
			waiting = 0
			close(all)
			all = make(chan struct{})
			mu.Unlock()
		} else {
			wait := all
			mu.Unlock()
			select {
			case <-wait:
			case <-time.After(5 * time.Second):
			}
		}
		w.Write([]byte("ok"))
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			mu.Lock()
			opened++
			mu.Unlock()
		}
	}
	srv.Start()
	defer srv.Close()
	c := New(Options{Overrides: hosts{"receiver.example.com": serverAddr(srv)}})
	round := func() int {
		var wg sync.WaitGroup
		for range atOnce {
			wg.Go(func() {
				if _, err := c.Get(context.Background(), "http://receiver.example.com/hook"); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		return opened
	}
	if first := round(); first != atOnce {
		t.Fatalf("the first round opened %d connections, want %d", first, atOnce)
	}
	if second := round(); second != atOnce {
		t.Fatalf("the second round opened %d more connections, want none", second-atOnce)
	}
}

// TestRequestConnectTimeout: a connection that takes longer than the
// client's connect timeout fails, unless the request allows more (a
// webhook delivery's whole deadline).
func TestRequestConnectTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "ok") }))
	defer srv.Close()
	res := &resolver{answers: map[string][][]string{"slow.example.com": {{"93.184.216.34"}, {"93.184.216.34"}}}}
	c := New(Options{Resolver: res, ConnectTimeout: 50 * time.Millisecond})
	c.connect = func(ctx context.Context, network, addr string) (net.Conn, error) {
		select {
		case <-time.After(150 * time.Millisecond):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return (&net.Dialer{}).DialContext(ctx, "tcp", serverAddr(srv))
	}
	if _, err := c.Get(context.Background(), "http://slow.example.com/"); err == nil {
		t.Fatal("a connection slower than the client's connect timeout succeeded")
	}
	resp, err := c.Do(context.Background(), Request{URL: "http://slow.example.com/", ConnectTimeout: time.Second})
	if err != nil || string(resp.Body) != "ok" {
		t.Fatalf("with the request's own connect timeout: %v", err)
	}
}

// TestMalformedAnswerIsNamedWithoutTheURL: an answer that is not HTTP
// fails with a sentence that says so and does not repeat the URL, whose
// query may hold a token.
func TestMalformedAnswerIsNamedWithoutTheURL(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			conn.Read(make([]byte, 4096))
			conn.Write([]byte("garbage here\r\n\r\n"))
			conn.Close()
		}
	}()
	res := &resolver{answers: map[string][][]string{"garbage.example.com": {{"93.184.216.34"}}}}
	c := New(Options{Resolver: res})
	c.connect = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "tcp", ln.Addr().String())
	}
	_, err = c.Get(context.Background(), "http://garbage.example.com/hook?token=s3cr3t")
	e := reason(t, err, ReasonConnect)
	if e.Message != "its answer was not a valid HTTP response" || strings.Contains(e.Message, "s3cr3t") {
		t.Fatalf("message %q", e.Message)
	}
}
