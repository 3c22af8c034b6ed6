package audit27j

import (
	"net/http"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"rvcontent/test/testenv"
)

// TestOAuthCodeAndTokenWorkTheirWholeLifetime: spec 8, "Authorization
// code | 10 minutes, single use" and "Access token | 3600 seconds" (the
// token answer's expires_in is 3600). Defect: both ends were kept in whole
// Unix seconds cut down from the time they were issued, so a code or
// token issued late in a second (hh:mm:ss.8) stopped working up to a
// second early: a code redeemed 9 minutes 59.5 seconds after it was
// issued answered invalid_grant, and an access token used 3599.5 seconds
// after it was issued answered 401. Now the ends are rounded up to the
// whole second, so each works its whole lifetime.
func TestOAuthCodeAndTokenWorkTheirWholeLifetime(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewOwner(t)
	app := env.NewOAuthApp(t, "Clock edge app")
	lateInSecond(t, env)
	issued := clockAt(t, env)
	code, verifier := o.Code(t, app)
	moveTo(t, env, issued.Add(10*time.Minute-500*time.Millisecond))
	tok, err := app.Exchange(testenv.OAuthContext(), code, oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatalf("code redeemed 9 min 59.5 s after it was issued: %v (%s), want tokens", err, testenv.GrantError(t, err))
	}

	lateInSecond(t, env)
	issued = clockAt(t, env)
	fresh, err := testenv.Refresh(app, tok.RefreshToken)
	if err != nil {
		t.Fatalf("refresh: %v", err)
	}
	moveTo(t, env, issued.Add(3600*time.Second-500*time.Millisecond))
	if r := env.Client().As(fresh.AccessToken).Agent(t, "GET", "/account", nil); r.Status != http.StatusOK {
		t.Fatalf("access token used 3599.5 s after it was issued: %d, want 200: %s", r.Status, r.Body)
	}
	moveTo(t, env, issued.Add(3600*time.Second+1500*time.Millisecond))
	env.Client().As(fresh.AccessToken).Agent(t, "GET", "/account", nil).ExpectError(t, http.StatusUnauthorized, "unauthorized")
}
