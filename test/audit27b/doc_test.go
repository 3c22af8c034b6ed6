// Package audit27b audits the idempotency of the agent API's PATCHes
// across a crash, black-box over HTTP against a dev stack: a PATCH whose
// function dies right after its transaction committed (the harness's
// after_commit fault, README "Faults") and is retried with the same
// Idempotency-Key replays the answer it stored with its change
// (Idempotent-Replayed: true, spec 4.1 and the README's Idempotency) at
// once, instead of waiting out the key's 60-second claim and running
// again.
package audit27b
