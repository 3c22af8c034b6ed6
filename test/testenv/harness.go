package testenv

import (
	"net/http"
	"testing"
	"time"
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
