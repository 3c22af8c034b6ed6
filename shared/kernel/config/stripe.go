package config

import (
	"os"
	"strings"
)

// Stripe is the Stripe payment processor's configuration.
type Stripe struct {
	// SecretKey is the API secret key (STRIPE_SECRET_KEY); empty means no
	// Stripe.
	SecretKey string
	// WebhookSecret verifies the signatures of Stripe's webhooks
	// (STRIPE_WEBHOOK_SECRET, "whsec_..."); empty turns the payments
	// webhook route off (404).
	WebhookSecret string
	// PlanPriceID and StudioPriceID are the recurring monthly prices of the
	// plan (49.5 USD) and of one Studio site (49.5 USD)
	// (STRIPE_PLAN_PRICE_ID, STRIPE_STUDIO_PRICE_ID).
	PlanPriceID   string
	StudioPriceID string
	// APIBase overrides the API's address, for tests against stripe-mock
	// (STRIPE_API_BASE); empty is Stripe's.
	APIBase string
}

func stripeFromEnv() Stripe {
	return Stripe{
		SecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		WebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PlanPriceID:   os.Getenv("STRIPE_PLAN_PRICE_ID"),
		StudioPriceID: os.Getenv("STRIPE_STUDIO_PRICE_ID"),
		APIBase:       strings.TrimRight(os.Getenv("STRIPE_API_BASE"), "/"),
	}
}
