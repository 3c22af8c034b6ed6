package testenv

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// CreateGate stands over TLS in front of a fixture push platform (next)
// and holds its answers to creates (POST .../posts) until Release, at most
// max each, so a test can act while a push is in flight: the platform has
// made the create when its answer is held. Other requests pass at once.
type CreateGate struct {
	// Addr is the gate's loopback address, for Env.SetHost.
	Addr string

	next     http.Handler
	max      time.Duration
	arrived  chan struct{}
	release  chan struct{}
	first    sync.Once
	released sync.Once
}

// NewCreateGate starts a gate in front of next; it is released when the
// test ends.
func NewCreateGate(t testing.TB, next http.Handler, max time.Duration) *CreateGate {
	t.Helper()
	g := &CreateGate{next: next, max: max, arrived: make(chan struct{}), release: make(chan struct{})}
	srv := httptest.NewTLSServer(g)
	t.Cleanup(srv.Close)
	t.Cleanup(g.Release)
	g.Addr = srv.Listener.Addr().String()
	return g
}

// ServeHTTP passes r to the platform and, for a create, holds the answer.
func (g *CreateGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/posts") {
		g.next.ServeHTTP(w, r)
		return
	}
	rec := httptest.NewRecorder()
	g.next.ServeHTTP(rec, r)
	g.first.Do(func() { close(g.arrived) })
	select {
	case <-g.release:
	case <-time.After(g.max):
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

// WaitArrived waits until the first create reached the platform; the test
// fails when within passes first.
func (g *CreateGate) WaitArrived(t testing.TB, within time.Duration) {
	t.Helper()
	select {
	case <-g.arrived:
	case <-time.After(within):
		t.Fatal("no push reached the platform")
	}
}

// Release lets every held answer and every later one go.
func (g *CreateGate) Release() { g.released.Do(func() { close(g.release) }) }
