// Package audit25k audits billing driven by the payment processor's
// webhooks, black-box over HTTP against a dev stack: Stripe's signed
// events (POST /webhooks/payments) delivered twice, out of order, or about
// another subscription, and what the account's billing, credits and
// billing.* events then show (spec 2 Billing, 3, 4.9, 6, 8; README
// "Billing, credits and Studio sites").
package audit25k
