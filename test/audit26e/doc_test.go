// Package audit26e audits small hardening findings black-box over HTTP
// against a dev stack: answers that carry secrets but may be stored by a
// cache, an article's tag limit counted before its duplicates are
// dropped, a section rewrite that changes nothing yet writes, email
// addresses mail cannot be delivered to, sign-in links a stranger can use
// up, and request values the OpenAPI documents refuse while the service
// takes them. Each test names the spec or README sentence it checks and
// what was wrong before the fix.
package audit26e
