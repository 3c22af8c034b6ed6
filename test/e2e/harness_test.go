package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestHarnessEmails lists every mail to an address, newest first.
func TestHarnessEmails(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	newKey(t, acct.Client, "mail bot")
	var out struct {
		Emails []map[string]any `json:"emails"`
	}
	env.Client().Do(t, "GET", "/_dev/emails?to="+strings.ToUpper(acct.Email), nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Emails) != 2 {
		t.Fatalf("%d mails, want 2", len(out.Emails))
	}
	for _, m := range out.Emails {
		if keysOf(m) != "links,sent_at,subject,text,to" || m["to"] != acct.Email || m["subject"] == "" || m["text"] == "" {
			t.Fatalf("mail = %v", m)
		}
	}
	if out.Emails[0]["subject"] != "New agent access: mail bot" || out.Emails[1]["subject"] != "Claim your new account" ||
		str(t, out.Emails[0]["sent_at"]) < str(t, out.Emails[1]["sent_at"]) {
		t.Fatalf("mails not newest first: %v / %v", out.Emails[0]["subject"], out.Emails[1]["subject"])
	}
	r := env.Client().Do(t, "GET", "/_dev/emails?to=nobody-"+acct.Email, nil).Expect(t, http.StatusOK)
	if string(r.Body) != `{"emails":[]}` {
		t.Fatalf("no mail = %s", r.Body)
	}
	expectError(t, env.Client().Do(t, "GET", "/_dev/emails", nil), http.StatusUnprocessableEntity, "validation_failed")
}

// TestHarnessClock moves the service clock forward only, for every part of
// the service at once.
func TestHarnessClock(t *testing.T) {
	env := startStack(t, nil)
	before := serviceNow(t, env)
	var moved struct{ Now string }
	env.Client().Do(t, "POST", "/_dev/clock", map[string]any{"advance_seconds": 86400}).Expect(t, http.StatusOK).Decode(t, &moved)
	after, err := time.Parse(time.RFC3339Nano, moved.Now)
	if err != nil || after.Sub(before) < 24*time.Hour || after.Sub(before) > 24*time.Hour+time.Minute {
		t.Fatalf("after advancing a day: %v -> %v (%v)", before, moved.Now, err)
	}
	if got := serviceNow(t, env); got.Before(after) {
		t.Fatalf("GET /_dev/clock = %v, before the advanced %v", got, after)
	}
	refused := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"negative", map[string]any{"advance_seconds": -60}, 422, "validation_failed"},
		{"missing", map[string]any{}, 422, "validation_failed"},
		{"not a number", map[string]any{"advance_seconds": "60"}, 422, "validation_failed"}, // a field of the wrong type names it
		{"not JSON", "{", 400, "bad_request"},
		{"past a century", map[string]any{"advance_seconds": 1e10}, 422, "validation_failed"},
		{"beyond any clock", map[string]any{"advance_seconds": 1e300}, 422, "validation_failed"},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			expectError(t, env.Client().Do(t, "POST", "/_dev/clock", c.body), c.status, c.code)
		})
	}
	if got := serviceNow(t, env); got.Before(after) || got.Sub(after) > time.Minute {
		t.Fatalf("clock moved on a refused call: %v", got)
	}
	acct := env.NewAccount(t, "")
	a := object(t, acct.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t), "account")
	created, _ := time.Parse(time.RFC3339Nano, str(t, a["created_at"]))
	if created.Before(after) {
		t.Fatalf("account created_at %v is behind the service clock %v", created, after)
	}
	env.Client().Do(t, "POST", "/_dev/clock", map[string]any{"advance_seconds": 0}).Expect(t, http.StatusOK)
}

// TestHarnessRunScheduled runs every scheduled task and works off the
// queues.
func TestHarnessRunScheduled(t *testing.T) {
	env := testenv.Shared(t)
	var out struct {
		Ran []string `json:"ran"`
	}
	env.Client().Do(t, "POST", "/_dev/run-scheduled", nil).Expect(t, http.StatusOK).Decode(t, &out)
	got := strings.Join(out.Ran, ",")
	for _, task := range []string{"jobs.sweep", "events.outbox"} {
		if !strings.Contains(","+got+",", ","+task+",") {
			t.Fatalf("ran %v, want %s among them", out.Ran, task)
		}
	}
}

