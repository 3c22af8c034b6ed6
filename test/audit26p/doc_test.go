// Package audit26p holds black-box tests of an AI agent connecting through
// MCP and OAuth with the official client libraries (the MCP Go SDK's
// client, golang.org/x/oauth2) against a dev stack: spec 5's OAuth rules
// and the README's "MCP tools" (every tool's answer fits the output schema
// it declares). Each test pins a defect an audit found.
package audit26p
