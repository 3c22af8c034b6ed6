package audit26e

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestEmailWithNonASCIILocalPartIsRefused: spec 4.3, POST /accounts:
// "creates the account ... and emails the owner"; README, Signups: "mail
// goes to that ASCII form (SES takes no other)". Amazon SES does not
// support SMTPUTF8: it sends only to addresses whose local part (before
// the @) is ASCII; the domain can be put in its ASCII form, the local part
// cannot. Defect: an address such as müller@example.com was accepted, so
// the account was created and its claim mail (and every later sign-in
// link) could never be delivered: the owner could never claim it. Account
// creation now answers 422 validation_failed on email with a sentence
// that says why, and the sign-in page says so rather than "Check your
// email" for an address no mail can reach.
func TestEmailWithNonASCIILocalPartIsRefused(t *testing.T) {
	env := testenv.Shared(t)
	for _, email := range []string{"müller@example.com", "用户@example.com", "ｏwner@example.com"} {
		body := env.Client().Agent(t, "POST", "/accounts", map[string]any{
			"email": email, "site_url": "https://acme.com", "agent": map[string]any{"name": "Mail test"},
		}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if !containsField(body, "email") || !strings.Contains(strings.ToLower(body["error"].(string)+problemOf(body, "email")), "before the @") {
			t.Errorf("%s: refused without saying what is wrong with it: %v", email, body)
		}
	}
	// The domain may still be written in another script: it has an ASCII
	// form mail is sent to.
	env.Client().Agent(t, "POST", "/accounts", map[string]any{
		"email": "owner-" + strings.ReplaceAll(testenv.UniqueEmail("idn"), "@example.com", "") + "@bücher.de", "site_url": "https://acme.com", "agent": map[string]any{"name": "Mail test"},
	}).Expect(t, http.StatusCreated)

	page := env.NewBrowser(t).Post(t, "/signin", url.Values{"email": {"müller@example.com"}})
	if page.Status != http.StatusUnprocessableEntity || !strings.Contains(page.Body, "before the @") {
		t.Errorf("sign-in with müller@example.com answered %d, want 422 saying mail cannot reach it:\n%.600s", page.Status, page.Body)
	}
}

// problemOf returns the problem a validation_failed body gives field.
func problemOf(body map[string]any, field string) string {
	details, _ := body["details"].([]any)
	for _, d := range details {
		if m, ok := d.(map[string]any); ok && m["field"] == field {
			s, _ := m["problem"].(string)
			return s
		}
	}
	return ""
}
