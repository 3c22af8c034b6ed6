// Package audit26i audits crash consistency black-box over HTTP against a
// dev stack: a write of the agent API whose function dies right after its
// transaction committed (the harness's after_commit fault, README
// "Faults") and is retried with the same Idempotency-Key replays its first
// answer (spec 4.1), has its effect once, and the after-commit work it
// owes (events delivered to a webhook endpoint, jobs, charges, emails,
// activity) is done exactly once by the sweeps.
package audit26i
