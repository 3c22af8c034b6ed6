package audit29r

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestAnotherSiteCannotSpendTheOAuthBudget: README, configuration,
// OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE: "requests to /oauth/token and
// /oauth/authorize one caller address may make per minute (one count);
// past them the token endpoint answers 429 too_many_requests". Defect: a
// page of any site the owner opened could spend that count from the
// owner's own address, without the owner seeing anything (images pointing
// at /oauth/authorize, no-cors fetches posting to /oauth/token, a few
// hundred a minute), so the owner's own apps got 429 on every token
// refresh and the owner could not connect an app, for as long as the page
// stayed open. Now a request a browser says another site's page made in a
// way no app's request is made (an authorization request loaded as
// anything but a document; a token request sent cross-site other than by
// CORS) is refused before it is counted: the token endpoint answers 400
// invalid_request, the authorization endpoint the 403 page. Apps' own
// requests (no such headers, a browser app's CORS request, a top-level
// navigation to the authorization page) count as before.
func TestAnotherSiteCannotSpendTheOAuthBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	t.Setenv("OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE", "3")
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	app := env.NewOAuthApp(t, "Victim's app")
	env.NextMinute(t)
	guess := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"rv_refresh_guess"}, "client_id": {app.ClientID}}.Encode()
	sum := sha256.Sum256([]byte(strings.Repeat("v", 43)))
	authorize := app.AuthCodeURL("st",
		oauth2.SetAuthURLParam("code_challenge", base64.RawURLEncoding.EncodeToString(sum[:])),
		oauth2.SetAuthURLParam("code_challenge_method", "S256"))
	for i := range 4 {
		r := env.Client().Do(t, "POST", "/oauth/token", guess, "Content-Type: application/x-www-form-urlencoded",
			"Origin: https://attacker.example", "Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: empty")
		if r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), `"invalid_request"`) {
			t.Fatalf("another site's token request %d answered %d, want 400 invalid_request: %s", i, r.Status, r.Body)
		}
		p := env.Client().Do(t, "GET", strings.TrimPrefix(authorize, env.URL), nil,
			"Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: no-cors", "Sec-Fetch-Dest: image")
		if p.Status != http.StatusForbidden {
			t.Fatalf("another site's image of the authorization page %d answered %d, want 403: %s", i, p.Status, p.Body)
		}
	}
	// The app's own requests still have the whole minute's budget.
	for i := range 3 {
		headers := []string{"Content-Type: application/x-www-form-urlencoded"}
		if i == 1 { // a browser app's CORS request
			headers = append(headers, "Origin: https://app.example", "Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: cors", "Sec-Fetch-Dest: empty")
		}
		if i == 2 { // the owner's browser opening the authorization page
			if p := env.Client().Do(t, "GET", strings.TrimPrefix(authorize, env.URL), nil, "Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate", "Sec-Fetch-Dest: document"); p.Status != http.StatusFound {
				t.Fatalf("the authorization page answered %d, want 302 to sign in: %s", p.Status, p.Body)
			}
			continue
		}
		if r := env.Client().Do(t, "POST", "/oauth/token", guess, headers...); r.Status != http.StatusBadRequest || !strings.Contains(string(r.Body), `"invalid_grant"`) {
			t.Fatalf("the app's token request %d answered %d, want 400 invalid_grant: %s", i, r.Status, r.Body)
		}
	}
	// Spent now by the app's own requests: the budget still holds.
	if r := env.Client().Do(t, "POST", "/oauth/token", guess, "Content-Type: application/x-www-form-urlencoded"); r.Status != http.StatusTooManyRequests {
		t.Fatalf("a token request past the budget answered %d, want 429: %s", r.Status, r.Body)
	}
}
