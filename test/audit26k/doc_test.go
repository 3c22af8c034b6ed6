// Package audit26k audits events and webhooks as an integrator consumes
// them (spec 6, spec 4.10, the README's "Events" and "Webhooks" notes),
// black-box over HTTP against a dev stack with a local HTTPS receiver:
// each event type fires when its row of spec 6's table says, once, with
// the data it names; deliveries and GET /events give the same objects; the
// feed's filters and cursor work as documented; signatures, retries and
// disabling follow spec 6.
package audit26k
