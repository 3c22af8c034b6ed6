// Package audit23g audits webhook delivery against spec 6 ("Webhook
// delivery"), 4.10 and 5 (revocation) and the README's Webhooks notes,
// through what a receiver and an agent see on a dev stack: a delivery
// pending while its endpoint is disabled (by hand or by revoking its
// creator) or unsubscribed from its type, and turned back on, is not sent
// and the attempt log stops promising it; the failures the spec names
// (410, no answer within 10 seconds, a TLS error) and how the attempt log
// words them; a 2xx with a large body; the attempt log's order and paging;
// the test event sent to a disabled endpoint; subscribed types of every
// site; a 3-day failing endpoint as the agent sees it; PATCH keeping the
// creation rules. Receivers are HTTPS servers on loopback reached through
// the dev host overrides, and every signature is checked by a verifier
// written from the spec's words. What test/webhooks covers (headers,
// signature, schedule, health emails, deletion, revocation) is not repeated.
package audit23g

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
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

// hit is one request a receiver got.
type hit struct {
	Header http.Header
	Body   []byte
}

// receiver is a webhook endpoint served over TLS on loopback under a
// public-looking host name.
type receiver struct {
	URL string

	mu      sync.Mutex
	got     []hit
	respond func(r *http.Request) int
}

var hostSeq atomic.Int64

// newReceiver starts an endpoint answering respond's status (200 when nil).
func newReceiver(t testing.TB, env *testenv.Env, respond func(r *http.Request) int) *receiver {
	t.Helper()
	rc := &receiver{respond: respond}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.got = append(rc.got, hit{Header: r.Header.Clone(), Body: body})
		f := rc.respond
		rc.mu.Unlock()
		status := http.StatusOK
		if f != nil {
			status = f(r)
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	host := fmt.Sprintf("a23g-%d-%d.example.com", time.Now().UnixNano()%1_000_000, hostSeq.Add(1))
	env.SetHost(t, host, srv.Listener.Addr().String())
	rc.URL = "https://" + host + "/hook"
	return rc
}

// hits returns a copy of every request so far.
func (rc *receiver) hits() []hit {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]hit(nil), rc.got...)
}

// setRespond changes how the receiver answers from now on.
func (rc *receiver) setRespond(f func(r *http.Request) int) {
	rc.mu.Lock()
	rc.respond = f
	rc.mu.Unlock()
}

// waitFor polls until the receiver has n requests and returns them.
func (rc *receiver) waitFor(t testing.TB, n int) []hit {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if got := rc.hits(); len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("endpoint %s got %d requests, want %d", rc.URL, len(rc.hits()), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// verify checks a Service-Signature header as spec 6 tells a receiver to:
// split the header on commas and each part on its first "="; the signed
// payload is t, ".", and the raw body unchanged; the signature is the
// lowercase hex HMAC-SHA256 of that payload keyed with the entire secret
// string, "whsec_" included; compare with v1 in constant time; reject when
// t differs from the receiver's clock by more than 300 seconds.
func verify(secret, header string, body []byte, now time.Time) error {
	parts := map[string]string{}
	for _, p := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			return fmt.Errorf("part %q has no '='", p)
		}
		parts[k] = v
	}
	if parts["t"] == "" || parts["v1"] == "" {
		return errors.New("t or v1 missing")
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(parts["t"] + "."))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(parts["v1"])) {
		return errors.New("signature does not match")
	}
	sec, err := strconv.ParseInt(parts["t"], 10, 64)
	if err != nil {
		return fmt.Errorf("t %q is not unix seconds", parts["t"])
	}
	if d := now.Sub(time.Unix(sec, 0)); d > 300*time.Second || d < -300*time.Second {
		return fmt.Errorf("t is %s away from the receiver's clock", d)
	}
	return nil
}

// webhook is an endpoint as the API shows it.
type webhook struct {
	ID             string  `json:"id"`
	Secret         string  `json:"secret"`
	Enabled        bool    `json:"enabled"`
	DisabledReason *string `json:"disabled_reason"`
}

// createWebhook adds an endpoint for url subscribed to events with client c
// and deletes it when the test ends.
func createWebhook(t testing.TB, c *testenv.Client, url string, events ...string) webhook {
	t.Helper()
	var out struct{ Webhook webhook }
	c.Agent(t, "POST", "/webhooks", map[string]any{"url": url, "events": events}).Expect(t, http.StatusCreated).Decode(t, &out)
	t.Cleanup(func() { c.Agent(t, "DELETE", "/webhooks/"+out.Webhook.ID, nil) })
	return out.Webhook
}

// setEnabled PATCHes enabled and returns the endpoint.
func setEnabled(t testing.TB, c *testenv.Client, id string, on bool) webhook {
	t.Helper()
	var out struct{ Webhook webhook }
	c.Agent(t, "PATCH", "/webhooks/"+id, map[string]any{"enabled": on}).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Webhook
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

// attemptLog is an entry of GET /webhooks/{id}/deliveries.
type attemptLog struct {
	ID            string  `json:"id"`
	DeliveryID    string  `json:"delivery_id"`
	EventID       string  `json:"event_id"`
	EventType     string  `json:"event_type"`
	Attempt       int     `json:"attempt"`
	Succeeded     bool    `json:"succeeded"`
	Status        *int    `json:"status"`
	Error         *string `json:"error"`
	DurationMS    *int64  `json:"duration_ms"`
	CreatedAt     string  `json:"created_at"`
	NextAttemptAt *string `json:"next_attempt_at"`
}

// attempts returns the endpoint's attempt log (first page of 100).
func attempts(t testing.TB, c *testenv.Client, id string) []attemptLog {
	t.Helper()
	var out struct{ Deliveries []attemptLog }
	c.Agent(t, "GET", "/webhooks/"+id+"/deliveries?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Deliveries
}

// settle runs scheduled work, drains the queues and waits a moment for the
// background workers.
func settle(t testing.TB, env *testenv.Env) {
	t.Helper()
	env.RunScheduled(t)
	time.Sleep(200 * time.Millisecond)
}

// newAccount creates an account and lets the fan-out of its own events end.
func newAccount(t testing.TB, env *testenv.Env) *testenv.Account {
	t.Helper()
	acct := env.NewAccount(t, "")
	settle(t, env)
	return acct
}
