// Package audit25e audits the service's security adversarially, black-box
// over HTTP against a dev stack (and, for secrets at rest, by reading the
// stack's DynamoDB Local table directly): tenant isolation (another
// account's ids answer like unknown ones on every route, page and tool),
// the owner's session and sign-in, outbound requests to addresses users
// give (SSRF), secrets stored only as hashes, and header injection.
package audit25e
