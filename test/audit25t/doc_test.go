// Package audit25t audits the owner's dashboard as a person reads it
// (README's "Owner dashboard"): numbers carry their scale and results say
// whether they worked, black-box over HTTP against a dev stack.
package audit25t
