package audit26e

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestStrangerCannotUseUpTheOwnersSignInLinks: README, Owner sign-in:
// "`POST /signin` always shows "Check your email"; the owner gets a link
// valid 15 minutes and once (at most 10 an hour)". Defect: the ten links
// an hour were the account's, whoever asked: anyone who knew the owner's
// address could post it to /signin ten times, and once those ten links
// had expired (15 minutes later) the owner's own request sent nothing for
// the rest of the hour, so the owner could not sign in. Past the ten, a
// link still goes out once in every 5 minutes (to the owner's inbox,
// whoever asked), so the owner always finds one in their inbox that works
// for 10 minutes more at least, while a stranger can make no more than 12
// further mails an hour.
func TestStrangerCannotUseUpTheOwnersSignInLinks(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	// Stay inside one clock hour: the ten are counted per hour.
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	if now.Minute() >= 30 {
		env.Advance(t, now.Truncate(time.Hour).Add(time.Hour+time.Minute).Sub(now).Seconds())
	}
	stranger := env.NewBrowser(t)
	ask := func() {
		t.Helper()
		stranger.Post(t, "/signin", url.Values{"email": {a.Email}}).Expect(t, http.StatusOK, "Check your email")
	}
	for range 10 {
		ask()
	}
	env.Advance(t, 16*60) // the stranger's links have expired
	for range 3 {
		ask()
	}
	if n := len(env.Emails(t, a.Email)); n > 12 {
		t.Errorf("%d sign-in mails for 13 requests in 16 minutes, want at most 11 (+ the claim mail)", n-1)
	}
	// The owner asks, and signs in with the newest link in the inbox.
	env.SignIn(t, env.NewBrowser(t), a.Email, "/dashboard")
}
