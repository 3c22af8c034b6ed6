package audit29r

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"rvcontent/test/testenv"
)

// TestAnotherSiteCannotSpendTheSignInBudget: README, "Owner sign-in": the
// owner gets a link "(10 an hour; past them one more in every 5 minutes,
// whoever asks, so someone who only knows the address cannot keep the
// owner from signing in; and at most 30 requests an hour from one caller
// address, whatever emails they name: past them a 429 page, and nothing
// is read or sent)". Defect: the form took a POST from any site, so a page
// the owner merely opened (a hidden form posted 30 times) spent the
// owner's own address's hour and kept them from signing in, and could do
// so again every hour. Now a POST /signin sent from another site (its
// Origin another origin, or Sec-Fetch-Site cross-site) answers the 403
// "Form expired" page before anything is counted, read or sent; the
// sign-in form of the service itself, and a client that sends no Origin,
// work as before.
func TestAnotherSiteCannotSpendTheSignInBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	t.Setenv("SIGNINS_PER_ADDRESS_PER_HOUR", "3")
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1})
	a := env.NewAccount(t, "")
	env.Claim(t, a)
	form := url.Values{"email": {a.Email}}.Encode()
	for i := range 5 {
		headers := []string{"Content-Type: application/x-www-form-urlencoded", "Origin: https://attacker.example"}
		if i%2 == 1 {
			headers = []string{"Content-Type: application/x-www-form-urlencoded", "Sec-Fetch-Site: cross-site"}
		}
		r := env.Client().Do(t, "POST", "/signin", form, headers...)
		if r.Status != http.StatusForbidden {
			t.Fatalf("cross-site sign-in post %d answered %d, want 403: %s", i, r.Status, r.Body)
		}
	}
	for _, m := range env.Emails(t, a.Email) {
		if m.Subject == "Your sign-in link" {
			t.Fatalf("another site's post mailed a sign-in link: %+v", m)
		}
	}
	// The owner's own posts (same origin) still have the whole budget.
	same := "Origin: " + env.URL
	for i := range 3 {
		r := env.Client().Do(t, "POST", "/signin", url.Values{"email": {testenv.UniqueEmail("nobody" + strconv.Itoa(i))}}.Encode(),
			"Content-Type: application/x-www-form-urlencoded", same, "Sec-Fetch-Site: same-origin")
		if r.Status != http.StatusOK {
			t.Fatalf("same-origin sign-in post %d answered %d, want 200: %s", i, r.Status, r.Body)
		}
	}
	// Spent now by the address's own posts: the budget still holds.
	env.NewBrowser(t).Post(t, "/signin", url.Values{"email": {a.Email}}).Expect(t, http.StatusTooManyRequests, "Too many sign-in requests")
}
