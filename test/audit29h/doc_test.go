// Package audit29h audits the two OpenAPI documents the service serves
// (README "OpenAPI") against what the running service answers and
// refuses, black-box over HTTP against a dev stack: the headers a replayed
// refusal carries, and query and body values the service refuses with 422
// that the document took. Each test names the spec or README sentence it
// checks.
package audit29h
