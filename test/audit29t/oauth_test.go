package audit29t

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestOAuthRegistrationNamesTheWrongField: README, OAuth for apps
// (`/oauth/register`, RFC 7591); the guide promises every bad input "a
// sentence a person understands". Defect: client metadata with a field of
// the wrong type (`"redirect_uris": "https://..."`, a string instead of a
// list) answered invalid_client_metadata "The body must be a JSON object
// of client metadata (RFC 7591) with fields of the right types.", naming
// no field, and a redirect URI over 2000 characters "redirect_uris: is
// longer than 2000 characters.", a fragment. The first now names the field
// and the type it takes, the second says that one of the URIs is too long
// (codes unchanged).
func TestOAuthRegistrationNamesTheWrongField(t *testing.T) {
	env := testenv.StartQuiet(t)
	c := env.Client()
	register := func(body string) string {
		t.Helper()
		r := c.Do(t, "POST", "/oauth/register", body, "Content-Type: application/json").Expect(t, http.StatusBadRequest)
		d, _ := r.JSON(t)["error_description"].(string)
		return d
	}
	d := register(`{"redirect_uris":"https://app.example.com/cb","client_name":"My app"}`)
	if !strings.Contains(d, "redirect_uris must be an array of strings") {
		t.Errorf("redirect_uris as a string: %q, want it named with the type it takes", d)
	}
	d = register(`{"redirect_uris":["https://app.example.com/cb"],"client_name":5}`)
	if !strings.Contains(d, "client_name must be a string") {
		t.Errorf("client_name as a number: %q, want it named with the type it takes", d)
	}
	d = register(`{"redirect_uris":["https://app.example.com/` + strings.Repeat("a", 2100) + `"],"client_name":"My app"}`)
	if strings.Contains(d, ": is ") || !strings.Contains(d, "2000 characters") {
		t.Errorf("long redirect URI: %q, want a sentence", d)
	}
}
