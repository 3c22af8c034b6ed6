// Package audit25f audits the events of spec section 6 and the activity
// log (spec 2 "Activity entry", 4.4, 4.10): for the actions that emit
// them, the events GET /events lists and webhooks deliver (their data,
// envelope, filters and refusals, once per transition and never on a
// no-op) and the activity entries (actor, address, what each says),
// black-box over HTTP against a dev stack.
package audit25f
