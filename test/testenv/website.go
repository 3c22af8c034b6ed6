package testenv

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hostSeq numbers the fixture websites of a test binary.
var hostSeq atomic.Int64

// fixtureHost returns a fresh public-looking host name starting with name.
func fixtureHost(name string) string {
	return fmt.Sprintf("%s-%d-%d.example.com", name, time.Now().UnixNano()%100000, hostSeq.Add(1))
}

// Website serves handler over plain http on loopback under a fresh
// public-looking host name starting with name, and points the service's
// outbound requests for that name at it (SetHost). It returns the host
// name and a function that lists the paths requested so far, in order.
func (e *Env) Website(t testing.TB, name string, handler http.HandlerFunc) (string, func() []string) {
	t.Helper()
	host := fixtureHost(name)
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		handler(w, r)
	}))
	t.Cleanup(srv.Close)
	e.SetHost(t, host, srv.Listener.Addr().String())
	return host, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), paths...)
	}
}

// Pages serves pages (HTML by path; any other path is 404) over https as
// the website of a fresh public-looking host starting with name, and
// returns its address ("https://<host>/").
func (e *Env) Pages(t testing.TB, name string, pages map[string]string) string {
	t.Helper()
	host := fixtureHost(name)
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	e.SetHost(t, host, srv.Listener.Addr().String())
	return "https://" + host + "/"
}
