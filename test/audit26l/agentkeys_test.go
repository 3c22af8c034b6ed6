package audit26l

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestAgentKeyFormSentAgainShowsNoSecret: spec 5, agent key rule 1: "Shown
// once at creation; only a SHA-256 hash is stored", and README ("Owner
// dashboard", Forms): each form's random id is "sent as the request's
// Idempotency-Key, so a form sent twice has one effect". The owner creates
// an agent key on the agent keys page; the answer shows its secret and
// says "It will not be shown again". Reloading that answer (or going Back
// to it), which sends the same form again, is a replay of the API's first
// answer. Before the fix the replayed answer's secret was shown again, on
// a page that still said it would not be; now, a minute after the key was
// created, the page says the key was created when the form was first sent
// and shows only its prefix, and the account still has one key of that
// name. A double click (the same form sent again at once, whose second
// answer is the one the browser shows) still shows the secret.
func TestAgentKeyFormSentAgainShowsNoSecret(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	const page = "/dashboard/settings/agents"
	form := o.Browser.Get(t, page).Expect(t, http.StatusOK).Form(t, page)
	form.Set("name", "Nightly writer")
	first := o.Browser.Post(t, page, form).Expect(t, http.StatusCreated, "It will not be shown again")
	secret := regexp.MustCompile(`rv_agent_[0-9a-f]{48}`).FindString(first.Body)
	if secret == "" {
		t.Fatalf("the new key's page shows no secret:\n%s", first.Body)
	}

	// A double click: the browser shows the second answer, which must
	// still hold the secret.
	o.Browser.Post(t, page, form).Expect(t, http.StatusCreated, secret)

	env.Advance(t, 60)
	again := o.Browser.Post(t, page, form) // the browser's reload of the answer, a minute on
	if again.Status >= 300 {
		t.Fatalf("the form sent again answers %d:\n%s", again.Status, again.Body)
	}
	if strings.Contains(again.Body, secret) || strings.Contains(again.Body, secret[len("rv_agent_"):]) {
		t.Errorf("the form sent again shows the key's secret a second time:\n%s", visibleText(again.Body))
	}
	text := visibleText(again.Body)
	for _, want := range []string{"Nightly writer", secret[:15] + "…", "not shown again"} {
		if !strings.Contains(text, want) {
			t.Errorf("the form sent again does not say %q:\n%s", want, text)
		}
	}
	var keys struct {
		AgentKeys []struct{ Name string } `json:"agent_keys"`
	}
	o.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	n := 0
	for _, k := range keys.AgentKeys {
		if k.Name == "Nightly writer" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the account has %d keys named Nightly writer, want 1", n)
	}
}
