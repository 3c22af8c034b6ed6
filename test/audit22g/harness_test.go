// Package audit22g holds black-box tests of the dev stack's /_dev harness
// (shared/DEV_HARNESS.md, README "The dev stack") and of the README's "A
// first walk-through", through HTTP against a dev stack, for defects an
// audit found and for the documented shapes a new developer relies on.
package audit22g

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// problemFor returns the details' problem for name, or "" when none names it.
func problemFor(body map[string]any, name string) string {
	details, _ := body["details"].([]any)
	for _, d := range details {
		m, _ := d.(map[string]any)
		if m["field"] == name {
			p, _ := m["problem"].(string)
			return p
		}
	}
	return ""
}

// TestHostOverrideAddressNeedsARealPort sets host overrides whose address
// is a loopback host with something that is not a port (out of range, not
// a number, zero): README says the address is "127.0.0.1, [::1] or
// localhost, with a port", so each answers 422 validation_failed naming
// address instead of keeping an override no connection can follow. The
// documented forms are still accepted.
func TestHostOverrideAddressNeedsARealPort(t *testing.T) {
	env := testenv.Shared(t)
	c := env.Client()
	for _, address := range []string{"127.0.0.1:99999", "127.0.0.1:abc", "localhost:0", "[::1]:-1", "127.0.0.1:"} {
		body := c.Do(t, "POST", "/_dev/hosts", map[string]any{"host": "port-check.example", "address": address}).
			ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if problemFor(body, "address") == "" {
			t.Errorf("address %q: details do not name address: %v", address, body)
		}
	}
	for _, address := range []string{"127.0.0.1:40123", "[::1]:40123", "localhost:65535"} {
		got := c.Do(t, "POST", "/_dev/hosts", map[string]any{"host": "port-check.example", "address": address}).Expect(t, http.StatusOK).JSON(t)
		if got["address"] != address || got["host"] != "port-check.example" {
			t.Errorf("address %q: answer %v", address, got)
		}
	}
	c.Do(t, "DELETE", "/_dev/hosts/port-check.example", nil).Expect(t, http.StatusOK)
}

// TestForumPostedAtMustBeATime adds fixture threads whose posted_at is a
// number of Unix seconds no RFC 3339 timestamp can write (before year 1
// or after 9999): README says posted_at "accepts RFC 3339 or Unix
// seconds", so these answer 422 naming posted_at instead of storing a
// thread whose time is lost. Unix seconds and RFC 3339 within range are
// still accepted.
func TestForumPostedAtMustBeATime(t *testing.T) {
	env := testenv.Shared(t)
	c := env.Client()
	for _, posted := range []any{1e20, -1e12, 253402300800.0} {
		body := c.Do(t, "POST", "/_dev/forum/threads", map[string]any{"subforum": "rockets", "title": "Launch pads", "posted_at": posted}).
			ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if problemFor(body, "posted_at") == "" {
			t.Errorf("posted_at %v: details do not name posted_at: %v", posted, body)
		}
	}
	for _, posted := range []any{1764000000, "2026-11-27T10:00:00Z", 253402300799.0, nil} {
		c.Do(t, "POST", "/_dev/forum/threads", map[string]any{"subforum": "rockets", "title": "Launch pads", "posted_at": posted}).Expect(t, http.StatusOK)
	}
}
