// Package audit27e audits events, webhooks and forum edge cases black-box
// over HTTP against a dev stack (spec 4.1 the rule on other accounts'
// ids, 4.8 forum presence, 4.10 events and webhooks, 6 events and webhook
// delivery; the README's "Events", "Webhooks" and "Forum presence"
// notes): what the list filters of /events, /jobs and /activity answer for
// a site that is not the account's, which webhook URLs are taken, and
// which forum threads an account's sites can still reply to.
package audit27e