// TestHarnessHostsAndDNS sets and removes host overrides and TXT answers,
// and shows an override reaching a test server on loopback.
func TestHarnessHostsAndDNS(t *testing.T) {
	env := testenv.Shared(t)
	var hits atomic.Int64
	var hostSeen atomic.Value
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		hostSeen.Store(r.Host)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><head><title>Harness Check</title></head><body><h1>Harness Check</h1></body></html>")
	}))
	defer site.Close()
	addr := strings.TrimPrefix(site.URL, "http://")

	r := env.Client().Do(t, "POST", "/_dev/hosts", map[string]any{"host": "Harness-Check.com", "address": addr}).Expect(t, http.StatusOK)
	if got := fmt.Sprint(r.JSON(t)); got != fmt.Sprint(map[string]any{"host": "harness-check.com", "address": addr}) {
		t.Fatalf("POST /_dev/hosts = %s", r.Body)
	}
	acct := env.NewAccount(t, "http://harness-check.com/")
	settleScan(t, acct)
	if hits.Load() == 0 {
		t.Fatal("the scan of an overridden host never reached the loopback server")
	}
	if h, _ := hostSeen.Load().(string); !strings.HasPrefix(h, "harness-check.com") {
		t.Fatalf("the loopback server saw Host %q, want the public name", h)
	}
	r = env.Client().Do(t, "DELETE", "/_dev/hosts/harness-check.com", nil).Expect(t, http.StatusOK)
	if got := fmt.Sprint(r.JSON(t)); got != fmt.Sprint(map[string]any{"deleted": true, "host": "harness-check.com"}) {
		t.Fatalf("DELETE /_dev/hosts = %s", r.Body)
	}
	bad := []map[string]any{
		{"host": "acme.com", "address": "10.0.0.1:80"},
		{"host": "acme.com", "address": "127.0.0.1"},
		{"host": "", "address": addr},
	}
	for _, b := range bad {
		expectError(t, env.Client().Do(t, "POST", "/_dev/hosts", b), http.StatusUnprocessableEntity, "validation_failed")
	}

	r = env.Client().Do(t, "POST", "/_dev/dns", map[string]any{"name": "_service.Acme.com.", "type": "TXT", "values": []string{"v=1 abc"}}).Expect(t, http.StatusOK)
	if got := fmt.Sprint(r.JSON(t)); got != fmt.Sprint(map[string]any{"name": "_service.acme.com", "type": "TXT", "values": []any{"v=1 abc"}}) {
		t.Fatalf("POST /_dev/dns = %s", r.Body)
	}
	r = env.Client().Do(t, "POST", "/_dev/dns", map[string]any{"name": "_service.acme.com", "type": "txt", "values": []string{}}).Expect(t, http.StatusOK)
	if string(r.Body) != `{"name":"_service.acme.com","type":"TXT","values":[]}` {
		t.Fatalf("removing TXT answers = %s", r.Body)
	}
	expectError(t, env.Client().Do(t, "POST", "/_dev/dns", map[string]any{"name": "acme.com", "type": "A", "values": []string{"1.2.3.4"}}), http.StatusUnprocessableEntity, "validation_failed")
	expectError(t, env.Client().Do(t, "POST", "/_dev/faults", map[string]any{"times": 1}), http.StatusUnprocessableEntity, "validation_failed")
	// An armed point is dropped by DELETE: the next keyed write commits.
	env.Client().Do(t, "POST", "/_dev/faults", map[string]any{"point": "after_commit", "times": 2}).Expect(t, http.StatusOK)
	env.Client().Do(t, "DELETE", "/_dev/faults", nil).Expect(t, http.StatusOK)
	acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "After disarm"}, "Idempotency-Key: after-disarm").Expect(t, http.StatusCreated)
}
