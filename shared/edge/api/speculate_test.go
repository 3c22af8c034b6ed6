package api_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/ratelimit"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
)

// checker accepts credentials as its table says, counting its checks; a
// check waits for release when it is set, so a test can see what runs
// before the check ends.
type checker struct {
	mu      sync.Mutex
	owners  map[string]string // credential -> account
	checks  int
	release chan struct{}
}

func (c *checker) Authenticate(_ context.Context, credential, ip string) (auth.Principal, error) {
	c.mu.Lock()
	c.checks++
	release := c.release
	account, ok := c.owners[credential]
	c.mu.Unlock()
	if release != nil {
		<-release
	}
	if !ok {
		return auth.Principal{}, apperr.New(apperr.Unauthorized, "")
	}
	return auth.Principal{AccountID: account, Actor: auth.Actor{Type: auth.ActorAgent, ID: "k-" + credential}, CredentialID: "k-" + credential, IP: ip}, nil
}

func (c *checker) set(credential, account string, release chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if account == "" {
		delete(c.owners, credential)
	} else {
		c.owners[credential] = account
	}
	c.release = release
}

// counter is a Limiter in memory, with fixed windows on its own clock.
type counter struct {
	mu  sync.Mutex
	n   map[string]int // by scope and window start
	now time.Time
}

// at returns the key of scope's window of length that holds t.
func at(scope string, window time.Duration, t time.Time) string {
	return scope + "@" + t.Truncate(window).Format(time.RFC3339)
}

func (c *counter) Hit(_ context.Context, scope string, window time.Duration) (ratelimit.Window, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := at(scope, window, c.now)
	c.n[k]++
	return ratelimit.Window{Count: c.n[k], Now: c.now, Resets: c.now.Truncate(window).Add(window)}, nil
}

func (c *counter) GiveBack(_ context.Context, scope string, window time.Duration, counted ratelimit.Window) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if k := at(scope, window, counted.Resets.Add(-window)); c.n[k] > 0 {
		c.n[k]--
	}
	return nil
}

// count returns scope's count in the current one-minute window.
func (c *counter) count(scope string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[at(scope, time.Minute, c.now)]
}

// advance moves the counter's clock forward by d.
func (c *counter) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// speculationRig is an agent route's chain as compose builds it: the
// credential check, the budget count, the endpoint; the endpoint reports
// the account it ran for and whether the credential's check had ended.
type speculationRig struct {
	keys    *checker
	budgets *counter
	h       http.Handler
	ran     chan string // the account each run of the endpoint was for
}

func newSpeculationRig() *speculationRig {
	rig := &speculationRig{keys: &checker{owners: map[string]string{"rv_agent_a": "acct-a"}}, budgets: &counter{n: map[string]int{}, now: time.Date(2026, 3, 1, 12, 0, 59, 0, time.UTC)}, ran: make(chan string, 10)}
	limit := api.RateLimit(rig.budgets, api.Budget{Limit: 100, Window: time.Minute}, api.Budget{Limit: 100, Window: time.Minute})
	reject := limit(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { api.Unauthorized(w, r, "https://svc.example") }))
	endpoint := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, _ := auth.From(r.Context())
		rig.ran <- p.AccountID
		answer := map[string]string{"account": p.AccountID, "credential": p.CredentialID, "ip": p.IP}
		if b, _ := io.ReadAll(r.Body); len(b) > 0 {
			answer["body"] = string(b)
		}
		api.JSON(w, http.StatusOK, answer)
	})
	// A POST whose body says "read" only reads (as an MCP tool call may).
	reads := func(r *http.Request) bool {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		return string(b) == "read"
	}
	rig.h = api.Base(api.ReadOnly(reads)(api.Authenticate(rig.keys, reject, api.NewPrincipals())(limit(endpoint))))
	return rig
}

func (rig *speculationRig) send(method string) *httptest.ResponseRecorder {
	return rig.sendBody(method, "")
}

func (rig *speculationRig) sendBody(method, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "/api/agent/v1/account", strings.NewReader(body))
	r.Header.Set("Authorization", "Bearer rv_agent_a")
	w := httptest.NewRecorder()
	rig.h.ServeHTTP(w, r)
	return w
}

// sendHeld sends a request while the credential's check is held, and
// reports whether the endpoint ran before the check was let go.
func (rig *speculationRig) sendHeld(t *testing.T, method string) (w *httptest.ResponseRecorder, ranFirst bool) {
	return rig.sendHeldBody(t, method, "")
}

