// Package audit25d audits the README as a promise, black-box over HTTP
// against a dev stack: its API notes, the dev stack, the MCP tools and the
// OpenAPI documents the stack serves. Every request a test sends through
// testenv's client, and its answer, are checked against the served
// documents with kin-openapi's openapi3filter, so a document that refuses
// what the README says the service takes fails the test.
package audit25d
