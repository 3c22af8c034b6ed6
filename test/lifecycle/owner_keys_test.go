package lifecycle_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestOwnerKeysOnTheDashboard: spec 5, agent key rules 1, 5 and 6: the
// owner creates a key in the dashboard (name required), sees the secret
// once, the owner is emailed, the activity names the owner; revoking it
// there stops it at once and emails the owner.
func TestOwnerKeysOnTheDashboard(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	env.SignIn(t, b, a.Email, "/dashboard")

	form := b.Get(t, "/dashboard/settings/agents").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/agents")
	form.Set("name", "")
	p := b.Post(t, "/dashboard/settings/agents", form)
	if p.Status < 400 || p.Status >= 500 {
		t.Fatalf("a key without a name: %d", p.Status)
	}
	form = b.Get(t, "/dashboard/settings/agents").Expect(t, http.StatusOK).Form(t, "/dashboard/settings/agents")
	form.Set("name", "Owner made")
	p = b.Post(t, "/dashboard/settings/agents", form)
	for p.Status == http.StatusSeeOther {
		p = b.Get(t, p.Location)
	}
	p.Expect(t, http.StatusCreated)
	secret := regexp.MustCompile(`rv_agent_[0-9a-f]{48}`).FindString(p.Body)
	if secret == "" {
		t.Fatalf("the new key's secret is not shown:\n%s", p.Body)
	}
	if again := b.Get(t, "/dashboard/settings/agents").Expect(t, http.StatusOK); strings.Contains(again.Body, secret) {
		t.Fatal("the secret is shown a second time")
	}
	c := env.Client().As(secret)
	c.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	var id string
	for _, k := range a.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).JSON(t)["agent_keys"].([]any) {
		k := k.(map[string]any)
		if k["name"] == "Owner made" {
			id, _ = k["id"].(string)
			if _, has := k["key"]; has || k["prefix"] != secret[:15]+"…" {
				t.Errorf("listed as %v", k)
			}
		}
	}
	if id == "" {
		t.Fatal("the owner's key is not listed")
	}
	created := false
	for _, e := range a.Client.Activity(t) {
		if e.Action == "agent_key.created" && e.Resource["id"] == id {
			created = e.Actor["type"] == "owner"
		}
	}
	if !created {
		t.Error("no agent_key.created entry by the owner")
	}
	mails := env.Emails(t, a.Email)
	if len(mails) == 0 || !strings.Contains(mails[0].Subject, "Owner made") || strings.Contains(mails[0].Text, secret) {
		t.Fatalf("mail after the owner's key: %+v", mails[0])
	}

	page := b.Get(t, "/dashboard/settings/agents").Expect(t, http.StatusOK)
	rf := page.Form(t, "/dashboard/settings/agents/"+id+"/revoke")
	p = b.Post(t, "/dashboard/settings/agents/"+id+"/revoke", rf)
	if p.Status >= 400 {
		t.Fatalf("revoke on the dashboard: %d %s", p.Status, p.Body)
	}
	c.Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
	if m := env.Emails(t, a.Email)[0]; m.Subject != "Agent access revoked: Owner made" {
		t.Fatalf("mail after the owner's revocation: %+v", m)
	}
}
