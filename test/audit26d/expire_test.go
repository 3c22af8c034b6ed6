package audit26d

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestReplacedCheckoutCannotBeCompleted: spec 4.9 ("The link is valid 7
// days and reusable until checkout completes"; "An account with a current
// subscription gets 409 `conflict`") and README ("an open link is handed
// out again while it has more than an hour left"). In its last hour the
// link was replaced by a new checkout, but the old one stayed open at the
// processor until its own end, so the owner could complete both (two
// subscriptions, the second then cancelled, and charged when it was a
// plan). Now a checkout replaced by a newer one for the same account is
// expired at the processor at once (best effort): here the simulated
// processor's page of the old one answers that it expired, and the new
// one completes.
func TestReplacedCheckoutCannotBeCompleted(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	first := a.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	env.AdvancePast(t, first["expires_at"].(string), -30*time.Minute)
	second := a.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	old, next := first["checkout_url"].(string), second["checkout_url"].(string)
	if old == next {
		t.Fatalf("a link with 30 minutes left was handed out again: %s", old)
	}
	r := env.Client().Do(t, "POST", strings.TrimPrefix(old, env.URL), map[string]any{"card": testenv.TestCardOK})
	if r.Status == http.StatusOK {
		t.Fatalf("the replaced checkout completed: %d %s", r.Status, r.Body)
	}
	env.Client().Do(t, "POST", strings.TrimPrefix(next, env.URL), map[string]any{"card": testenv.TestCardOK}).Expect(t, http.StatusOK)
	if b := billing(t, a); b["status"] != "trialing" {
		t.Fatalf("after the new checkout, billing = %v, want trialing", b)
	}
}

// TestStripeReplacedSessionIsExpired: README ("Stripe closes a Checkout
// Session after 24 hours, so with Stripe the link is the service's own
// ...: opening it redirects (303) to the open Checkout Session, or
// creates a new one once the last closed"). A session is replaced when it
// has less than 10 minutes left, but it stayed open at Stripe until its
// end, so a page of it still open in a browser could complete a second
// subscription. Now the replaced session is expired at Stripe (POST
// /v1/checkout/sessions/{id}/expire) once the new one is stored.
func TestStripeReplacedSessionIsExpired(t *testing.T) {
	env, mock := testenv.StartStripe(t)
	a := env.NewAccount(t, "")
	co := a.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	link := co["checkout_url"].(string)
	if !strings.HasPrefix(link, env.URL+"/checkout/") {
		t.Fatalf("checkout_url %s is not the service's own link", link)
	}
	if n := len(testenv.StripeRequests(mock.Requests(), "POST", "/v1/checkout/sessions")); n != 1 {
		t.Fatalf("%d sessions created for the link, want 1", n)
	}
	env.Advance(t, (24*time.Hour - 5*time.Minute).Seconds())
	r := env.Client().Do(t, "GET", strings.TrimPrefix(link, env.URL), nil)
	if r.Status != http.StatusSeeOther {
		t.Fatalf("opening the link: %d %s", r.Status, r.Body)
	}
	reqs := mock.Requests()
	if n := len(testenv.StripeRequests(reqs, "POST", "/v1/checkout/sessions")) - len(testenv.StripeRequests(reqs, "POST", "/v1/checkout/sessions/*/expire")); n != 1 {
		t.Fatalf("%d sessions created when the first had 5 minutes left, want 1: %+v", n, reqs)
	}
	if len(testenv.StripeRequests(reqs, "POST", "/v1/checkout/sessions/*/expire")) != 1 {
		t.Fatalf("the replaced session was not expired at Stripe: %+v", reqs)
	}
}
