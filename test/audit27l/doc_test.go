// Package audit27l audits black-box over HTTP against a dev stack how
// long an account's jobs are kept: every other record of its history has
// an end, and a job list read through all of them.
package audit27l
