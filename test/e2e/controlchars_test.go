package e2e

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// injection is a name that tries to add a mail header: CR LF and a NUL.
const injection = "x\r\nBcc: evil@example.net\u0000"

// TestControlCharactersAreRefused: every name-like field refuses C0 and C1
// control characters with 422 naming the field, and nothing is stored or
// mailed; a multi-line field (brand_voice) keeps its line breaks but
// refuses other control characters.
func TestControlCharactersAreRefused(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	article := c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": "Fine"}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	cases := []struct {
		method, path string
		body         map[string]any
		field        string
	}{
		{"POST", "/accounts", map[string]any{"email": testenv.UniqueEmail("cc"), "site_url": "https://acme.com", "site_name": injection, "agent": map[string]any{"name": "Agent"}}, "site_name"},
		{"POST", "/accounts", map[string]any{"email": testenv.UniqueEmail("cc"), "site_url": "https://acme.com", "agent": map[string]any{"name": injection}}, "agent.name"},
		{"POST", "/agent-keys", map[string]any{"name": injection}, "name"},
		{"POST", "/agent-keys", map[string]any{"name": "Fine", "operator": "Acme\u0085Corp"}, "operator"},
		{"PATCH", "/sites/" + acct.SiteID, map[string]any{"brand_name": "Acme\tRockets"}, "brand_name"},
		{"PATCH", "/sites/" + acct.SiteID, map[string]any{"writing": map[string]any{"tone": "calm\x1b[31m"}}, "writing.tone"},
		{"PATCH", "/sites/" + acct.SiteID, map[string]any{"writing": map[string]any{"brand_voice": "Be brief\nNo\x00jargon"}}, "writing.brand_voice"},
		{"POST", "/sites/" + acct.SiteID + "/articles", map[string]any{"title": injection}, "title"},
		{"POST", "/sites/" + acct.SiteID + "/articles", map[string]any{"title": "Fine", "keyword": "rockets\r\nx"}, "keyword"},
		{"PATCH", "/sites/" + acct.SiteID + "/articles/" + article["id"].(string), map[string]any{"title": injection}, "title"},
		{"POST", "/sites/" + acct.SiteID + "/keywords", map[string]any{"name": "model\u0000rockets"}, "name"},
		{"POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/in", "events": []string{"*"}, "description": injection}, "description"},
	}
	for _, tc := range cases {
		e := expectError(t, c.Agent(t, tc.method, tc.path, tc.body), http.StatusUnprocessableEntity, "validation_failed")
		named := false
		for _, d := range e.Details {
			named = named || d.Field == tc.field
		}
		if !named {
			t.Errorf("%s %s: details %+v do not name %s", tc.method, tc.path, e.Details, tc.field)
		}
	}
	for _, m := range env.Emails(t, acct.Email) {
		if strings.ContainsAny(m.Subject, "\r\n\x00") {
			t.Fatalf("mail subject %q carries a control character", m.Subject)
		}
	}

	// Line breaks stay where the spec allows several lines.
	site := c.Agent(t, "PATCH", "/sites/"+acct.SiteID, map[string]any{"writing": map[string]any{"brand_voice": "Be brief\r\nNo jargon"}}).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if voice := site["writing"].(map[string]any)["brand_voice"]; voice != "Be brief\nNo jargon" {
		t.Fatalf("brand_voice = %q", voice)
	}

	// OAuth registration refuses it in its own error shape (RFC 7591).
	r := env.Client().Do(t, "POST", "/oauth/register", map[string]any{"client_name": injection, "redirect_uris": []string{"https://app.example.com/cb"}})
	if r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), "invalid_client_metadata") || !strings.Contains(string(r.Body), "client_name") {
		t.Fatalf("register with a control character in client_name: %d %s", r.Status, r.Body)
	}
}
