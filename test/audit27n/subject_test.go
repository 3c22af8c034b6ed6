package audit27n

import (
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"rvcontent/test/testenv"
)

// maxSubject is the longest subject, in characters, a mail may carry: far
// below RFC 5322's 998-character line, and what mail clients show.
const maxSubject = 150

// TestWebhookWarningSubjectIsBoundedForALongURL: README, webhooks: "`url`
// must be public https (at most 2,048 characters)" and "After 24 hours the
// owner gets one warning email"; RFC 5322 caps a header line at 998
// characters, and Amazon SES refuses or mangles longer subjects. Defect:
// the warning's subject was "Webhook endpoint failing: " followed by the
// whole URL, over 2,000 characters for a long one, so the owner of such an
// endpoint would never get the warning. Every subject is now at most 150
// characters: a longer one is cut with an ellipsis, and the body still
// writes the endpoint's whole URL.
func TestWebhookWarningSubjectIsBoundedForALongURL(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusBadGateway })
	long := rc.URL + "/" + strings.Repeat("p", 2048-len(rc.URL)-1)
	testenv.CreateWebhook(t, acct.Client, long, "agent_access.created")
	acct.Client.CreateAgentKey(t, "Far agent")
	rc.WaitFor(t, 1, 10*time.Second)
	for range 2 { // the retries, the warning after 24 hours
		env.Advance(t, 86400)
		env.Settle(t)
	}
	var warning *testenv.Email
	for _, m := range env.Emails(t, acct.Email) {
		if strings.HasPrefix(m.Subject, "Webhook endpoint failing: ") {
			warning = &m
			break
		}
	}
	if warning == nil {
		t.Fatal("no warning after 24 hours of failures")
	}
	if n := utf8.RuneCountInString(warning.Subject); n > maxSubject || !strings.HasSuffix(warning.Subject, "…") {
		t.Errorf("the warning's subject has %d characters (want at most %d, cut with an ellipsis): %.200s", n, maxSubject, warning.Subject)
	}
	if !strings.HasPrefix(warning.Subject, "Webhook endpoint failing: "+rc.URL) {
		t.Errorf("the shortened subject no longer names the endpoint: %s", warning.Subject)
	}
	if !strings.Contains(warning.Text, long) {
		t.Errorf("the warning's body does not write the endpoint's whole URL:\n%.300s", warning.Text)
	}
}

// TestShortSubjectsAreKeptWhole: a subject within the bound, such as the
// notice of a new agent key with a 60-character name (the longest spec
// 4.1 allows), is not cut.
func TestShortSubjectsAreKeptWhole(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	name := strings.Repeat("Ω", 60)
	acct.Client.CreateAgentKey(t, name)
	for _, m := range env.Emails(t, acct.Email) {
		if strings.HasPrefix(m.Subject, "New agent access: ") {
			if m.Subject != "New agent access: "+name {
				t.Errorf("subject %q, want the whole name", m.Subject)
			}
			return
		}
	}
	t.Fatal("no new agent access notice")
}
