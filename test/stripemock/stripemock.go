// Package stripemock runs stripe-mock, Stripe's official API mock, for the
// Stripe adapter's tests: it answers every API call with fixture objects
// after validating the request's parameters against Stripe's OpenAPI
// specification. The binary is built once from its Go module (pinned to
// Version) into the cache directory. A recording proxy in front of it lets
// tests assert what the adapter sent.
package stripemock

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/dev/devstack"
)

// Version is the stripe-mock release the tests run.
const Version = "v0.203.0"

// Request is one API request the adapter made.
type Request struct {
	Method         string
	Path           string
	Form           url.Values
	IdempotencyKey string
	Status         int // stripe-mock's answer
}

// Server is a running stripe-mock behind a recording proxy.
type Server struct {
	// URL is the proxy's address, to use as the API base.
	URL string

	mu       sync.Mutex
	requests []Request
}

// Requests returns the requests recorded so far and forgets them.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.requests
	s.requests = nil
	return out
}

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// Start runs stripe-mock for t (the binary is built on first use; the
// STRIPE_MOCK_URL environment variable uses a running one instead) and
// returns the recording proxy in front of it.
func Start(t testing.TB) *Server {
	t.Helper()
	target := os.Getenv("STRIPE_MOCK_URL")
	if target == "" {
		target = run(t)
	}
	upstream, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{}
	proxy := httputil.NewSingleHostReverseProxy(upstream)
	rec := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		form, _ := url.ParseQuery(string(body))
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		proxy.ServeHTTP(sw, r)
		s.mu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Form: form, IdempotencyKey: r.Header.Get("Idempotency-Key"), Status: sw.status})
		s.mu.Unlock()
	}))
	t.Cleanup(rec.Close)
	s.URL = rec.URL
	return s
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(status int) {
	w.status = status
	w.ResponseWriter.WriteHeader(status)
}

// run starts the binary on a free loopback port and stops it with t.
func run(t testing.TB) string {
	t.Helper()
	buildOnce.Do(build)
	if buildErr != nil {
		t.Fatalf("stripe-mock %s: %v", Version, buildErr)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, binary, "-http-addr", addr)
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
	})
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			return "http://" + addr
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("stripe-mock did not listen on %s", addr)
	return ""
}

// build installs the pinned stripe-mock into the cache directory.
func build() {
	cache, err := devstack.CacheDir()
	if err != nil {
		buildErr = err
		return
	}
	dir := filepath.Join(cache, "stripe-mock", Version)
	binary = filepath.Join(dir, "stripe-mock")
	if _, err := os.Stat(binary); err == nil {
		return
	}
	cmd := exec.Command("go", "install", "github.com/stripe/stripe-mock@"+Version)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		buildErr = fmt.Errorf("go install: %v: %s", err, out)
	}
}
