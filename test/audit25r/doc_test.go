// Package audit25r audits the push integrations (the README's "Push
// integrations" notes, spec 4.5's integration endpoints and 6's
// integration.* events) and the autopilot, black-box over HTTP against a
// dev stack with fake platform sites served over TLS.
package audit25r
