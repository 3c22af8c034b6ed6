package audit28k

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestRedirectURIHostFollowsTheURLRules: README, Accounts and credentials:
// a URL whose host name has a label that "starts or ends with `-`" is
// refused, and so is "a port outside 1 to 65535" ("every URL field follows
// the same rule"); OAuth registration: "Errors: 400 `invalid_redirect_uri`".
// Registration took `https://-a.com/cb` (no such host name can exist)
// and `https://example.com:/cb` (a colon with no port) as redirect URIs.
// Both are now refused with invalid_redirect_uri; a hyphen inside a label
// and an explicit port are still fine.
func TestRedirectURIHostFollowsTheURLRules(t *testing.T) {
	env := testenv.StartQuiet(t)
	register := func(uri string) *testenv.Response {
		return env.Client().Do(t, "POST", "/oauth/register", fmt.Sprintf(`{"client_name":"Hyphen app","redirect_uris":[%q]}`, uri))
	}
	for _, uri := range []string{"https://-a.com/cb", "https://a-.example.com/cb", "https://app.-x.example/cb", "https://example.com:/cb"} {
		if r := register(uri); r.Status != http.StatusBadRequest || r.JSON(t)["error"] != "invalid_redirect_uri" {
			t.Errorf("%s: %d %s, want 400 invalid_redirect_uri", uri, r.Status, r.Body)
		}
	}
	for _, uri := range []string{"https://my-app.example.com/cb", "https://app.example.com:8443/cb", "http://127.0.0.1:53682/cb"} {
		register(uri).Expect(t, http.StatusCreated)
	}
}
