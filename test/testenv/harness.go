package testenv

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/dev/faults"
)

// Email is a mail from the dev outbox.
type Email struct {
	To      string   `json:"to"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
	Links   []string `json:"links"`
	SentAt  string   `json:"sent_at"`
}

// Emails returns every mail sent to address, newest first.
func (e *Env) Emails(t testing.TB, address string) []Email {
	t.Helper()
	var out struct{ Emails []Email }
	e.Client().Do(t, "GET", "/_dev/emails?to="+address, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Emails
}

// Advance moves the service clock forward and returns the new time.
func (e *Env) Advance(t testing.TB, seconds float64) string {
	t.Helper()
	var out struct{ Now string }
	e.Client().Do(t, "POST", "/_dev/clock", map[string]any{"advance_seconds": seconds}).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Now
}

// AdvancePast moves the service clock to extra past the RFC 3339
// timestamp at (a deadline the service reported), and returns the new time.
func (e *Env) AdvancePast(t testing.TB, at string, extra time.Duration) string {
	t.Helper()
	end, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		t.Fatalf("timestamp %q: %v", at, err)
	}
	now, err := time.Parse(time.RFC3339Nano, e.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	return e.Advance(t, (end.Sub(now) + extra).Seconds())
}

// Now returns the service clock.
func (e *Env) Now(t testing.TB) string {
	t.Helper()
	var out struct{ Now string }
	e.Client().Do(t, "GET", "/_dev/clock", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Now
}

// Time returns the service clock as a time.
func (e *Env) Time(t testing.TB) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, e.Now(t))
	if err != nil {
		t.Fatalf("service clock: %v", err)
	}
	return at
}

// RunScheduled runs every scheduled task once and works off the queues.
func (e *Env) RunScheduled(t testing.TB) []string {
	t.Helper()
	var out struct{ Ran []string }
	e.Client().Do(t, "POST", "/_dev/run-scheduled", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Ran
}

// SetHost sends the service's outbound requests for host to address.
func (e *Env) SetHost(t testing.TB, host, address string) {
	t.Helper()
	e.Client().Do(t, "POST", "/_dev/hosts", map[string]any{"host": host, "address": address}).Expect(t, http.StatusOK)
	t.Cleanup(func() { e.Client().Do(t, "DELETE", "/_dev/hosts/"+host, nil) })
}

// SetTXT sets the service's DNS TXT answers for name.
func (e *Env) SetTXT(t testing.TB, name string, values ...string) {
	t.Helper()
	e.Client().Do(t, "POST", "/_dev/dns", map[string]any{"name": name, "type": "TXT", "values": values}).Expect(t, http.StatusOK)
}

// ArmFault makes the next times passes through point fail.
func (e *Env) ArmFault(t testing.TB, point string, times int) {
	t.Helper()
	e.Client().Do(t, "POST", "/_dev/faults", map[string]any{"point": point, "times": times}).Expect(t, http.StatusOK)
}

// CrashThenRetry sends method path (of the agent API) with body and
// Idempotency-Key key as c after arming the after_commit fault, so the
// function dies right after the write's transaction commits, and expects
// the server error it answers; then it sends the same request again with
// the same key, as an agent retries after a 5xx, and returns that retry's
// answer once it is a replay of wantStatus (Idempotent-Replayed: true).
func (e *Env) CrashThenRetry(t testing.TB, c *Client, method, path string, body any, key string, wantStatus int) *Response {
	t.Helper()
	e.ArmFault(t, faults.AfterCommit, 1)
	first := c.Agent(t, method, path, body, "Idempotency-Key: "+key)
	if first.Status != http.StatusInternalServerError {
		e.Client().Do(t, "DELETE", "/_dev/faults", nil).Expect(t, http.StatusOK)
		t.Fatalf("%s %s with the after_commit fault armed answered %d, want 500 (its transaction does not store its answer): %s", method, path, first.Status, first.Body)
	}
	retry := c.Agent(t, method, path, body, "Idempotency-Key: "+key)
	if retry.Status != wantStatus || retry.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry of %s %s after a crash past its commit: %d (Idempotent-Replayed %q), want the first answer %d replayed: %s",
			method, path, retry.Status, retry.Header.Get("Idempotent-Replayed"), wantStatus, retry.Body)
	}
	return retry
}
