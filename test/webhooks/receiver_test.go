// Package webhooks_test proves webhook delivery over HTTP against a dev
// stack: endpoints are served over TLS on loopback and reached through the
// dev host overrides under public-looking names, and every signature is
// checked by a verifier written from the spec's words.
package webhooks_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// received is one request an endpoint got.
type received struct {
	Header http.Header
	Body   []byte
	Path   string
	Status int // what the receiver answered
}

// Event returns the body as an event object.
func (r received) Event(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("delivery body is not a JSON object: %v: %s", err, r.Body)
	}
	return m
}

// Attempt returns the Service-Delivery-Attempt header as a number.
func (r received) Attempt(t testing.TB) int {
	t.Helper()
	n, err := strconv.Atoi(r.Header.Get("Service-Delivery-Attempt"))
	if err != nil {
		t.Fatalf("Service-Delivery-Attempt %q is not a number", r.Header.Get("Service-Delivery-Attempt"))
	}
	return n
}

// receiver is a webhook endpoint served over TLS on loopback under a
// public-looking host name.
type receiver struct {
	URL  string
	Host string

	mu      sync.Mutex
	got     []received
	respond func(n int, r *http.Request) int // status for the nth request (from 1)
}

var hostSeq atomic.Int64

// newReceiver starts an endpoint that answers respond's status (200 when
// nil) and maps a fresh host name to it for the stack's outbound requests.
func newReceiver(t testing.TB, env *testenv.Env, respond func(n int, r *http.Request) int) *receiver {
	t.Helper()
	rc := &receiver{respond: respond}
	srv := httptest.NewTLSServer(http.HandlerFunc(rc.serve))
	t.Cleanup(srv.Close)
	rc.Host = fmt.Sprintf("hooks-%d-%d.example.com", time.Now().UnixNano()%1_000_000, hostSeq.Add(1))
	env.SetHost(t, rc.Host, srv.Listener.Addr().String())
	rc.URL = "https://" + rc.Host + "/hook"
	return rc
}

func (rc *receiver) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	n := len(rc.got) + 1
	status := http.StatusOK
	if rc.respond != nil {
		status = rc.respond(n, r)
	}
	rc.got = append(rc.got, received{Header: r.Header.Clone(), Body: body, Path: r.URL.Path, Status: status})
	rc.mu.Unlock()
	if status >= 300 && status < 400 {
		w.Header().Set("Location", "https://"+r.Host+"/moved")
	}
	w.WriteHeader(status)
}

// Received returns a copy of every request so far.
func (rc *receiver) Received() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]received(nil), rc.got...)
}

// SetRespond changes how the receiver answers from now on.
func (rc *receiver) SetRespond(f func(n int, r *http.Request) int) {
	rc.mu.Lock()
	rc.respond = f
	rc.mu.Unlock()
}

// waitFor polls until the receiver has at least n requests or the time is
// up, and returns them.
func (rc *receiver) waitFor(t testing.TB, n int, within time.Duration) []received {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		got := rc.Received()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("endpoint %s got %d requests, want at least %d", rc.Host, len(got), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Tolerance is the signature clock tolerance of spec 8.
const Tolerance = 300 * time.Second

// verify checks a Service-Signature header as spec 6 tells a receiver to:
// split the header on commas and each part on its first "="; the signed
// payload is t, ".", and the raw body unchanged; the signature is the
// lowercase hex HMAC-SHA256 of the payload keyed with the entire secret
// string, "whsec_" prefix included; compare with v1 in constant time;
// reject when t differs from the receiver's clock by more than 300 seconds.
func verify(secret, header string, body []byte, now time.Time) error {
	parts := map[string]string{}
	for _, p := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			return fmt.Errorf("part %q has no '='", p)
		}
		parts[k] = v
	}
	ts, v1 := parts["t"], parts["v1"]
	if ts == "" || v1 == "" {
		return errors.New("t or v1 missing")
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(body)))
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(v1)) {
		return errors.New("signature does not match")
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("t %q is not unix seconds", ts)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > Tolerance || d < -Tolerance {
		return fmt.Errorf("t is %s away from the receiver's clock", d)
	}
	return nil
}

// webhook is an endpoint as the API shows it.
type webhook struct {
	ID                 string                          `json:"id"`
	URL                string                          `json:"url"`
	Events             []string                        `json:"events"`
	Description        *string                         `json:"description"`
	Enabled            bool                            `json:"enabled"`
	DisabledReason     *string                         `json:"disabled_reason"`
	Secret             string                          `json:"secret"`
	CreatedBy          struct{ Type, ID, Name string } `json:"created_by"`
	CreatedAt          string                          `json:"created_at"`
	LastDeliveryAt     *string                         `json:"last_delivery_at"`
	LastDeliveryStatus *int                            `json:"last_delivery_status"`
}

// createWebhook adds an endpoint for url subscribed to events and deletes
// it when the test ends, so later clock moves do not retry into it.
func createWebhook(t testing.TB, c *testenv.Client, url string, events ...string) webhook {
	t.Helper()
	var out struct{ Webhook webhook }
	c.Agent(t, "POST", "/webhooks", map[string]any{"url": url, "events": events}).Expect(t, http.StatusCreated).Decode(t, &out)
	t.Cleanup(func() { c.Agent(t, "DELETE", "/webhooks/"+out.Webhook.ID, nil) })
	return out.Webhook
}

// getWebhook finds endpoint id in GET /webhooks.
func getWebhook(t testing.TB, c *testenv.Client, id string) webhook {
	t.Helper()
	var out struct{ Webhooks []webhook }
	c.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &out)
	for _, w := range out.Webhooks {
		if w.ID == id {
			return w
		}
	}
	t.Fatalf("webhook %s not listed", id)
	return webhook{}
}

// newKey creates an agent key (an agent_access.created event) and returns
// its id and secret.
func newKey(t testing.TB, c *testenv.Client, name string) (id, key string) {
	t.Helper()
	var out struct {
		AgentKey struct{ ID, Key string } `json:"agent_key"`
	}
	c.Agent(t, "POST", "/agent-keys", map[string]any{"name": name}).Expect(t, http.StatusCreated).Decode(t, &out)
	return out.AgentKey.ID, out.AgentKey.Key
}

// types returns the event types of requests, in order.
func types(t testing.TB, got []received) []string {
	out := make([]string, len(got))
	for i, r := range got {
		out[i] = r.Header.Get("Service-Event-Type")
	}
	return out
}

// settle runs scheduled work and drains the queues, then waits a moment
// for the background workers.
func settle(t testing.TB, env *testenv.Env) {
	t.Helper()
	env.RunScheduled(t)
	time.Sleep(200 * time.Millisecond)
}

// newAccount creates an account and lets the fan-out of its own events
// finish, so endpoints made next do not receive them.
func newAccount(t testing.TB, env *testenv.Env) *testenv.Account {
	t.Helper()
	acct := env.NewAccount(t, "")
	settle(t, env)
	return acct
}
