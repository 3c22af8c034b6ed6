// Package audit29q audits loose ends of the owner's dashboard black-box
// over HTTP against a dev stack (README "Owner dashboard", "Billing,
// credits and Studio sites", "Forum presence"; spec 4.5's POST /sites and
// 4.9's billing portal): where the owner completes a Studio site's payment
// that waits for the cardholder, what a forum thread's page offers on a
// site without a brand name, and what the forum page of an archived site
// says of its credits.
package audit29q
