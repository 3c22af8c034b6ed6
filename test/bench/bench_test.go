// Package bench measures the agent API on a dev stack: requests per second,
// p50 and p99 latency, and DynamoDB calls per request by operation, for
// GET /account (the cheap credential check) and POST /accounts; and the
// scheduled renewals' throughput on a backlog of 10,000 renewals due in the
// same minute (BenchmarkRenewalBacklog). Run it with `make bench`.
package bench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

var (
	stackOnce sync.Once
	stack     *testenv.Env
)

// env returns one dev stack for every benchmark of the binary, with budgets
// and the signup limit raised out of the way and the scheduler off, so
// nothing but the measured requests (and the work they cause) touches the
// table.
func env(b testing.TB) *testenv.Env {
	b.Helper()
	stackOnce.Do(func() {
		slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil))) // request logs would bury the results
		stack = testenv.Start(keepAlive{}, testenv.Options{
			SchedulerEvery: -1,
			Configure: func(c *config.Config) {
				c.AccountRequestsPerMinute = 1 << 30
				c.AnonymousRequestsPerMinute = 1 << 30
				c.SignupsPerAddressPerHour = 1 << 30
				c.PublicRequestsPerIP, c.PublicRequestsPerAccount = 1<<30, 1<<30
			},
		})
		// The scan each signup starts reads a small site on loopback, so
		// the background work a request causes ends quickly and the same
		// way every time.
		site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/" {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = io.WriteString(w, benchPage)
		}))
		stack.SetHost(keepAlive{}, benchHost, strings.TrimPrefix(site.URL, "http://"))
	})
	return stack
}

// benchHost is the website of every account the benchmarks create.
const benchHost = "bench-site.com"

const benchPage = `<!doctype html><html><head><title>Bench Tools</title>
<meta name="description" content="Hand tools for makers and workshops."></head>
<body><h1>Bench Tools</h1><p>Chisels, planes and saws for woodworkers.</p></body></html>`

// keepAlive is the testing.TB of the shared stack: it lives as long as the
// benchmark binary.
type keepAlive struct{ testing.TB }

func (keepAlive) Helper()                        {}
func (keepAlive) Cleanup(func())                 {}
func (keepAlive) Fatalf(format string, a ...any) { panic(fmt.Sprintf(format, a...)) }
func (keepAlive) Fatal(a ...any)                 { panic(fmt.Sprint(a...)) }

// recorder collects request latencies from any number of goroutines.
type recorder struct {
	mu   sync.Mutex
	took []time.Duration
}

func (r *recorder) add(d time.Duration) {
	r.mu.Lock()
	r.took = append(r.took, d)
	r.mu.Unlock()
}

// report adds req/s, p50 and p99 (in ms) and DynamoDB calls per request by
// operation to b's results.
func (r *recorder) report(b *testing.B, elapsed time.Duration, calls map[string]int) {
	sort.Slice(r.took, func(i, j int) bool { return r.took[i] < r.took[j] })
	n := len(r.took)
	if n == 0 {
		return
	}
	pct := func(p float64) float64 {
		i := int(float64(n)*p+0.5) - 1
		if i < 0 {
			i = 0
		}
		if i >= n {
			i = n - 1
		}
		return float64(r.took[i].Microseconds()) / 1000
	}
	b.ReportMetric(float64(n)/elapsed.Seconds(), "req/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	total := 0
	for op, c := range calls {
		b.ReportMetric(float64(c)/float64(n), op+"/req")
		total += c
	}
	b.ReportMetric(float64(total)/float64(n), "ddb-calls/req")
}

// measure runs one request per iteration (in parallel goroutines when
// parallel) and reports the figures. After the loop it waits for the queues
// to go idle, so calls/req includes the background work a request causes.
func measure(b *testing.B, e *testenv.Env, parallel bool, do func() (int, time.Duration)) {
	rec := &recorder{}
	var failures atomic.Int64
	one := func() {
		status, took := do()
		if status >= 300 {
			failures.Add(1)
		}
		rec.add(took)
	}
	settle(b, e)
	e.Calls.Snapshot()
	b.ResetTimer()
	start := time.Now()
	if parallel {
		b.SetParallelism(4)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				one()
			}
		})
	} else {
		for i := 0; i < b.N; i++ {
			one()
		}
	}
	elapsed := time.Since(start)
	b.StopTimer()
	settle(b, e)
	calls := e.Calls.Snapshot()
	if n := failures.Load(); n > 0 {
		b.Fatalf("%d of %d requests failed", n, b.N)
	}
	rec.report(b, elapsed, calls)
}

// settle waits until the job and delivery queues are idle, so calls/req
// counts all the work the measured requests caused and nothing else.
func settle(b testing.TB, e *testenv.Env) {
	deadline := time.Now().Add(5 * time.Minute)
	for !(e.Stack.Jobs.Idle() && e.Stack.Deliveries.Idle()) {
		if time.Now().After(deadline) {
			b.Fatal("the queues did not go idle within 5 minutes")
		}
		e.Stack.Drain(context.Background(), 10*time.Second)
	}
}

// timed sends one request and returns its status and duration: until the
// whole answer is read, on a connection kept for the next request (as a
// client of a deployed API keeps it).
func timed(req *http.Request) (int, time.Duration) {
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 599, time.Since(start)
	}
	_, err = io.Copy(io.Discard, resp.Body)
	took := time.Since(start)
	resp.Body.Close()
	if err != nil {
		return 599, took
	}
	return resp.StatusCode, took
}

var client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: time.Minute}

func getAccount(b *testing.B, parallel bool) {
	e := env(b)
	acct := e.NewAccount(b, "http://"+benchHost+"/")
	acct.Client.Agent(b, "GET", "/account", nil).Expect(b, http.StatusOK) // first use records last_used_at
	measure(b, e, parallel, func() (int, time.Duration) {
		req, _ := http.NewRequest("GET", e.URL+"/api/agent/v1/account", nil)
		req.Header.Set("Authorization", "Bearer "+acct.Key)
		return timed(req)
	})
}

// BenchmarkGetAccount measures GET /account one request at a time.
func BenchmarkGetAccount(b *testing.B) { getAccount(b, false) }

// BenchmarkGetAccountParallel measures GET /account from 4×GOMAXPROCS
// concurrent callers.
func BenchmarkGetAccountParallel(b *testing.B) { getAccount(b, true) }

var signups atomic.Int64

func createAccount(b *testing.B, parallel bool) {
	e := env(b)
	run := time.Now().UnixNano()
	measure(b, e, parallel, func() (int, time.Duration) {
		body := fmt.Sprintf(`{"email":"bench-%d-%d@example.com","site_url":"http://`+benchHost+`/","agent":{"name":"Bench agent"}}`, run, signups.Add(1))
		req, _ := http.NewRequest("POST", e.URL+"/api/agent/v1/accounts", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		return timed(req)
	})
}

// BenchmarkCreateAccount measures POST /accounts one request at a time.
// calls/req counts the request's own calls and those of the work it
// starts (the scan job and the event fan-out), which the queues run in the
// background.
func BenchmarkCreateAccount(b *testing.B) { createAccount(b, false) }

// BenchmarkCreateAccountParallel measures POST /accounts from 4×GOMAXPROCS
// concurrent callers.
func BenchmarkCreateAccountParallel(b *testing.B) { createAccount(b, true) }
