package audit26l

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// addedMail returns the text of the newest "New agent access" notice about
// name mailed to email, failing when there is none.
func addedMail(t *testing.T, env *testenv.Env, email, name string) string {
	t.Helper()
	for _, m := range env.Emails(t, email) {
		if m.Subject == "New agent access: "+name {
			return m.Text
		}
	}
	t.Fatalf("%s got no notice about %s", email, name)
	return ""
}

// TestNewCredentialMailSaysWhoAddedIt: spec 5, agent key rule 5: "The
// owner is emailed whenever a key or connection is added", and rule 6:
// keys are created by an agent creating the account, by the owner in the
// dashboard, or by "an existing credential" calling POST /agent-keys. The
// notice ends "If you did not expect this, revoke it here". Before the fix
// it named the new credential but not who added it: an owner warned of a
// key made by an agent key that leaked could revoke the new key but not
// tell which credential made it, the one that must go too (the revocation
// notice says "By:", README: "saying who revoked it"). Now the notice says
// "By:" with the agent key's or app's name, or "you" for the owner.
func TestNewCredentialMailSaysWhoAddedIt(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t) // its agent key is named "Test agent"

	o.Client.CreateAgentKey(t, "Minted by an agent")
	if text := addedMail(t, env, o.Email, "Minted by an agent"); !strings.Contains(text, "By: Test agent\n") {
		t.Errorf("the notice of a key an agent key added does not name that key (By: Test agent):\n%s", text)
	}

	const page = "/dashboard/settings/agents"
	form := o.Browser.Get(t, page).Expect(t, http.StatusOK).Form(t, page)
	form.Set("name", "Made by the owner")
	o.Browser.Post(t, page, form).Expect(t, http.StatusCreated)
	if text := addedMail(t, env, o.Email, "Made by the owner"); !strings.Contains(text, "By: you") {
		t.Errorf("the notice of a key the owner added does not say so (By: you):\n%s", text)
	}

	o.Connect(t, env.NewOAuthApp(t, "Approved app"))
	if text := addedMail(t, env, o.Email, "Approved app"); !strings.Contains(text, "By: you") {
		t.Errorf("the notice of an app the owner connected does not say so (By: you):\n%s", text)
	}
}
