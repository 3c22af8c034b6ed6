package audit27k

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// rawTimestamp matches an API timestamp (RFC 3339) written into a mail.
var rawTimestamp = regexp.MustCompile(`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}`)

// TestWebhookHealthMailsTellTimesAsPeopleReadThem: README, webhooks: "After
// 24 hours the owner gets one warning email; after 72 hours the endpoint is
// disabled and the owner emailed"; the dashboard's times read "12 Mar 2027
// 14:05 UTC", as the other mails' do ("Added: 28 Nov 2026 09:20 UTC").
// Defect: the warning said "has failed since 2026-11-28T09:21:12.623630Z"
// and "If nothing gets through by 2026-12-01T09:21:12.623630Z", and the
// disabled notice "since 2026-11-28T09:21:12.623630Z": the stored API
// timestamps, microseconds and all, in a sentence a person reads. Both now
// read "28 Nov 2026 09:21 UTC".
func TestWebhookHealthMailsTellTimesAsPeopleReadThem(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusBadGateway })
	testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")
	acct.Client.CreateAgentKey(t, "Unlucky agent")
	rc.WaitFor(t, 1, 10*time.Second)
	for range 4 { // the retries, the warning after 24 hours, the disabling after 72
		env.Advance(t, 86400)
		env.Settle(t)
	}
	seen := map[string]bool{}
	for _, m := range env.Emails(t, acct.Email) {
		kind := ""
		switch {
		case strings.HasPrefix(m.Subject, "Webhook endpoint failing: "):
			kind = "failing"
		case strings.HasPrefix(m.Subject, "Webhook endpoint disabled: "):
			kind = "disabled"
		default:
			continue
		}
		seen[kind] = true
		if raw := rawTimestamp.FindAllString(m.Text, -1); len(raw) > 0 {
			t.Errorf("the %s notice writes API timestamps %q where a person reads a time:\n%s", kind, raw, m.Text)
		}
		if !strings.Contains(m.Text, " UTC") {
			t.Errorf("the %s notice tells no time in UTC:\n%s", kind, m.Text)
		}
	}
	if !seen["failing"] || !seen["disabled"] {
		t.Fatalf("mails seen: %v, want the failing warning and the disabled notice", seen)
	}
}

// TestWebhookFailingMailLinksTheEndpointsAttempts: README, "`dashboard_url`,
// `action_url`, the public API's 402 sentence and the links in mails point
// at its pages through `DASHBOARD_URL`", and the dashboard's settings show
// "webhook endpoints with ... each endpoint's delivery attempts". Defect:
// the warning sent to the owner after 24 hours of failures pointed at the
// attempts with "Recent attempts and their errors: GET
// /api/agent/v1/webhooks/{id}/deliveries", an API request without a host
// that a person cannot open (a browser gets 401), and its only link was the
// list of endpoints, which shows the last answer but no attempt's error.
// Both notices now link the endpoint's own dashboard page, which lists the
// failed attempts with their errors and has the buttons to test and turn
// the endpoint back on (the disabled notice names the API requests only as
// what the owner's agent can do instead).
func TestWebhookFailingMailLinksTheEndpointsAttempts(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	env.Settle(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusBadGateway })
	testenv.CreateWebhook(t, o.Client, rc.URL, "agent_access.created")
	o.Client.CreateAgentKey(t, "Unheard agent")
	rc.WaitFor(t, 1, 10*time.Second)
	for range 2 { // the retries and the warning after 24 hours
		env.Advance(t, 86400)
		env.Settle(t)
	}
	var warning *testenv.Email
	for _, m := range env.Emails(t, o.Email) {
		if strings.HasPrefix(m.Subject, "Webhook endpoint failing: ") {
			warning = &m
			break
		}
	}
	if warning == nil {
		t.Fatal("no warning after 24 hours of failures")
	}
	if strings.Contains(warning.Text, "GET /api/") {
		t.Errorf("the warning sends the owner to an API request:\n%s", warning.Text)
	}
	shown := false
	for _, link := range warning.Links {
		if !strings.HasPrefix(link, env.URL+"/dashboard/") {
			t.Errorf("link %s is not a dashboard page", link)
			continue
		}
		page := o.Browser.Get(t, strings.TrimPrefix(link, env.URL)).Expect(t, http.StatusOK)
		shown = shown || strings.Contains(page.Body, "<h2>Delivery attempts</h2>") && strings.Contains(page.Body, "HTTP 502")
	}
	if !shown {
		t.Errorf("no link of the warning opens the page of the endpoint's delivery attempts (HTTP 502): %v\n%s", warning.Links, warning.Text)
	}
}