func (rig *speculationRig) sendHeldBody(t *testing.T, method, body string) (w *httptest.ResponseRecorder, ranFirst bool) {
	t.Helper()
	release := make(chan struct{})
	rig.keys.set("rv_agent_a", rig.keys.owners["rv_agent_a"], release)
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- rig.sendBody(method, body) }()
	select {
	case <-rig.ran:
		ranFirst = true
	case <-time.After(200 * time.Millisecond):
	}
	close(release)
	w = <-done
	if !ranFirst {
		<-rig.ran
	}
	for len(rig.ran) > 0 {
		<-rig.ran
	}
	return w, ranFirst
}

// A read with a credential accepted before runs beside its check, and its
// answer waits for the check; a first read and every write wait for it.
func TestAReadWithAKnownCredentialRunsBesideItsCheck(t *testing.T) {
	rig := newSpeculationRig()
	if w, ranFirst := rig.sendHeld(t, http.MethodGet); ranFirst || w.Code != http.StatusOK {
		t.Fatalf("first read: ran before its check %v, answered %d", ranFirst, w.Code)
	}
	w, ranFirst := rig.sendHeld(t, http.MethodGet)
	if !ranFirst || w.Code != http.StatusOK || w.Body.String() != `{"account":"acct-a","credential":"k-rv_agent_a","ip":"192.0.2.1"}` {
		t.Fatalf("second read: ran before its check %v, answered %d %s", ranFirst, w.Code, w.Body)
	}
	if w.Header().Get("X-RateLimit-Remaining") != "98" {
		t.Errorf("X-RateLimit-Remaining %q after two reads", w.Header().Get("X-RateLimit-Remaining"))
	}
	if _, ranFirst := rig.sendHeld(t, http.MethodPost); ranFirst {
		t.Fatal("a write ran before its credential was checked")
	}
	if n := rig.keys.checks; n != 3 {
		t.Fatalf("%d checks for 3 requests: every request's credential is checked", n)
	}
}

// A credential refused since it was last accepted answers 401 even when
// the read ran, and the read's count goes back to the account's budget.
func TestARevokedCredentialIsRefusedAtOnce(t *testing.T) {
	rig := newSpeculationRig()
	if w := rig.send(http.MethodGet); w.Code != http.StatusOK {
		t.Fatalf("first read: %d", w.Code)
	}
	<-rig.ran
	rig.keys.set("rv_agent_a", "", nil) // revoked
	w := rig.send(http.MethodGet)
	if w.Code != http.StatusUnauthorized || w.Header().Get("WWW-Authenticate") == "" {
		t.Fatalf("read with a revoked key: %d %s", w.Code, w.Body)
	}
	if len(rig.ran) != 1 || <-rig.ran != "acct-a" {
		t.Fatal("the read did not run beside the check")
	}
	if n := rig.budgets.count("rl#acct#acct-a"); n != 1 {
		t.Errorf("the account's budget counts %d requests, want 1 (the refused one given back)", n)
	}
	if n := rig.budgets.count("rl#ip#192.0.2.1"); n != 1 {
		t.Errorf("the address's budget counts %d refused requests, want 1", n)
	}
	if w := rig.send(http.MethodGet); w.Code != http.StatusUnauthorized || len(rig.ran) != 0 {
		t.Fatalf("the next read: %d, endpoint ran %d times (a refused credential is forgotten)", w.Code, len(rig.ran))
	}
}

// A credential that now names another principal is served again as that
// one; the first answer is thrown away.
func TestACredentialOfAnotherPrincipalIsServedAgain(t *testing.T) {
	rig := newSpeculationRig()
	rig.send(http.MethodGet)
	<-rig.ran
	rig.keys.set("rv_agent_a", "acct-b", nil)
	w := rig.send(http.MethodGet)
	if w.Code != http.StatusOK || w.Body.String() != `{"account":"acct-b","credential":"k-rv_agent_a","ip":"192.0.2.1"}` {
		t.Fatalf("answered %d %s", w.Code, w.Body)
	}
	if first, second := <-rig.ran, <-rig.ran; first != "acct-a" || second != "acct-b" {
		t.Fatalf("runs for %s then %s", first, second)
	}
	if n := rig.budgets.count("rl#acct#acct-a"); n != 1 {
		t.Errorf("acct-a's budget counts %d requests, want 1", n)
	}
}

// A request ReadOnly says only reads is served like a GET: beside its
// check once the credential is known, and with its body when it is served
// again as another principal; any other POST waits for its check.
func TestARequestThatOnlyReadsRunsBesideItsCheck(t *testing.T) {
	rig := newSpeculationRig()
	rig.send(http.MethodGet)
	<-rig.ran
	if _, ranFirst := rig.sendHeldBody(t, http.MethodPost, "write"); ranFirst {
		t.Fatal("a write ran before its credential was checked")
	}
	w, ranFirst := rig.sendHeldBody(t, http.MethodPost, "read")
	if !ranFirst || w.Code != http.StatusOK || w.Body.String() != `{"account":"acct-a","body":"read","credential":"k-rv_agent_a","ip":"192.0.2.1"}` {
		t.Fatalf("a POST that only reads: ran before its check %v, answered %d %s", ranFirst, w.Code, w.Body)
	}
	rig.keys.set("rv_agent_a", "acct-b", nil)
	w = rig.sendBody(http.MethodPost, "read")
	if w.Code != http.StatusOK || w.Body.String() != `{"account":"acct-b","body":"read","credential":"k-rv_agent_a","ip":"192.0.2.1"}` {
		t.Fatalf("served again as another principal: %d %s", w.Code, w.Body)
	}
}

