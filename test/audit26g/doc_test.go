// Package audit26g audits the billing portal link black-box over HTTP
// against a dev stack whose payment processor is the Stripe adapter
// talking to stripe-mock (testenv.StartStripe): the link POST
// /billing/portal hands out must work for the 24 hours it promises (spec
// 4.9, 8; README "Billing, credits and Studio sites").
package audit26g
