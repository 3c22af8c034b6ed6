// Package audit28m audits crashes, retries and concurrency across the
// writes of the agent API, black-box over HTTP against a dev stack: a
// write whose function dies right after its transaction committed (the
// harness's after_commit fault, README "Faults") and is retried with the
// same Idempotency-Key replays its first answer and has its whole effect
// once (spec 4.1); the same write without a key leaves every item of its
// effect or none; and writes racing on one resource end in a state the
// spec allows, with no 5xx.
package audit28m
