package audit26l

import (
	"net/http"
	"net/url"
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

// TestSiteKeyAndWebhookFormsSentAgainShowNoSecret: the same rule for the
// two other secrets the dashboard shows once, a site key (README: "site
// keys (created and shown once ...)") and a webhook endpoint's signing
// secret ("webhook endpoints with create (secret shown once)"). Before the
// fix, the form sent again a minute later (a reload of the answer) showed
// the key or secret a second time, as the agent key's did.
func TestSiteKeyAndWebhookFormsSentAgainShowNoSecret(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	env.Trial(t, o.Account, testenv.TestCardOK)
	integrations := "/dashboard/sites/" + o.SiteID + "/integrations"
	keys := "/dashboard/sites/" + o.SiteID + "/keys"
	keyForm := o.Browser.Get(t, integrations).Expect(t, http.StatusOK).Form(t, keys)
	keyForm.Set("name", "Blog plugin")
	const hooks = "/dashboard/settings/webhooks"
	hookForm := o.Browser.Get(t, hooks).Expect(t, http.StatusOK).Form(t, hooks)
	hookForm.Set("url", "https://hooks.example.com/in")
	hookForm.Set("events", "*")
	for _, c := range []struct {
		name, page string
		form       url.Values
		secret     *regexp.Regexp
	}{
		{"site key", keys, keyForm, regexp.MustCompile(`rv_live_[0-9a-f]{48}`)},
		{"webhook", hooks, hookForm, regexp.MustCompile(`whsec_[0-9a-f]{64}`)},
	} {
		first := o.Browser.Post(t, c.page, c.form).Expect(t, http.StatusCreated, "It will not be shown again")
		secret := c.secret.FindString(first.Body)
		if secret == "" {
			t.Fatalf("%s: the answer shows no secret:\n%s", c.name, visibleText(first.Body))
		}
		env.Advance(t, 60)
		again := o.Browser.Post(t, c.page, c.form)
		if again.Status >= 300 {
			t.Fatalf("%s: the form sent again answers %d:\n%s", c.name, again.Status, visibleText(again.Body))
		}
		if strings.Contains(again.Body, secret) {
			t.Errorf("%s: the form sent again shows the secret a second time", c.name)
		}
		if !strings.Contains(visibleText(again.Body), "not shown again") {
			t.Errorf("%s: the form sent again does not say the secret is not shown again:\n%s", c.name, visibleText(again.Body))
		}
	}
}
