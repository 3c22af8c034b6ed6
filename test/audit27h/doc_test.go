// Package audit27h audits Studio site charges the bank wants the
// cardholder to authenticate (3-D Secure, SCA), black-box over HTTP: POST
// /sites on a dev stack whose payment processor is the Stripe adapter,
// talking to stripe-mock behind the project's stand-in for a bank that
// asks for authentication (stripepaytest.Bank), and on the simulated
// processor with its card that needs the cardholder. The human_required
// answer's action_url must lead the owner to where the payment can be
// completed, the site must say what it is meanwhile, and paying must add
// it (spec 2 Site, 3, 4.5, 7; README "Billing, credits and Studio sites").
package audit27h
