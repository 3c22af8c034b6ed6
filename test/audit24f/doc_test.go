// Package audit24f audits sites and the rest of spec section 4.5 (sites,
// Studio sites, site settings, scans and their daily limit), the
// autopilot (spec 3 and the README's "Autopilot" notes, autopilot.queue_empty)
// and the agent side of push integrations and domain verification,
// black-box over HTTP against a dev stack, moving its clock with /_dev/clock
// where a rule depends on time.
package audit24f
