// Package audit26b audits forum presence black-box over HTTP against a dev
// stack (spec 2 Forum thread, Forum draft, Forum reply; 3 the forum
// transitions; 4.8; 6 the forum events; the README's "Forum presence"
// notes): which threads take a reply or an edit, one reply per forum
// thread per account across the account's sites, the events reply checks
// fire, and how many DynamoDB round trips a filtered thread list takes.
// The stack's scheduler is off, so reply checks run only when a test asks
// (/_dev/run-scheduled); the one seam beyond HTTP is a wrapper around the
// fixture forum that can make a recorded comment go missing, which the
// fixture's own harness cannot.
package audit26b
