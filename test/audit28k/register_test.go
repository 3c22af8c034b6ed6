package audit28k

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestRegistrationReadAsSent: spec 5, OAuth rule 4: "`client_name` is
// shown on the consent screen and in the activity log"; README, OAuth,
// registration: "Errors: 400 `invalid_redirect_uri` or
// `invalid_client_metadata`", and API notes, errors: a body that "escapes
// half of a UTF-16 surrogate pair (`\ud800` alone: no character), names a
// field twice in one object (...: a reader may take either value, so the
// service takes neither) ... answers 400". Defect: POST /oauth/register
// took {"client_name": "Acme\ud800"} and registered "Acme\ufffd" (the
// name the owner approves, with a character the app never sent; bytes
// that are not UTF-8 were already refused for that reason), and took
// {"client_name": "Good app", "client_name": "Other app"} as its last
// name, where a proxy or log reading the first sees another app. Both
// now answer 400 invalid_client_metadata and register nothing.
func TestRegistrationReadAsSent(t *testing.T) {
	env := testenv.StartQuiet(t)
	for name, body := range map[string]string{
		"half a surrogate pair": `{"client_name":"Acme\ud800","redirect_uris":["https://app.example/cb"]}`,
		"client_name twice":     `{"client_name":"Good app","client_name":"Other app","redirect_uris":["https://app.example/cb"]}`,
		"redirect_uris twice":   `{"client_name":"Good app","redirect_uris":["https://app.example/cb"],"redirect_uris":["https://other.example/cb"]}`,
	} {
		r := env.Client().Do(t, "POST", "/oauth/register", body)
		if r.Status != http.StatusBadRequest || r.JSON(t)["error"] != "invalid_client_metadata" {
			t.Errorf("%s: %d %s, want 400 invalid_client_metadata", name, r.Status, r.Body)
		}
	}
}

// TestRegistrationMembersMatchExactly: spec 5, OAuth rule 4:
// "Registration: POST JSON to the registration endpoint with
// `client_name`, `redirect_uris`, ..." (RFC 7591 2: member names as
// given, case-sensitive; a member the server does not know is ignored);
// README, OAuth, registration: "`client_name` is required (1–100)".
// Defect: POST /oauth/register matched member names ignoring case, as
// Go's decoder does: {"CLIENT_NAME": "Acme", ...} registered an app named
// "Acme" although it sent no client_name, and {"client_name": "Good app",
// "Client_Name": "Other app", ...} registered "Other app", the name the
// owner then approves, where any other reader sees "Good app". Members
// now match exactly: the first answers 400 invalid_client_metadata
// (client_name is required), the second registers "Good app".
func TestRegistrationMembersMatchExactly(t *testing.T) {
	env := testenv.StartQuiet(t)
	r := env.Client().Do(t, "POST", "/oauth/register", `{"CLIENT_NAME":"Acme","redirect_uris":["https://app.example/cb"]}`)
	if r.Status != http.StatusBadRequest || r.JSON(t)["error"] != "invalid_client_metadata" {
		t.Errorf("CLIENT_NAME only: %d %s, want 400 invalid_client_metadata", r.Status, r.Body)
	}
	r = env.Client().Do(t, "POST", "/oauth/register", `{"client_name":"Good app","Client_Name":"Other app","redirect_uris":["https://app.example/cb"],"Redirect_URIs":["https://other.example/cb"]}`)
	got := r.Expect(t, http.StatusCreated).JSON(t)
	uris, _ := got["redirect_uris"].([]any)
	if got["client_name"] != "Good app" || len(uris) != 1 || uris[0] != "https://app.example/cb" {
		t.Errorf("registered %v with %v, want \"Good app\" with [https://app.example/cb]", got["client_name"], got["redirect_uris"])
	}
}
