// Package audit21a holds black-box tests of the dev harness contract
// (shared/DEV_HARNESS.md, README "The dev stack") and of the agent API's
// accounts, claiming, agent keys and authentication, through HTTP against a
// dev stack, for defects an audit found.
package audit21a

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// field returns the details' problem for name, or "" when none names it.
func field(t *testing.T, body map[string]any, name string) string {
	t.Helper()
	details, _ := body["details"].([]any)
	for _, d := range details {
		m, _ := d.(map[string]any)
		if m["field"] == name {
			p, _ := m["problem"].(string)
			if p == "" {
				t.Fatalf("details entry for %s has no problem sentence: %v", name, body)
			}
			return p
		}
	}
	return ""
}

// TestHarnessBadInputIsNeverA5xx sends the harness endpoints input no test
// should send, but might: a name longer than any host name, an id longer
// than any the harness issues, a body without the thread it names, text
// larger than the table keeps in one item. Each
// answers a 4xx in the API's shape ({error, code}), never a 500; fields
// get 422 validation_failed with details.
func TestHarnessBadInputIsNeverA5xx(t *testing.T) {
	env := testenv.Shared(t)
	c := env.Client()
	long := strings.Repeat("a", 3000)

	cases := []struct {
		method, path string
		body         any
		status       int
		code, field  string
	}{
		{"POST", "/_dev/hosts", map[string]any{"host": long + ".com", "address": "127.0.0.1:9"}, 422, "validation_failed", "host"},
		{"DELETE", "/_dev/hosts/" + long + ".com", nil, 422, "validation_failed", "host"},
		{"POST", "/_dev/dns", map[string]any{"name": long + ".com", "type": "TXT", "values": []string{"x"}}, 422, "validation_failed", "name"},
		{"POST", "/_dev/forum/comments", map[string]any{"body": "no thread named"}, 422, "validation_failed", "forum_id"},
		{"PATCH", "/_dev/forum/threads", map[string]any{"is_locked": true}, 422, "validation_failed", "forum_id"},
		{"POST", "/_dev/dns", map[string]any{"name": "_big.example.com", "type": "TXT", "values": []string{strings.Repeat("x", 500000)}}, 422, "validation_failed", "values"},
		{"POST", "/_dev/forum/threads", map[string]any{"subforum": "rockets", "title": "Big", "body": strings.Repeat("x", 500000)}, 422, "validation_failed", "body"},
		{"POST", "/_dev/forum/comments", map[string]any{"forum_id": long, "body": "x"}, 404, "not_found", ""},
		{"PATCH", "/_dev/forum/threads", map[string]any{"forum_id": long, "is_locked": true}, 404, "not_found", ""},
		{"POST", "/_dev/pay/checkout/" + long, map[string]any{"card": "4242424242424242"}, 404, "not_found", ""},
		{"POST", "/_dev/pay/portal/" + long + "/cancel", nil, 404, "not_found", ""},
	}
	for _, tc := range cases {
		name := tc.method + " " + tc.path
		if len(name) > 80 {
			name = name[:80] + "..."
		}
		r := c.Do(t, tc.method, tc.path, tc.body)
		if r.Status != tc.status {
			t.Errorf("%s: status %d, want %d: %s", name, r.Status, tc.status, r.Body)
			continue
		}
		body := r.JSON(t)
		if body["code"] != tc.code {
			t.Errorf("%s: code %v, want %s: %s", name, body["code"], tc.code, r.Body)
		}
		if s, _ := body["error"].(string); s == "" {
			t.Errorf("%s: no error sentence: %s", name, r.Body)
		}
		if tc.field != "" && field(t, body, tc.field) == "" {
			t.Errorf("%s: details do not name %s: %s", name, tc.field, r.Body)
		}
	}
}

// TestHarnessDNSNamesTheMissingField sends POST /_dev/dns without a name:
// the details name the missing field (name), not type, which was right.
func TestHarnessDNSNamesTheMissingField(t *testing.T) {
	env := testenv.Shared(t)
	body := env.Client().Do(t, "POST", "/_dev/dns", map[string]any{"type": "TXT", "values": []string{"x"}}).
		ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if field(t, body, "name") == "" || field(t, body, "type") != "" {
		t.Fatalf("details = %v, want one problem for name only", body["details"])
	}
}

// TestSimulatedPaymentErrorsCarryACode reads the simulated processor's
// JSON errors: the checkout's 402 keeps its contract shape {completed:
// false, error} and, like the portal's errors, carries the API's code.
func TestSimulatedPaymentErrorsCarryACode(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	co := a.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)
	checkout := co["checkout"].(map[string]any)["checkout_url"].(string)
	u, err := url.Parse(checkout)
	if err != nil {
		t.Fatal(err)
	}
	c := env.Client()
	body := c.Do(t, "POST", u.Path, map[string]any{"card": "4000000000000002"}).Expect(t, http.StatusPaymentRequired).JSON(t)
	if body["completed"] != false || body["error"] == "" || body["code"] != "payment_failed" {
		t.Fatalf("declined checkout = %v, want completed false, an error and code payment_failed", body)
	}
	c.Do(t, "POST", u.Path, map[string]any{"card": "4242424242424242"}).Expect(t, http.StatusOK)
	body = c.Do(t, "POST", u.Path, map[string]any{"card": "4242424242424242"}).Expect(t, http.StatusConflict).JSON(t)
	if body["completed"] != false || body["code"] != "conflict" {
		t.Fatalf("completed checkout again = %v, want completed false and code conflict", body)
	}

	po := a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)
	pu, err := url.Parse(po["portal"].(map[string]any)["portal_url"].(string))
	if err != nil {
		t.Fatal(err)
	}
	c.Do(t, "POST", pu.Path+"/card", map[string]any{"card": "4000000000000002"}).ExpectError(t, http.StatusPaymentRequired, "payment_failed")
	c.Do(t, "POST", fmt.Sprintf("/_dev/pay/portal/bps_sim_none%d/cancel", time.Now().UnixNano()), nil).ExpectError(t, http.StatusNotFound, "not_found")
}
