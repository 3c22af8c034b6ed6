package e2e

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// subjects lists the subjects of the mails sent to address.
func subjects(t testing.TB, env *testenv.Env, address string) []string {
	t.Helper()
	var out []string
	for _, m := range env.Emails(t, address) {
		out = append(out, m.Subject)
	}
	return out
}

// count returns how often s occurs in list.
func count(list []string, s string) int {
	n := 0
	for _, v := range list {
		if v == s {
			n++
		}
	}
	return n
}

// A function that dies right after committing a new agent key has not
// emailed the owner yet; the mail was written with the key, and the
// scheduled outbox sweep sends it, once.
func TestOwnerNoticeSurvivesACrashAfterTheCommit(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	env.ArmFault(t, "after_commit", 1)
	acct.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Crash bot"}).Expect(t, http.StatusInternalServerError)
	if n := count(subjects(t, env, acct.Email), "New agent access: Crash bot"); n != 0 {
		t.Fatalf("%d notices before the sweep; the crash should have stopped the send", n)
	}

	env.Advance(t, 90)
	env.RunScheduled(t)
	env.RunScheduled(t)
	if n := count(subjects(t, env, acct.Email), "New agent access: Crash bot"); n != 1 {
		t.Fatalf("%d notices after the sweep, want 1: %v", n, subjects(t, env, acct.Email))
	}
}

// The welcome mail of an account whose creation crashed after the commit is
// sent by the sweep with a new claim link (the first token is stored only
// as a hash), and that link claims the account.
func TestWelcomeMailSurvivesACrashAfterTheCommit(t *testing.T) {
	env := testenv.Shared(t)
	email := testenv.UniqueEmail("crash")
	env.ArmFault(t, "after_commit", 1)
	env.Client().Agent(t, "POST", "/accounts", map[string]any{
		"email": email, "site_url": "https://acme.com", "agent": map[string]any{"name": "Crash agent"},
	}).Expect(t, http.StatusInternalServerError)
	if got := env.Emails(t, email); len(got) != 0 {
		t.Fatalf("mails before the sweep: %v", got)
	}

	env.Advance(t, 90)
	env.RunScheduled(t)
	mails := env.Emails(t, email)
	if len(mails) != 1 || mails[0].Subject != "Claim your new account" || len(mails[0].Links) != 1 {
		t.Fatalf("mails after the sweep: %+v", mails)
	}
	link := mails[0].Links[0]
	if !strings.HasPrefix(link, env.URL+"/claim/") {
		t.Fatalf("claim link %q", link)
	}
	token := strings.TrimPrefix(link, env.URL+"/claim/")
	env.Client().Do(t, "POST", "/claim/"+token, nil).Expect(t, http.StatusOK)
	env.RunScheduled(t)
	if n := len(env.Emails(t, email)); n != 1 {
		t.Fatalf("%d mails after a second sweep, want 1", n)
	}
}
