package webhooks_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// schedule is the spec's wait before each retry, in seconds.
var schedule = []float64{60, 300, 1800, 7200, 21600, 43200, 86400}

func TestRetriesFollowTheScheduleAndStopAfterSuccess(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	// 500, then a redirect (a failure: not followed), then 503, then 200.
	answers := []int{500, 302, 503, 200}
	rc := testenv.NewReceiver(t, env, func(n int, _ *http.Request) int {
		if n <= len(answers) {
			return answers[n-1]
		}
		return 200
	})
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")
	acct.Client.CreateAgentKey(t, "Retried agent")
	rc.WaitFor(t, 1, 10*time.Second)

	// Not before its time: 30 s after the first attempt nothing happens.
	env.Advance(t, 30)
	env.Settle(t)
	if n := len(rc.Received()); n != 1 {
		t.Fatalf("%d requests 30 s after the first attempt, want 1", n)
	}
	env.Advance(t, 31) // one minute after the first attempt
	env.Settle(t)
	rc.WaitFor(t, 2, 5*time.Second)
	env.Advance(t, 301)
	env.Settle(t)
	rc.WaitFor(t, 3, 5*time.Second)
	env.Advance(t, 1801) // 30 minutes: a wait the scheduler carries
	env.Settle(t)
	got := rc.WaitFor(t, 4, 5*time.Second)

	for i, r := range got {
		if r.Attempt(t) != i+1 {
			t.Errorf("request %d carries attempt %d", i+1, r.Attempt(t))
		}
		if r.Path != "/hook" {
			t.Errorf("request %d went to %s: a redirect was followed", i+1, r.Path)
		}
		if r.Header.Get("Service-Event-Id") != got[0].Header.Get("Service-Event-Id") {
			t.Errorf("request %d is another event", i+1)
		}
		if err := testenv.VerifySignature(wh.Secret, r.Header.Get("Service-Signature"), r.Body, time.Now()); err != nil {
			t.Errorf("attempt %d signature: %v", i+1, err)
		}
	}

	// Delivered: no further attempts, however long we wait.
	for _, s := range schedule[3:] {
		env.Advance(t, s+1)
		env.Settle(t)
	}
	if n := len(rc.Received()); n != 4 {
		t.Fatalf("%d requests after success, want 4", n)
	}

	// The attempt log, newest first.
	log := testenv.Attempts(t, acct.Client, wh.ID)
	if len(log) != 4 {
		t.Fatalf("attempt log has %d entries, want 4: %+v", len(log), log)
	}
	wantStatus := []int{200, 503, 302, 500}
	for i, a := range log {
		if a.Attempt != 4-i || a.Status == nil || *a.Status != wantStatus[i] || a.EventID != got[0].Header.Get("Service-Event-Id") ||
			a.EventType != "agent_access.created" || a.DurationMS == nil || a.CreatedAt == "" {
			t.Errorf("log entry %d: %+v", i, a)
		}
		if (a.Error == nil) != (i == 0) || a.Succeeded != (i == 0) {
			t.Errorf("log entry %d: succeeded %v, error %v", i, a.Succeeded, a.Error)
		}
	}
	if log[1].NextAttemptAt == nil || log[0].NextAttemptAt != nil {
		t.Errorf("next_attempt_at: failed entry %v, succeeded entry %v", log[1].NextAttemptAt, log[0].NextAttemptAt)
	}
	if !strings.Contains(*log[2].Error, "redirect") {
		t.Errorf("redirect failure explained as %q", *log[2].Error)
	}
}

func TestFailingEndpointIsRetriedEightTimesWarnedDisabledAndReenabled(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusBadGateway })
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")
	acct.Client.CreateAgentKey(t, "Doomed agent")
	rc.WaitFor(t, 1, 10*time.Second)

	elapsed := 0.0
	for i, wait := range schedule {
		env.Advance(t, wait+1)
		elapsed += wait + 1
		env.Settle(t)
		got := rc.WaitFor(t, i+2, 5*time.Second)
		if a := got[i+1].Attempt(t); a != i+2 {
			t.Fatalf("request %d carries attempt %d", i+2, a)
		}
	}
	// About 45 hours in: warned (after 24 h) but still enabled.
	if w := getWebhook(t, acct.Client, wh.ID); !w.Enabled || w.LastDeliveryStatus == nil || *w.LastDeliveryStatus != 502 {
		t.Fatalf("after 8 attempts: %+v", w)
	}
	if !hasEmail(t, env, acct.Email, "failing") {
		t.Fatal("no warning email after 24 hours of failures")
	}
	// After the eighth attempt the event is not retried.
	env.Advance(t, 86400)
	elapsed += 86400
	env.Settle(t)
	if n := len(rc.Received()); n != 8 {
		t.Fatalf("%d requests, want 8 (no ninth attempt)", n)
	}
	// Three days after the first failure: disabled, owner emailed.
	env.Advance(t, 72*3600-elapsed+60)
	env.Settle(t)
	w := getWebhook(t, acct.Client, wh.ID)
	if w.Enabled || w.DisabledReason == nil || *w.DisabledReason != "delivery_failures" {
		t.Fatalf("after 3 days of failures: enabled %v, disabled_reason %v", w.Enabled, w.DisabledReason)
	}
	if !hasEmail(t, env, acct.Email, "disabled") {
		t.Fatal("owner not emailed about the disabled endpoint")
	}
	// Disabled: new events are not sent.
	acct.Client.CreateAgentKey(t, "Unheard agent")
	env.Settle(t)
	if n := len(rc.Received()); n != 8 {
		t.Fatalf("disabled endpoint got %d requests, want 8", n)
	}

	// Fixed and turned back on: the next event arrives.
	rc.SetRespond(nil)
	var out struct{ Webhook testenv.Webhook }
	acct.Client.Agent(t, "PATCH", "/webhooks/"+wh.ID, map[string]any{"enabled": true}).Expect(t, http.StatusOK).Decode(t, &out)
	if !out.Webhook.Enabled || out.Webhook.DisabledReason != nil || out.Webhook.Secret != "" {
		t.Fatalf("re-enabled: %+v", out.Webhook)
	}
	acct.Client.CreateAgentKey(t, "Heard agent")
	got := rc.WaitFor(t, 9, 10*time.Second)
	if err := testenv.VerifySignature(wh.Secret, got[8].Header.Get("Service-Signature"), got[8].Body, time.Now()); err != nil {
		t.Fatalf("after re-enabling, the secret is the same one: %v", err)
	}
}

// hasEmail reports whether the outbox holds a mail to address whose
// subject contains word.
func hasEmail(t testing.TB, env *testenv.Env, address, word string) bool {
	t.Helper()
	for _, m := range env.Emails(t, address) {
		if strings.Contains(strings.ToLower(m.Subject), word) {
			return true
		}
	}
	return false
}
