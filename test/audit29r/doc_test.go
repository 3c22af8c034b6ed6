// Package audit29r audits, black-box over HTTP against a dev stack, the
// security of the abuse limits and the other changes of stop 29: whether
// a per-address budget can be bypassed, or spent by someone else to lock
// a person out of what the budget protects.
package audit29r
