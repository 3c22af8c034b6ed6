package dashboard_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

const agentsPath = "/dashboard/settings/agents"

// secretPattern finds an agent key's secret in a page.
var secretPattern = regexp.MustCompile(`rv_agent_[0-9a-f]{48}`)

// keyCount returns how many active keys and connections the account has.
func keyCount(t *testing.T, o owner) int {
	t.Helper()
	var out struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	o.Client.Agent(t, "GET", "/agent-keys?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return len(out.AgentKeys)
}

func TestCreateKeyThroughTheDashboard(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	form := o.Browser.Get(t, agentsPath).Expect(t, http.StatusOK, "Create an agent key",
		`<form method="post" action="/dashboard/settings/agents"`, `<label for="name">`, `<label for="operator">`)

	created := o.Browser.Post(t, agentsPath, url.Values{"csrf": {form.Field(t, "csrf")}, "name": {"  Dashboard bot "}, "operator": {"Acme Ops"}}).
		Expect(t, http.StatusCreated, "Dashboard bot", "It will not be shown again", `href="/dashboard/settings/agents"`)
	if cc := created.Header.Get("Cache-Control"); cc != "no-store" {
		t.Fatalf("Cache-Control %q", cc)
	}
	secrets := secretPattern.FindAllString(created.Body, -1)
	if len(secrets) != 1 {
		t.Fatalf("want the secret shown once, found %v:\n%s", secrets, created.Body)
	}
	secret := secrets[0]
	prefix := secret[:15] + "…"
	bot := env.Client().As(secret)
	acct := bot.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t)["account"].(map[string]any)
	if acct["id"] != o.ID {
		t.Fatalf("the new key reaches account %v, want %s", acct["id"], o.ID)
	}

	list := o.Browser.Get(t, agentsPath).Expect(t, http.StatusOK, "<td>Dashboard bot</td>", "<td>"+prefix+"</td>", "<td>Acme Ops</td>")
	if strings.Contains(list.Body, secret) {
		t.Fatal("the list shows the secret")
	}
	var keys struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	o.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	if len(keys.AgentKeys) != 2 || keys.AgentKeys[1]["name"] != "Dashboard bot" || keys.AgentKeys[1]["operator"] != "Acme Ops" ||
		keys.AgentKeys[1]["contact_url"] != nil || keys.AgentKeys[1]["prefix"] != prefix {
		t.Fatalf("agent keys %v", keys.AgentKeys)
	}
	keyID := keys.AgentKeys[1]["id"]

	var activity struct{ Activity []map[string]any }
	bot.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK).Decode(t, &activity)
	found := 0
	for _, e := range activity.Activity {
		if e["action"] == "agent_key.created" {
			actor := e["actor"].(map[string]any)
			if actor["type"] != "owner" || actor["id"] != o.ID || e["resource"].(map[string]any)["id"] != keyID {
				t.Fatalf("creation activity %v", e)
			}
			found++
		}
	}
	if found != 1 {
		t.Fatalf("%d agent_key.created activity entries, want 1", found)
	}
	// The account's first key has its own event; the new key has one too.
	ev := bot.Events(t, "agent_access.created")
	if len(ev) != 2 || ev[1].Data["agent_key"].(map[string]any)["id"] != keyID || ev[1].Data["agent_key"].(map[string]any)["name"] != "Dashboard bot" {
		t.Fatalf("agent_access.created events %v", ev)
	}
	mails := env.Emails(t, o.Email)
	if len(mails) == 0 || mails[0].Subject != "New agent access: Dashboard bot" || !strings.Contains(mails[0].Text, prefix) || strings.Contains(mails[0].Text, secret) {
		t.Fatalf("owner mails %+v", mails)
	}
}

func TestCreateKeyRefusesInvalidFields(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	csrf := o.csrf(t, agentsPath)
	for _, c := range []struct {
		form url.Values
		want []string
	}{
		{url.Values{}, []string{"Name is required."}},
		{url.Values{"name": {"   "}, "operator": {"Acme"}}, []string{"Name must be 2 to 60 characters.", `value="Acme"`}},
		{url.Values{"name": {"x"}}, []string{"Name must be 2 to 60 characters."}},
		{url.Values{"name": {strings.Repeat("n", 61)}, "operator": {strings.Repeat("o", 101)}, "contact_url": {"http://bots.example/x"}},
			[]string{"Name must be 2 to 60 characters.", "Operator must be at most 100 characters.", "Contact URL "}},
	} {
		c.form.Set("csrf", csrf)
		page := o.Browser.Post(t, agentsPath, c.form).Expect(t, http.StatusUnprocessableEntity,
			append(c.want, "The agent key was not created.", `aria-invalid="true"`, "Create an agent key")...)
		if secretPattern.MatchString(page.Body) {
			t.Fatalf("a refused form shows a secret:\n%s", page.Body)
		}
	}
	if n := keyCount(t, o); n != 1 {
		t.Fatalf("%d keys after refused forms, want 1", n)
	}
}

func TestCreateKeyNeedsSessionAndCSRF(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	o.Browser.Post(t, agentsPath, url.Values{"name": {"No token"}}).Expect(t, http.StatusForbidden, "Form expired")
	o.Browser.Post(t, agentsPath, url.Values{"csrf": {"forged"}, "name": {"Forged token"}}).Expect(t, http.StatusForbidden, "Form expired")
	env.NewBrowser(t).Post(t, agentsPath, url.Values{"csrf": {"x"}, "name": {"Signed out"}}).
		Redirect(t, http.StatusSeeOther, env.URL+"/signin?next="+url.QueryEscape(agentsPath))
	if n := keyCount(t, o); n != 1 {
		t.Fatalf("%d keys after refused posts, want 1", n)
	}
}

func TestCreateKeyBeyondTheLimit(t *testing.T) {
	env := testenv.Shared(t)
	o := signedIn(t, env)
	for i := 2; i <= 25; i++ {
		o.Client.Agent(t, "POST", "/agent-keys", map[string]any{"name": fmt.Sprintf("Key %d", i)}).Expect(t, http.StatusCreated)
	}
	page := o.Browser.Post(t, agentsPath, url.Values{"csrf": {o.csrf(t, agentsPath)}, "name": {"Key 26"}}).
		Expect(t, http.StatusConflict, "The agent key was not created.", "already has 25 active agent keys", "Revoke one", `value="Key 26"`)
	if secretPattern.MatchString(page.Body) {
		t.Fatalf("the refused page shows a secret:\n%s", page.Body)
	}
	if n := keyCount(t, o); n != 25 {
		t.Fatalf("%d keys, want 25", n)
	}
}
