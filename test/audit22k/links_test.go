package audit22k

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestCheckoutLinkLastsSevenDays: spec 8's "Checkout link / portal link |
// 7 days / 24 hours" and 4.9's "The link is valid 7 days and reusable
// until checkout completes": POST /billing/checkout's expires_at is 7
// days from now, and the hosted page still opens, twice, a minute before
// then and is gone a minute after.
func TestCheckoutLinkLastsSevenDays(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	co := acct.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	now, err := time.Parse(time.RFC3339Nano, env.Now(t))
	if err != nil {
		t.Fatal(err)
	}
	exp, err := time.Parse(time.RFC3339Nano, co["expires_at"].(string))
	if err != nil {
		t.Fatal(err)
	}
	if d := exp.Sub(now); d < 7*24*time.Hour-time.Minute || d > 7*24*time.Hour {
		t.Fatalf("checkout link valid %v, want 7 days", d)
	}
	u, err := url.Parse(co["checkout_url"].(string))
	if err != nil {
		t.Fatal(err)
	}
	link := u.RequestURI()
	env.Advance(t, exp.Sub(now).Seconds()-60)
	env.Client().Do(t, "GET", link, nil).Expect(t, http.StatusOK)
	env.Client().Do(t, "GET", link, nil).Expect(t, http.StatusOK)
	env.Advance(t, 120)
	if r := env.Client().Do(t, "GET", link, nil); r.Status == http.StatusOK {
		t.Fatalf("the checkout page a minute after expires_at: %d, want it gone", r.Status)
	}
}
