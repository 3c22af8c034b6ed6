package audit27k

import (
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestWelcomeMailWritesTheAgentsNameAsGiven: spec, POST /accounts:
// "Creates the account, its primary site and an agent key, starts the scan
// and emails the owner"; agent `name` is a one-line text field that may
// hold any printable character (README, control characters). Defect: the
// welcome mail quoted the agent's name with Go's %q, so a name with a
// quotation mark or a backslash reached the owner escaped: `Acme "Writer"
// \ Bot` read `"Acme \"Writer\" \\ Bot"`, a name the agent never gave and
// the dashboard never shows. The mail now writes the name as given.
func TestWelcomeMailWritesTheAgentsNameAsGiven(t *testing.T) {
	env := testenv.Shared(t)
	name := `Acme "Writer" \ Bot`
	a := env.SignUp(t, map[string]any{"email": testenv.UniqueEmail("welcome"), "site_url": "https://acme.com", "agent": map[string]any{"name": name}})
	mails := env.Emails(t, a.Email)
	if len(mails) != 1 || mails[0].Subject != "Claim your new account" {
		t.Fatalf("mails to the new owner: %+v, want the welcome mail", mails)
	}
	text := mails[0].Text
	if !strings.Contains(text, name) || strings.Contains(text, `\"`) || strings.Contains(text, `\\`) {
		t.Errorf("the welcome mail does not name the agent %s as given:\n%s", name, text)
	}
}
