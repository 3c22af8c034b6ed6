// Package audit27d audits payments the bank wants the cardholder to
// authenticate (3-D Secure, SCA), black-box over HTTP against a dev stack
// whose payment processor is the Stripe adapter, talking to stripe-mock
// behind the project's own stand-in for a bank that asks for
// authentication (stripepaytest.Bank): the human_required answer's
// action_url must lead the owner to where the payment can be completed
// (spec 4.9, 7; README "Billing, credits and Studio sites").
package audit27d
