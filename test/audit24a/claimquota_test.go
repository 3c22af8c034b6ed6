package audit24a

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestSignInPageResendsCountTowardTheDailyThree pins the README's "The
// address of an account not claimed yet gets a new claim link instead
// (POST /account/resend-claim run as the service ...: it counts toward the
// 3 resends a day)" with spec 8's "Claim email resends | 3 per day per
// account", which no test held: three sign-ins for the address mail three
// claim links, a fourth mails nothing while its answer stays the same, and
// the agent's own resend is then refused with 429 rate_limited.
func TestSignInPageResendsCountTowardTheDailyThree(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	claimMails := func() int {
		n := 0
		for _, m := range env.Emails(t, a.Email) {
			if m.Subject == "Claim your account" && len(m.Links) == 1 && strings.HasPrefix(m.Links[0], env.URL+"/claim/") {
				n++
			}
		}
		return n
	}
	b := env.NewBrowser(t)
	for i := 1; i <= 4; i++ {
		b.Post(t, "/signin", url.Values{"email": {a.Email}}).Expect(t, http.StatusOK, "Check your email")
		if want := min(i, 3); claimMails() != want {
			t.Fatalf("after %d sign-ins: %d claim mails, want %d", i, claimMails(), want)
		}
	}
	r := a.Client.Agent(t, "POST", "/account/resend-claim", nil)
	r.ExpectError(t, http.StatusTooManyRequests, "rate_limited")
	if r.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
}
