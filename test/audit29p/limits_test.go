package audit29p

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestSignInRequestsPerAddressAreLimited: README, "OAuth, owner sign-in
// and app connections": "POST /signin always shows "Check your email"; the
// owner gets a link valid 15 minutes and once (10 an hour; ...)". Defect:
// that budget was the account's only; one caller address could post the
// form without any limit, making the service mail every owner whose
// address it typed (and look each one up) as fast as it liked. Now one
// address gets SIGNINS_PER_ADDRESS_PER_HOUR sign-in requests an hour
// (whatever email each names, so the refusal tells nothing about
// accounts); past them the form answers a plain 429 page with Retry-After
// saying when to try again, and no mail goes out.
func TestSignInRequestsPerAddressAreLimited(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	t.Setenv("SIGNINS_PER_ADDRESS_PER_HOUR", "3")
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	b := env.NewBrowser(t)
	for i := range 3 {
		b.Post(t, "/signin", url.Values{"email": {testenv.UniqueEmail("nobody" + strconv.Itoa(i))}}).Expect(t, http.StatusOK, "Check your email")
	}
	p := b.Post(t, "/signin", url.Values{"email": {a.Email}})
	p.Expect(t, http.StatusTooManyRequests, "Too many sign-in requests")
	if ra, err := strconv.Atoi(p.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 3600 {
		t.Errorf("Retry-After %q, want whole seconds up to an hour", p.Header.Get("Retry-After"))
	}
	if !strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") {
		t.Errorf("Content-Type %q, want a page", p.Header.Get("Content-Type"))
	}
	if strings.Contains(p.Body, "Retry-After") {
		t.Errorf("the page names a header a person never sees:\n%s", p.Body)
	}
	for _, m := range env.Emails(t, a.Email) {
		if m.Subject == "Your sign-in link" {
			t.Fatalf("a sign-in link was mailed past the address's budget: %+v", m)
		}
	}
	// Another email from the same address is refused the same way, so the
	// refusal says nothing about accounts; the form itself still opens.
	b.Post(t, "/signin", url.Values{"email": {testenv.UniqueEmail("nobody")}}).Expect(t, http.StatusTooManyRequests, "Too many sign-in requests")
	b.Get(t, "/signin").Expect(t, http.StatusOK)
	// The next hour has a fresh budget.
	env.Advance(t, 3600)
	env.SignIn(t, env.NewBrowser(t), a.Email, "/dashboard")
}

// TestTokenRequestsPerAddressAreLimited: spec 5, OAuth rule 7 (the token
// request) and README "Tokens": "Errors are {error, error_description}
// with Cache-Control: no-store". Defect: POST /oauth/token had no limit at
// all, so anyone holding a client_id (public: it is in every authorization
// link) could send code or refresh-token guesses from one address as fast
// as the service answered. Now one address gets
// OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE token and authorization requests a
// minute; past them the token endpoint answers 429 with Retry-After and the
// RFC 6749 5.2 error body {error: "too_many_requests", error_description}
// (the registration endpoint's answer to its own limit), for both grants.
func TestTokenRequestsPerAddressAreLimited(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	t.Setenv("OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE", "4")
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	app := env.NewOAuthApp(t, "Guesser")
	env.NextMinute(t)
	token := func(form url.Values) *testenv.Response {
		form.Set("client_id", app.ClientID)
		return env.Client().Do(t, "POST", "/oauth/token", form.Encode(), "Content-Type: application/x-www-form-urlencoded")
	}
	code := func() url.Values {
		return url.Values{"grant_type": {"authorization_code"}, "code": {"guess"}, "redirect_uri": {testenv.LoopbackRedirect}, "code_verifier": {strings.Repeat("v", 43)}}
	}
	refresh := func() url.Values {
		return url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"rv_refresh_guess"}}
	}
	for i := range 4 {
		form := code()
		if i%2 == 1 {
			form = refresh()
		}
		if r := token(form); r.Status != http.StatusBadRequest {
			t.Fatalf("guess %d answered %d, want 400 invalid_grant: %s", i, r.Status, r.Body)
		}
	}
	for _, form := range []url.Values{code(), refresh()} {
		r := token(form)
		if r.Status != http.StatusTooManyRequests {
			t.Fatalf("a guess past the budget answered %d, want 429: %s", r.Status, r.Body)
		}
		var body map[string]any
		if err := json.Unmarshal(r.Body, &body); err != nil || body["error"] != "too_many_requests" || body["error_description"] == "" || len(body) != 2 {
			t.Errorf("429 body %s, want {error: too_many_requests, error_description}", r.Body)
		}
		if ra, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
			t.Errorf("Retry-After %q, want whole seconds up to a minute", r.Header.Get("Retry-After"))
		}
		if r.Header.Get("Cache-Control") != "no-store" || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("headers %v, want JSON with Cache-Control: no-store", r.Header)
		}
	}
	env.NextMinute(t)
	if r := token(code()); r.Status != http.StatusBadRequest {
		t.Fatalf("the next minute's first guess answered %d, want 400: %s", r.Status, r.Body)
	}
}