// A refused read's count goes back to the window that counted it, also
// when that window ended while the credential was checked: the next
// window, where the read was never counted, keeps its counts (else each
// refusal sent across a window's end would free one more place there).
func TestARefundGoesBackToTheWindowThatCountedIt(t *testing.T) {
	rig := newSpeculationRig()
	if w := rig.send(http.MethodGet); w.Code != http.StatusOK {
		t.Fatalf("first read: %d", w.Code)
	}
	<-rig.ran
	release := make(chan struct{})
	rig.keys.set("rv_agent_a", "", release) // revoked; the check waits
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- rig.send(http.MethodGet) }()
	<-rig.ran // the read ran (and was counted) in the first window
	rig.budgets.advance(time.Minute)
	// Another request of the account, counted in the new window.
	if _, err := rig.budgets.Hit(context.Background(), "rl#acct#acct-a", time.Minute); err != nil {
		t.Fatal(err)
	}
	close(release)
	if w := <-done; w.Code != http.StatusUnauthorized {
		t.Fatalf("read with a revoked key: %d %s", w.Code, w.Body)
	}
	if n := rig.budgets.count("rl#acct#acct-a"); n != 1 {
		t.Errorf("the new window counts %d requests, want 1: the refund was taken from a window that never counted the read", n)
	}
	rig.budgets.advance(-time.Minute)
	if n := rig.budgets.count("rl#acct#acct-a"); n != 1 {
		t.Errorf("the first window counts %d requests, want 1 (the refused read given back)", n)
	}
}

// readsAfterRevoke reads with a key the function accepted before, then
// with the same key revoked, through Authenticate; endpoint serves both,
// told whether it serves the second. It returns the second read's status.
func readsAfterRevoke(t *testing.T, path string, endpoint func(w http.ResponseWriter, r *http.Request, second bool)) int {
	t.Helper()
	keys := &checker{owners: map[string]string{"rv_agent_a": "acct-a"}}
	var second atomic.Bool
	h := api.Base(api.Authenticate(keys, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { api.Unauthorized(w, r, "https://svc.example") }), api.NewPrincipals())(
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { endpoint(w, r, second.Load()) })))
	send := func() int {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		r.Header.Set("Authorization", "Bearer rv_agent_a")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}
	if code := send(); code != http.StatusOK {
		t.Fatalf("first read: %d", code)
	}
	keys.set("rv_agent_a", "", nil) // revoked
	second.Store(true)
	return send()
}

// A read running beside the check of a credential refused since is ended
// as soon as the check refuses: its answer is never sent, and a long read
// must not make the refused caller wait (or show how long it took).
func TestARefusedCheckEndsTheReadBesideIt(t *testing.T) {
	ended := make(chan error, 1)
	code := readsAfterRevoke(t, "/api/agent/v1/jobs/x?wait=25", func(w http.ResponseWriter, r *http.Request, second bool) {
		if second {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			ended <- r.Context().Err()
		}
		api.JSON(w, http.StatusOK, map[string]string{})
	})
	if code != http.StatusUnauthorized {
		t.Fatalf("read with a revoked key: %d", code)
	}
	if err := <-ended; err == nil {
		t.Fatal("the read beside the refused check ran to its end")
	}
}

// A read ended because its credential's check refused it fails with the
// cancellation, but its answer is never sent: the 401 is the answer, and
// no "request failed" error is logged for a failure nobody sees (a
// revoked key's reads would otherwise raise errors in the logs).
func TestAReadEndedByARefusedCheckLogsNoFailure(t *testing.T) {
	var logs bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })
	code := readsAfterRevoke(t, "/api/agent/v1/events", func(w http.ResponseWriter, r *http.Request, second bool) {
		if second {
			<-r.Context().Done()
			api.Error(w, r, fmt.Errorf("eventlog.List: %w", r.Context().Err()))
			return
		}
		api.JSON(w, http.StatusOK, map[string]string{})
	})
	if code != http.StatusUnauthorized {
		t.Fatalf("read with a revoked key: %d", code)
	}
	if strings.Contains(logs.String(), "request failed") {
		t.Errorf("the abandoned read logged a failure:\n%s", logs.String())
	}
}
