package audit26d

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestStripeQuoteShowsTheCardFromCheckout: spec 2 Studio quote
// ("`card` {`brand`, `last4`}") and README (the dashboard's billing page
// shows the card). With Stripe the card on file was known only once POST
// /billing/activate had charged it: a completed checkout's event names no
// card, and the subscription read back from Stripe did not expand its
// `default_payment_method`, so an account that started the plan through
// checkout (or whose trial ran into the plan by itself) showed `card`
// null for good. Now the subscription a checkout started is read back
// with its payment method expanded, and the quote shows its brand and
// last four digits (stripe-mock's payment method: visa 4242).
func TestStripeQuoteShowsTheCardFromCheckout(t *testing.T) {
	env, _ := testenv.StartStripe(t)
	a := env.NewAccount(t, "")
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, "cus_Audit26dCard", "trial", "sub_Audit26dCard"), nil).Expect(t, http.StatusOK)
	q := a.Client.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).JSON(t)["studio_quote"].(map[string]any)
	card, _ := q["card"].(map[string]any)
	if card == nil || card["brand"] != "visa" || card["last4"] != "4242" {
		t.Fatalf("studio_quote.card = %v, want visa 4242 (the checkout's card)", q["card"])
	}
}

// TestStripeCardCheckRunsAgainAfterTheCardChanged: README ("The trial card
// check runs at the first scheduled run after checkout, and again after
// the owner replaces the card"). With Stripe each check is a SetupIntent
// created with an idempotency key, and the key named only the
// subscription and the account: the check after a card change sent the
// first check's key again, which Stripe answers for 24 hours with the
// first check's outcome, or refuses (idempotency_error) when the payment
// method differs, so the new card stayed unchecked and the scheduler
// failed on it every run. Now each check has a key of its own (a retry of
// the same check keeps it).
func TestStripeCardCheckRunsAgainAfterTheCardChanged(t *testing.T) {
	env, mock := testenv.StartStripe(t)
	a := env.NewAccount(t, "")
	const customer, sub = "cus_Audit26dCheck", "sub_Audit26dCheck"
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, customer, "trial", sub), nil).Expect(t, http.StatusOK)
	env.RunScheduled(t)
	first := testenv.StripeRequests(mock.Requests(), "POST", "/v1/setup_intents")
	if len(first) != 1 || billing(t, a)["card_verified"] == nil {
		t.Fatalf("the first card check made %d SetupIntents and left card_verified %v", len(first), billing(t, a)["card_verified"])
	}

	updated := map[string]any{
		"id": sub, "object": "subscription", "status": "trialing", "customer": customer,
		"default_payment_method": "pm_Audit26dNew", "metadata": map[string]any{"account_id": a.ID},
	}
	env.SendStripe(t, "customer.subscription.updated", updated, map[string]any{"default_payment_method": "pm_Audit26dOld"}).Expect(t, http.StatusOK)
	if v := billing(t, a)["card_verified"]; v != nil {
		t.Fatalf("after the card changed, card_verified = %v, want null until checked", v)
	}
	env.RunScheduled(t)
	second := testenv.StripeRequests(mock.Requests(), "POST", "/v1/setup_intents")
	if len(second) != 1 {
		t.Fatalf("the check after the card changed made %d SetupIntents, want 1", len(second))
	}
	if second[0].IdempotencyKey == first[0].IdempotencyKey {
		t.Errorf("the check after the card changed reused the first check's idempotency key %q", first[0].IdempotencyKey)
	}
	if billing(t, a)["card_verified"] == nil {
		t.Errorf("the new card was not checked: card_verified null")
	}
}
