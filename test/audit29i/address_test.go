package audit29i

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"strconv"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// caller sends requests to the stack from one loopback address, as a
// second machine would (the dev stack reads the caller's address from the
// connection).
type caller struct {
	env  *testenv.Env
	http *http.Client
}

// from returns a caller on the stack whose requests come from ip; the test
// is skipped when the machine cannot send from that address.
func from(t *testing.T, env *testenv.Env, ip string) *caller {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c := &caller{env: env, http: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}}
	if _, err := c.http.Get(env.URL + "/healthz"); err != nil {
		t.Skipf("cannot call from %s: %v", ip, err)
	}
	return c
}

// do sends method path with the Bearer token (when not empty) and the JSON
// body (when not nil) and returns the status and the headers.
func (c *caller) do(t *testing.T, method, path, token string, body []byte) (int, http.Header) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, c.env.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header
}

// TestAddressBudgetsAreNotShared: README "Rate limits" ("requests
// without an accepted credential ... count against 300 per minute per
// caller address"), "Signups" ("At most 20 accounts an hour per caller
// address") and the public API's "Limits" ("300 requests per caller
// address per UTC minute (counted before the key ...)"). One address
// spending each of these budgets to its 429 leaves another address's
// whole: the second address's first refused-credential request reads
// X-RateLimit-Remaining limit-1, its public reads and its signup pass.
// (A pin of the promise, which no other test holds; it held before this
// audit.)
func TestAddressBudgetsAreNotShared(t *testing.T) {
	const anonymous, publicPerIP, signups = 4, 3, 2
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.AnonymousRequestsPerMinute = anonymous + 10 // room for the signups below
		c.PublicRequestsPerIP, c.PublicRequestsPerAccount = publicPerIP, 100
		c.SignupsPerAddressPerHour = signups
	}})
	one, two := from(t, env, "127.0.0.1"), from(t, env, "127.0.0.2")
	r := env.NewReadable(t, "") // the first signup from 127.0.0.1
	env.NextMinute(t)

	signup := func(c *caller) int {
		body := []byte(`{"email":"` + testenv.UniqueEmail("addr") + `","site_url":"https://acme.com","agent":{"name":"Test agent"}}`)
		status, _ := c.do(t, "POST", "/api/agent/v1/accounts", "", body)
		return status
	}
	if got := signup(one); got != http.StatusCreated {
		t.Fatalf("second signup from 127.0.0.1: %d, want 201", got)
	}
	if got := signup(one); got != http.StatusTooManyRequests {
		t.Fatalf("third signup from 127.0.0.1 (limit %d an hour): %d, want 429", signups, got)
	}
	if got := signup(two); got != http.StatusCreated {
		t.Fatalf("first signup from 127.0.0.2 after 127.0.0.1 spent its %d: %d, want 201", signups, got)
	}

	env.NextMinute(t)
	limit := strconv.Itoa(anonymous + 10)
	for i := 0; ; i++ {
		status, h := one.do(t, "GET", "/api/agent/v1/account", "", nil)
		if status == http.StatusTooManyRequests {
			break
		}
		if i > anonymous+10 || h.Get("X-RateLimit-Limit") != limit {
			t.Fatalf("refused credential #%d from 127.0.0.1: %d, X-RateLimit-Limit %q", i+1, status, h.Get("X-RateLimit-Limit"))
		}
	}
	status, h := two.do(t, "GET", "/api/agent/v1/account", "", nil)
	if want := strconv.Itoa(anonymous + 10 - 1); status != http.StatusUnauthorized || h.Get("X-RateLimit-Remaining") != want {
		t.Fatalf("127.0.0.2's first refused credential after 127.0.0.1 spent its budget: %d with X-RateLimit-Remaining %q, want 401 with %s",
			status, h.Get("X-RateLimit-Remaining"), want)
	}

	for i := 0; i < publicPerIP; i++ {
		if status, _ := one.do(t, "GET", "/api/public/v1/ping", r.SiteKey, nil); status != http.StatusOK {
			t.Fatalf("public read #%d from 127.0.0.1: %d, want 200", i+1, status)
		}
	}
	if status, _ := one.do(t, "GET", "/api/public/v1/ping", r.SiteKey, nil); status != http.StatusTooManyRequests {
		t.Fatalf("public read #%d from 127.0.0.1: %d, want 429", publicPerIP+1, status)
	}
	for i := 0; i < publicPerIP; i++ {
		if status, _ := two.do(t, "GET", "/api/public/v1/ping", r.SiteKey, nil); status != http.StatusOK {
			t.Fatalf("public read #%d from 127.0.0.2 with the same key: %d, want 200 (its own address's budget)", i+1, status)
		}
	}
}