// TestAuthorizationRequestsPerAddressAreLimited: README, "Authorization":
// "A request waits 10 minutes for the owner", each one a stored
// authorization request. Defect: GET /oauth/authorize had no limit, so one
// address could store requests (and probe client_ids) without end. Now it
// shares the token endpoint's per-address budget
// (OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE); past it a person's browser gets
// a plain 429 page with Retry-After, and is not sent back to the app (the
// redirect URI is not checked for a request that is not read).
func TestAuthorizationRequestsPerAddressAreLimited(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	t.Setenv("OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE", "3")
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	app := env.NewOAuthApp(t, "Prober")
	env.NextMinute(t)
	b := env.NewBrowser(t)
	target := app.AuthCodeURL("st", oauth2S256(strings.Repeat("v", 43))...)
	for i := range 3 {
		if p := b.Get(t, target); p.Status != http.StatusFound {
			t.Fatalf("request %d answered %d, want 302 to sign in: %s", i, p.Status, p.Body)
		}
	}
	p := b.Get(t, target)
	p.Expect(t, http.StatusTooManyRequests, "Too many")
	if p.Location != "" {
		t.Errorf("the refusal redirects to %q", p.Location)
	}
	if ra, err := strconv.Atoi(p.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
		t.Errorf("Retry-After %q, want whole seconds up to a minute", p.Header.Get("Retry-After"))
	}
	env.NextMinute(t)
	b.Get(t, target).Expect(t, http.StatusFound)
}

// TestDashboardRequestsPerOwnerAreLimited: README, "Owner dashboard": "So
// rules, messages, limits, idempotency, events and activity are the
// API's". Defect: the dashboard's pages were counted nowhere (their reads
// run as internal requests, which skip the request budget), so one
// signed-in browser, or a stolen session cookie, could make the service
// read everything of the account as fast as it answered. Now each
// dashboard request counts against the owner's own per-minute budget of
// ACCOUNT_REQUESTS_PER_MINUTE (an owner's count of its own, so an agent
// that spent the account's budget does not lock its owner out of the page
// that revokes it); past it the page answers a plain 429 with Retry-After.
func TestDashboardRequestsPerOwnerAreLimited(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	t.Setenv("ACCOUNT_REQUESTS_PER_MINUTE", "5")
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	o := env.NewOwner(t)
	env.NextMinute(t)
	for range 5 {
		o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK)
	}
	p := o.Browser.Get(t, "/dashboard")
	p.Expect(t, http.StatusTooManyRequests, "Too many requests")
	if ra, err := strconv.Atoi(p.Header.Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
		t.Errorf("Retry-After %q, want whole seconds up to a minute", p.Header.Get("Retry-After"))
	}
	// The account's agent keeps its own budget.
	o.Client.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	env.NextMinute(t)
	o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK)
}
