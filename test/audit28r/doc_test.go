// Package audit28r tests defects of the scheduler and the asynchronous
// work over HTTP against dev stacks: a job whose worker stopped responding
// on its last attempt must be given up as its kind's own state shows (a
// scan must not stay running forever).
package audit28r
