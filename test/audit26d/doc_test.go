// Package audit26d audits payments and billing black-box over HTTP
// against a dev stack, with the simulated processor and with the Stripe
// adapter talking to stripe-mock (test/stripemock): a second paid checkout
// refunded, replaced checkout sessions expired at the processor, the card
// on file shown in the Studio quote, and where a bank's authentication is
// completed (spec 2 Billing, Studio quote; 3; 4.9; 7; README "Billing,
// credits and Studio sites").
package audit26d
