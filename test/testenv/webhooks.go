package testenv

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
	"testing"
	"time"
)

// Delivery is one request a webhook Receiver got.
type Delivery struct {
	Header http.Header
	Body   []byte
	Path   string
	Status int // what the receiver answered
}

// Event returns the body as an event object.
func (d Delivery) Event(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(d.Body, &m); err != nil {
		t.Fatalf("delivery body is not a JSON object: %v: %s", err, d.Body)
	}
	return m
}

// Attempt returns the Service-Delivery-Attempt header as a number.
func (d Delivery) Attempt(t testing.TB) int {
	t.Helper()
	n, err := strconv.Atoi(d.Header.Get("Service-Delivery-Attempt"))
	if err != nil {
		t.Fatalf("Service-Delivery-Attempt %q is not a number", d.Header.Get("Service-Delivery-Attempt"))
	}
	return n
}

// Receiver is a webhook endpoint served over TLS on loopback under a
// public-looking host name that the stack's outbound requests reach
// through the dev host overrides.
type Receiver struct {
	URL  string // https://{Host}/hook
	Host string

	mu      sync.Mutex
	got     []Delivery
	respond func(n int, r *http.Request) int // status for the nth request (from 1)
}

// NewReceiver starts an endpoint that answers respond's status for the nth
// request (200 when respond is nil; a 3xx carries a Location) and maps a
// fresh host name to it for the stack's outbound requests. respond runs
// outside the receiver's lock, so it may be slow.
func NewReceiver(t testing.TB, env *Env, respond func(n int, r *http.Request) int) *Receiver {
	t.Helper()
	rc := &Receiver{respond: respond}
	srv := httptest.NewTLSServer(http.HandlerFunc(rc.serve))
	t.Cleanup(srv.Close)
	rc.Host = fixtureHost("hooks")
	env.SetHost(t, rc.Host, srv.Listener.Addr().String())
	rc.URL = "https://" + rc.Host + "/hook"
	return rc
}

func (rc *Receiver) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	i := len(rc.got)
	rc.got = append(rc.got, Delivery{Header: r.Header.Clone(), Body: body, Path: r.URL.Path, Status: http.StatusOK})
	f := rc.respond
	rc.mu.Unlock()
	status := http.StatusOK
	if f != nil {
		status = f(i+1, r)
	}
	rc.mu.Lock()
	rc.got[i].Status = status
	rc.mu.Unlock()
	if status >= 300 && status < 400 {
		w.Header().Set("Location", "https://"+r.Host+"/moved")
	}
	w.WriteHeader(status)
}

// Received returns a copy of every request so far.
func (rc *Receiver) Received() []Delivery {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]Delivery(nil), rc.got...)
}

// SetRespond changes how the receiver answers from now on.
func (rc *Receiver) SetRespond(f func(n int, r *http.Request) int) {
	rc.mu.Lock()
	rc.respond = f
	rc.mu.Unlock()
}

// WaitFor polls until the receiver has at least n requests, and returns
// them; the test fails when within passes first.
func (rc *Receiver) WaitFor(t testing.TB, n int, within time.Duration) []Delivery {
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

// SignatureTolerance is the signature clock tolerance of spec 8.
const SignatureTolerance = 300 * time.Second

// VerifySignature checks a Service-Signature header as spec 6 tells a
// receiver to: split the header on commas and each part on its first "=";
// the signed payload is t, ".", and the raw body unchanged; the signature
// is the lowercase hex HMAC-SHA256 of the payload keyed with the entire
// secret string, "whsec_" prefix included; compare with v1 in constant
// time; reject when t differs from the receiver's clock (now) by more
// than SignatureTolerance.
func VerifySignature(secret, header string, body []byte, now time.Time) error {
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
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(v1)) {
		return errors.New("signature does not match")
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("t %q is not unix seconds", ts)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > SignatureTolerance || d < -SignatureTolerance {
		return fmt.Errorf("t is %s away from the receiver's clock", d)
	}
	return nil
}

// Attempt is an entry of GET /webhooks/{id}/deliveries, the endpoint's
// attempt log.
type Attempt struct {
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

// Attempts returns the first 100 entries of endpoint webhookID's attempt
// log, newest first, as c sees them.
func Attempts(t testing.TB, c *Client, webhookID string) []Attempt {
	t.Helper()
	var out struct{ Deliveries []Attempt }
	c.Agent(t, "GET", "/webhooks/"+webhookID+"/deliveries?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Deliveries
}

// Webhook is a webhook endpoint as the API shows it.
type Webhook struct {
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

// CreateWebhook adds an endpoint for url subscribed to events with client
// c, and deletes it when the test ends, so later clock moves do not retry
// into it.
func CreateWebhook(t testing.TB, c *Client, url string, events ...string) Webhook {
	t.Helper()
	var out struct{ Webhook Webhook }
	c.Agent(t, "POST", "/webhooks", map[string]any{"url": url, "events": events}).Expect(t, http.StatusCreated).Decode(t, &out)
	t.Cleanup(func() { c.Agent(t, "DELETE", "/webhooks/"+out.Webhook.ID, nil) })
	return out.Webhook
}

// Settle runs scheduled work, drains the queues and waits a moment for the
// background workers (a fan-out's deliveries).
func (e *Env) Settle(t testing.TB) {
	t.Helper()
	e.RunScheduled(t)
	time.Sleep(200 * time.Millisecond)
}

// NewSettledAccount creates an account and lets the fan-out of its own
// events end, so endpoints made next do not receive them.
func (e *Env) NewSettledAccount(t testing.TB) *Account {
	t.Helper()
	acct := e.NewAccount(t, "")
	e.Settle(t)
	return acct
}
