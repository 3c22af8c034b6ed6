// Package audit25b audits races, concurrency and idempotency black-box
// over HTTP against a dev stack: many requests sent at once (the same
// Idempotency-Key in parallel, count limits created in parallel, settings
// patched in parallel, deletes racing updates), checking that each has one
// effect, the limits of spec 8 hold, nothing comes back to life and every
// answer is one the spec gives (no 5xx).
package audit25b
